"""``bench.cpu_split``: a round's CPU per request, the app's and Redis's, measured over real moves."""

from __future__ import annotations

import itertools

import pytest

from bench.cpu_split import split
from bench.instructions import call, environ, service_requests
from harness.redis_server import RedisServer
from service.store import keys
from service.store.keys import OUTBOX_PATTERN


def test_a_round_of_moves_costs_the_app_and_redis_some_cpu(redis_server: RedisServer) -> None:
    app, requests = service_requests(redis_server.url)
    moves = list(itertools.islice(requests, 40))
    with redis_server.client() as redis:
        own, store = split(app, moves, redis)
        assert own > 0 and store > 0
        unknown = environ("POST", "/v1/games/AAAAAAAAAAAAAAAAAAAAAA/moves", b"{}", {})
        with pytest.raises(SystemExit, match="a move answered 401"):  # a refused move stops the round
            split(app, [unknown], redis)


def test_the_told_services_moves_leave_their_changes_for_the_worker(redis_server: RedisServer) -> None:
    with redis_server.client() as redis:
        for told in (False, True):
            redis.flushall()
            app, requests = service_requests(redis_server.url, told=told)
            for env in itertools.islice(requests, 20):
                assert call(app, env)[0].startswith("200")
            entries = sum(redis.xlen(outbox) for outbox in redis.scan_iter(match=OUTBOX_PATTERN))
            # told: each of the 40 games' creation and each move left its change, and rang the worker
            assert (entries, redis.exists(keys.work())) == ((40 + 20, 1) if told else (0, 0))


@pytest.mark.parametrize("named", [False, True])
def test_the_handed_services_moves_are_made_by_the_seats_new_holders(
    redis_server: RedisServer, named: bool
) -> None:
    with redis_server.client() as redis:
        redis.flushall()  # only this test's games
    app, requests = service_requests(redis_server.url, handed=True, named=named)
    moves = list(itertools.islice(requests, 20))
    for env in moves:
        assert call(app, env)[0].startswith("200")
    with redis_server.client() as redis:
        stored = [redis.hget(key, "snapshot") for key in redis.scan_iter(match=keys.snapshot("*"))]
        turns = list(redis.scan_iter(match=keys.player_turns("*", "*")))
    assert len(stored) == 40 and all(
        b'"seats"' in snapshot for snapshot in stored
    )  # each game's seats handed on
    assert len(turns) == (40 if named else 0)  # named: each game waits on one player, its own
