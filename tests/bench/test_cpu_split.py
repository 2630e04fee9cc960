"""``bench.cpu_split``: a round's CPU per request, the app's and Redis's, measured over real moves."""

from __future__ import annotations

import itertools

import pytest

from bench.cpu_split import split
from bench.instructions import environ, service_requests
from harness.redis_server import RedisServer


def test_a_round_of_moves_costs_the_app_and_redis_some_cpu(redis_server: RedisServer) -> None:
    app, requests = service_requests(redis_server.url)
    moves = list(itertools.islice(requests, 40))
    with redis_server.client() as redis:
        own, store = split(app, moves, redis)
        assert own > 0 and store > 0
        unknown = environ("POST", "/v1/games/AAAAAAAAAAAAAAAAAAAAAA/moves", b"{}", {})
        with pytest.raises(SystemExit, match="a move answered 401"):  # a refused move stops the round
            split(app, [unknown], redis)
