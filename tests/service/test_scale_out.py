"""Two gunicorn instances (two workers each) on one Redis: any process serves any game, races have one winner.

Clients alternate between the instances on every request while playing complete
games; then several threads race for the same turns through both instances, with
and without ``If-Match``. Each game must end exactly where the engine's replay of
its accepted moves ends, with one accepted move per version and no 5xx anywhere.
"""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from harness.games import Game, create_game
from harness.http_client import Answer, Client
from harness.players import SAMPLE_NAMES
from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess
from service.rules import Illegal
from tests.choosers import choose
from tests.service.service_support import (
    CLIENT_TIMEOUT,
    events,
    local_legal_moves,
    replay,
    snapshot,
)

MAX_TURNS = 1_000
FULL_TARGET = 400
"""Several rounds per game (3 to 5 with this chooser)."""
RACE_TARGET = 100
"""One round: races are many requests per turn."""
RACERS = 6
"""Even racers send If-Match, odd ones do not."""
REJUDGED_REFUSALS = {(422, str(code)) for code in Illegal} | {(409, "concurrent_update")}
"""A move without If-Match is judged again against the winner's state: any rule may refuse it now."""


@pytest.fixture(scope="module")
def instances() -> Iterator[tuple[ServiceProcess, ServiceProcess]]:
    with (
        RedisServer() as redis,
        ServiceProcess(redis.url, workers=2) as first,
        ServiceProcess(redis.url, workers=2) as second,
    ):
        yield first, second


class Alternating:
    """One client per instance; every request goes to the other instance than the last one did."""

    def __init__(self, instances: tuple[ServiceProcess, ...], start: int = 0) -> None:
        self.clients = [Client(instance.url, timeout=CLIENT_TIMEOUT) for instance in instances]
        self.sent = start
        self.answers: list[Answer] = []

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        client = self.clients[self.sent % len(self.clients)]
        self.sent += 1
        answer = client.request(method, path, body, token, headers)
        self.answers.append(answer)
        return answer

    def close(self) -> None:
        for client in self.clients:
            client.close()


def assert_no_5xx(answers: list[Answer]) -> None:
    failed = [(answer.status, answer.raw[:300]) for answer in answers if answer.status >= 500]
    assert not failed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_complete_games_with_every_request_on_the_other_instance(
    instances: tuple[ServiceProcess, ServiceProcess], players: int
) -> None:
    client = Alternating(instances)
    seed = 2000 + players
    game = create_game(client, SAMPLE_NAMES[:players], seed, FULL_TARGET, key=instances[0].api_key)
    chooser = random.Random(seed)
    played: list[dict[str, Any]] = []
    view = client.request("GET", game.url, token=game.players[0]).body
    while view["status"] == "playing":
        assert len(played) < MAX_TURNS
        token = game.players[view["current_player"]]
        moves = client.request("GET", f"{game.url}/legal-moves", token=token).body["moves"]
        move = choose(chooser, moves)
        answer = client.request(
            "POST", f"{game.url}/moves", move, token=token, headers={"If-Match": f'"{view["version"]}"'}
        )
        assert answer.status == 200, answer.raw
        played.append(move)
        view = answer.body["game"]

    version, final = snapshot(client, game)
    assert final == replay(game, played)
    assert final["status"] == "finished" and final["round"] > 1
    assert version == view["version"] == 1 + len(played)
    logged = events(client, game)
    assert [event["seq"] for event in logged] == list(range(1, len(logged) + 1))
    assert_no_5xx(client.answers)
    client.close()


@dataclass
class RaceLog:
    """Everything the racers were told, shared between their threads."""

    accepted: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    """(version the move produced, the move)."""
    answers: list[tuple[bool, Answer]] = field(default_factory=list)
    """(sent with If-Match, answer) for every move submitted."""
    errors: list[BaseException] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def race(
    instances: tuple[ServiceProcess, ...], game: Game, racer: int, step: threading.Barrier, log: RaceLog
) -> None:
    """Each step: read the game, choose a move for the seat to play, wait for all, submit at once."""
    client = Alternating(instances, start=racer)
    chooser = random.Random(racer)
    with_if_match = racer % 2 == 0
    try:
        for _ in range(MAX_TURNS):
            step.wait()  # every submission of the previous step has been answered
            version, seen = snapshot(client, game)
            if seen["status"] != "playing":
                return
            move = choose(chooser, local_legal_moves(seen))
            headers = {"If-Match": f'"{version}"'} if with_if_match else {}
            step.wait()  # everyone chose against the same version: now all submit together
            answer = client.request("POST", f"{game.url}/moves", move, token=game.admin, headers=headers)
            with log.lock:
                log.answers.append((with_if_match, answer))
                if answer.status == 200:
                    log.accepted.append((answer.body["game"]["version"], move))
    except BaseException as error:
        with log.lock:
            log.errors.append(error)
        step.abort()
    finally:
        client.close()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_racers_on_both_instances_have_one_winner_per_version_and_lose_no_update(
    instances: tuple[ServiceProcess, ServiceProcess], players: int
) -> None:
    setup = Alternating(instances)
    game = create_game(setup, SAMPLE_NAMES[:players], 3000 + players, RACE_TARGET, key=instances[0].api_key)
    log = RaceLog()
    step = threading.Barrier(RACERS, timeout=30)
    threads = [
        threading.Thread(target=race, args=(instances, game, racer, step, log)) for racer in range(RACERS)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not log.errors, log.errors

    winners = Counter(version for version, _ in log.accepted)
    final_version, final = snapshot(setup, game)
    assert final["status"] == "finished"
    assert all(count == 1 for count in winners.values()), winners
    assert sorted(winners) == list(range(2, final_version + 1)), "no lost update: versions 2.. all taken"
    assert final_version == 1 + len(log.accepted)
    assert final == replay(game, [move for _, move in sorted(log.accepted, key=lambda pair: pair[0])])

    assert_no_5xx([answer for _, answer in log.answers] + setup.answers)
    for with_if_match, answer in log.answers:
        if answer.status == 200:
            continue
        code = answer.body["code"]
        if with_if_match:  # chosen for the version it names: legal there, so only a stale version refuses it
            assert (answer.status, code) == (412, "version_mismatch"), answer.raw
        else:  # judged again against the winner's state
            assert (answer.status, code) in REJUDGED_REFUSALS, answer.raw
    stale = [answer for with_if_match, answer in log.answers if with_if_match and answer.status == 412]
    assert stale, "three If-Match racers per version: at least two lose"
    setup.close()
