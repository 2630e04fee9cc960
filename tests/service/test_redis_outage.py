"""Redis stopped (or killed) mid-game under a running gunicorn: clear 503s, never a 500 nor a partial game.

Redis keeps an append-only file fsynced on every write (``appendfsync always``), so
every acknowledged move survives even SIGKILL. While it is away every request that
needs the store answers 503 ``storage_unavailable`` with ``Retry-After`` within the
client's timeout (``/healthz`` needs no store and keeps answering; adjudication reads
the key's client, so it waits for Redis too). When Redis is back on the same port the
service notices by itself and play continues from the last acknowledged move; a move
refused with 503 is retried with its ``Idempotency-Key`` and applied exactly once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from harness.games import Game, create_game
from harness.http_client import Answer, Client
from harness.players import SAMPLE_NAMES
from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess
from tests.choosers import choose
from tests.service.service_support import (
    assert_problem,
    events,
    local_legal_moves,
    replay,
    snapshot,
    wait_until,
)

TARGET = 100
MOVES_BEFORE_THE_OUTAGE = 6
ROUNDS_DURING_THE_OUTAGE = 3
"""Each request is sent this many times, so both workers meet the outage."""
RECOVERY_BOUND = 20.0
MAX_TURNS = 1_000


@pytest.fixture
def redis() -> Iterator[RedisServer]:
    with RedisServer(appendonly=True, appendfsync="always") as own:
        yield own


@pytest.fixture
def service(redis: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis.url, workers=2) as running:
        yield running


class Player:
    """Plays one game (each seat with its own token and If-Match), keeping the moves acknowledged."""

    def __init__(self, client: Client, game: Game) -> None:
        self.client, self.game = client, game
        self.chooser = random.Random(game.seed)
        self.acknowledged: list[dict[str, Any]] = []

    def next_move(self) -> tuple[dict[str, Any], str, dict[str, str]]:
        """The move to play now, the token to play it with, and its If-Match."""
        version, seen = snapshot(self.client, self.game)
        move = choose(self.chooser, local_legal_moves(seen))
        return move, self.game.players[seen["current_player"]], {"If-Match": f'"{version}"'}

    def submit(self, move: dict[str, Any], token: str, headers: dict[str, str]) -> Answer:
        answer = self.client.request("POST", f"{self.game.url}/moves", move, token=token, headers=headers)
        if answer.status == 200:
            self.acknowledged.append(move)
        return answer

    def play(self, turns: int) -> None:
        for _ in range(turns):
            assert self.submit(*self.next_move()).status == 200

    def play_to_the_end(self) -> None:
        while snapshot(self.client, self.game)[1]["status"] == "playing":
            assert len(self.acknowledged) < MAX_TURNS
            self.play(1)

    def assert_consistent(self) -> None:
        """The stored game is exactly the replay of the acknowledged moves: nothing half-applied."""
        version, stored = snapshot(self.client, self.game)
        assert stored == replay(self.game, self.acknowledged)
        assert version == 1 + len(self.acknowledged)
        logged = events(self.client, self.game)
        assert [event["seq"] for event in logged] == list(range(1, len(logged) + 1))


def needing_the_store(
    game: Game, move: dict[str, Any], token: str, key: str
) -> dict[str, Callable[[Client], Answer]]:
    """Every request that must reach Redis, by name."""
    seat = move["player"]
    retried = {"Idempotency-Key": "move-during-the-outage"}
    keyed = {"X-API-Key": key}
    return {
        "create a game": lambda c: c.request("POST", "/v1/games", {"players": ["A", "B"]}, headers=keyed),
        "adjudicate (the key's client is read)": lambda c: c.request(
            "POST", "/v1/adjudicate", {"snapshot": {}, "move": move}, headers=keyed
        ),
        "read the game": lambda c: c.request("GET", game.url, token=token),
        "read the snapshot": lambda c: c.request("GET", f"{game.url}/snapshot", token=game.admin),
        "read the events": lambda c: c.request("GET", f"{game.url}/events", token=token),
        "list legal moves": lambda c: c.request("GET", f"{game.url}/legal-moves?player={seat}", token=token),
        "validate a move": lambda c: c.request("POST", f"{game.url}/moves/validate", move, token=token),
        "submit a move": lambda c: c.request("POST", f"{game.url}/moves", move, token=token, headers=retried),
        "submit with an unknown token": lambda c: c.request(
            "POST", f"{game.url}/moves", move, token="x" * 43
        ),
        "readiness": lambda c: c.request("GET", "/readyz"),
    }


def check_the_outage(client: Client, game: Game, move: dict[str, Any], token: str, key: str) -> None:
    for _ in range(ROUNDS_DURING_THE_OUTAGE):
        for name, send in needing_the_store(game, move, token, key).items():
            answer = send(client)  # a hang would raise: the client's timeout bounds every request
            assert_problem(answer, 503, "storage_unavailable")
            assert answer.headers["retry-after"] == "1", name
        no_token = client.request("GET", game.url)
        assert_problem(no_token, 401, "unauthorized")  # refused before any store read
        assert client.request("GET", "/healthz").status == 200


@pytest.mark.parametrize("outage", ["stopped", "killed"])
def test_a_redis_outage_costs_503s_and_play_resumes_from_the_last_acknowledged_move(
    redis: RedisServer, client: Client, service: ServiceProcess, outage: str
) -> None:
    key = service.api_key
    game = create_game(client, SAMPLE_NAMES[:3], 5000, TARGET, key=key)
    player = Player(client, game)
    player.play(MOVES_BEFORE_THE_OUTAGE)
    move, token, if_match = player.next_move()
    _, position = snapshot(client, game)

    redis.stop() if outage == "stopped" else redis.kill()
    check_the_outage(client, game, move, token, key)

    redis.start()  # same port, same directory: the AOF brings every acknowledged move back
    wait_until(lambda: client.request("GET", "/readyz").status == 200, RECOVERY_BOUND, "ready again")
    judged = client.request(
        "POST", "/v1/adjudicate", {"snapshot": position, "move": move}, headers={"X-API-Key": key}
    )
    assert judged.status == 200 and judged.body["legal"] is True
    player.assert_consistent()

    retry = {**if_match, "Idempotency-Key": "move-during-the-outage"}
    first = player.submit(move, token, retry)
    assert first.status == 200 and "idempotent-replayed" not in first.headers  # runs for real now
    again = client.request("POST", f"{game.url}/moves", move, token=token, headers=retry)
    assert again.status == 200 and again.headers["idempotent-replayed"] == "true" and again.raw == first.raw
    player.play_to_the_end()
    player.assert_consistent()
