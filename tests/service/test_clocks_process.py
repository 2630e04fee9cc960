"""Turn clocks as production runs them (gunicorn, ``python -m service.worker``, one Redis with an
append-only file): a game left alone is timed out turn after turn to its end; a worker killed while
it fires loses no timeout and plays none twice; a Redis restart keeps the deadlines; a move sent in
the last milliseconds of its turn is saved once or refused once, never both.

Every game here is two people who never move (but where a test moves for them) and passes on
timeout, so its log is a pattern the test can read: within a round, the seats' passes alternate,
and each ``turn_timed_out`` is followed by its seat's pass. A timeout played twice would break the
alternation; one lost would leave the game unfinished.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest

from harness.games import Game, create_game
from harness.http_client import Client
from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess
from harness.worker_process import WorkerProcess
from tests.service.service_support import CLIENT_TIMEOUT, events, snapshot, wait_until

QUICK_RECLAIM = {"WORKER_LEASE_SECONDS": "2", "WORKER_RECLAIM_SECONDS": "1", "WORKER_SWEEP_SECONDS": "1"}
ENDED_WITHIN = 90.0
"""Seconds a game of one-second turns may take to end (a guard against a hang, not a speed bound)."""
ONE_SECOND = {"turn_seconds": 1, "absent_after": 0}


@pytest.fixture
def redis() -> Iterator[RedisServer]:
    with RedisServer(appendonly=True, appendfsync="always") as own:
        yield own


@pytest.fixture
def service(redis: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis.url, workers=1) as running:
        yield running


def timed_game(
    client: Client, service: ServiceProcess, seed: int, clock: dict[str, Any] = ONE_SECOND
) -> Game:
    return create_game(client, ["Annika", "Elias"], seed, 40, key=service.api_key, extra={"clock": clock})


def finished(client: Client, game: Game) -> bool:
    return snapshot(client, game)[1]["status"] == "finished"


def assert_each_turn_played_once(client: Client, game: Game) -> None:
    """The log of a game of passes: each timeout followed by its seat's pass, the passes of a round
    alternating between the two seats, the timeouts counted in the view."""
    logged = events(client, game)
    assert [event["seq"] for event in logged] == list(range(1, len(logged) + 1))
    last_seat = None
    for before, event in zip(logged, logged[1:], strict=False):
        if before["type"] == "turn_timed_out":
            assert event == {"seq": before["seq"] + 1, "type": "passed", "seat": before["seat"]}
        if event["type"] == "round_dealt":
            last_seat = None
        if event["type"] == "passed":
            assert event["seat"] != last_seat, f"seat {last_seat} passed twice in a row: {logged}"
            last_seat = event["seat"]
    view = client.request("GET", game.url, token=game.admin).body
    timeouts = [sum(1 for e in logged if e["type"] == "turn_timed_out" and e["seat"] == s) for s in (0, 1)]
    assert [player["timeouts"] for player in view["players"]] == timeouts


def test_a_game_left_alone_times_out_turn_after_turn_until_it_ends(
    redis: RedisServer, service: ServiceProcess, client: Client
) -> None:
    with WorkerProcess(redis.url):
        game = timed_game(client, service, 3)
        wait_until(lambda: finished(client, game), ENDED_WITHIN, "the game's end")
    assert_each_turn_played_once(client, game)
    view = client.request("GET", game.url, token=game.admin).body
    assert view["clock"]["deadline"] is None and all(player["timeouts"] > 0 for player in view["players"])
    assert events(client, game)[-1]["type"] == "game_over"


def test_a_worker_killed_while_firing_loses_no_timeout_and_plays_none_twice(
    redis: RedisServer, service: ServiceProcess, client: Client
) -> None:
    """Twelve games time out every second while workers are killed one after another (each at a
    different point of its rounds); the last one plays them all to their end."""
    games = [timed_game(client, service, seed) for seed in range(12)]
    for pause in (0.3, 0.7, 1.1, 0.5):
        with WorkerProcess(redis.url, env=QUICK_RECLAIM) as doomed:
            time.sleep(pause)
            doomed.kill()
    with WorkerProcess(redis.url, env=QUICK_RECLAIM):
        for game in games:
            wait_until(lambda g=game: finished(client, g), ENDED_WITHIN, "the game's end")
    for game in games:
        assert_each_turn_played_once(client, game)


def test_a_redis_restart_keeps_the_deadlines(
    redis: RedisServer, service: ServiceProcess, client: Client
) -> None:
    """Deadlines indexed while no worker runs are in the append-only file: Redis is killed and started
    again, then a worker fires them."""
    games = [timed_game(client, service, seed, {"turn_seconds": 1}) for seed in range(3)]
    redis.kill()
    redis.start()
    with WorkerProcess(redis.url, env=QUICK_RECLAIM):
        for game in games:
            wait_until(lambda g=game: snapshot(client, g)[0] >= 3, ENDED_WITHIN, "two timeouts")
    for game in games:
        assert events(client, game)[1]["type"] == "turn_timed_out"


def send_at(url: str, game: Game, when: float, outcome: dict[str, int]) -> None:
    """The mover's pass, sent at ``when`` (epoch seconds); its status noted under the game's id."""
    own = Client(url, timeout=CLIENT_TIMEOUT)
    mover = game.created["game"]["current_player"]
    own.request("GET", "/healthz")  # connected before the moment comes
    time.sleep(max(0.0, when - time.time()))
    answer = own.request(
        "POST", f"{game.url}/moves", {"player": mover, "action": "pass"}, token=game.players[mover]
    )
    outcome[game.id] = answer.status
    own.close()


def test_a_move_in_the_last_milliseconds_of_its_turn_is_saved_once_or_refused_once(
    redis: RedisServer, service: ServiceProcess, client: Client
) -> None:
    """Forty games, each mover's pass sent from 25 ms before its deadline to 15 ms after, while a
    worker fires the deadlines: each turn's first change is the pass alone (200) or the timeout and
    the pass played for it (409 time_is_up), as the answer said, never both and never neither."""
    with WorkerProcess(redis.url):
        games = [timed_game(client, service, seed) for seed in range(40)]
        outcome: dict[str, int] = {}
        senders = []
        for number, game in enumerate(games):
            deadline = datetime.fromisoformat(game.created["game"]["clock"]["deadline"]).timestamp()
            when = deadline - 0.025 + number * 0.001
            senders.append(threading.Thread(target=send_at, args=(service.url, game, when, outcome)))
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join()
    assert sorted(set(outcome.values())) in ([200, 409], [200], [409])
    for game in games:
        mover = game.created["game"]["current_player"]
        first = events(client, game)[1:3]
        if outcome[game.id] == 200:
            assert first[0] == {"seq": 2, "type": "passed", "seat": mover}
        else:
            assert outcome[game.id] == 409
            assert first == [{"seq": 2, "type": "turn_timed_out", "seat": mover},
                             {"seq": 3, "type": "passed", "seat": mover}]  # fmt: skip
        assert_each_turn_played_once(client, game)
