"""The service on a local 3-master Redis Cluster (``REDIS_CLUSTER=1``): complete games over its masters.

Every game's keys share one hash tag, so each game lives on one master and its Lua
writes stay atomic; several games land on different masters.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from harness.games import Game, create_game
from harness.http_client import Client
from harness.players import SAMPLE_NAMES
from harness.redis_cluster import RedisCluster
from harness.service_process import ServiceProcess
from harness.worker_process import WorkerProcess
from service.store import keys
from tests.choosers import choose
from tests.service.service_support import (
    events,
    local_legal_moves,
    replay,
    snapshot,
    wait_until,
)

GAMES = 9
TARGET = 100
MAX_TURNS = 1_000


@pytest.fixture(scope="module")
def service(cluster: RedisCluster) -> Iterator[ServiceProcess]:
    with ServiceProcess(cluster.url, workers=2, env={"REDIS_CLUSTER": "1"}) as running:
        yield running


def play_to_the_end(client: Client, game: Game) -> list[dict[str, object]]:
    """Each seat plays with its own token and If-Match until the game is over; the moves played."""
    chooser = random.Random(game.seed)
    played = []
    version, seen = snapshot(client, game)
    while seen["status"] == "playing":
        assert len(played) < MAX_TURNS
        move = choose(chooser, local_legal_moves(seen))
        token = game.players[seen["current_player"]]
        answer = client.request(
            "POST", f"{game.url}/moves", move, token=token, headers={"If-Match": f'"{version}"'}
        )
        assert answer.status == 200, answer.raw
        played.append(move)
        version, seen = snapshot(client, game)
    return played


def test_readiness_on_the_cluster(client: Client) -> None:
    answer = client.request("GET", "/readyz")
    assert answer.status == 200 and answer.body == {"status": "ready"}


def test_complete_games_on_the_cluster_end_as_the_engine_replays_them(
    client: Client, cluster: RedisCluster, service: ServiceProcess
) -> None:
    games = [
        create_game(client, SAMPLE_NAMES[: 2 + number % 3], 4000 + number, TARGET, key=service.api_key)
        for number in range(GAMES)
    ]
    for game in games:
        played = play_to_the_end(client, game)
        version, final = snapshot(client, game)
        assert final == replay(game, played)
        assert final["status"] == "finished" and version == 1 + len(played)
        logged = events(client, game)
        assert [event["seq"] for event in logged] == list(range(1, len(logged) + 1))

    with cluster.client() as nodes:
        masters = {nodes.get_node_from_key(keys.snapshot(game.id)).port for game in games}
    assert len(masters) > 1, "the games should spread over the cluster's masters"


def test_clocked_games_time_out_on_the_cluster(
    cluster: RedisCluster, service: ServiceProcess, client: Client
) -> None:
    """The deadlines' index is in its own slot, written in steps around each save: games of one-second
    turns left alone are timed out by a worker to their end, each timeout followed by its seat's pass."""
    clock = {"turn_seconds": 1, "absent_after": 0}
    with WorkerProcess(cluster.url, env={"REDIS_CLUSTER": "1"}):
        games = [create_game(client, SAMPLE_NAMES[:2], seed, 20, key=service.api_key, extra={"clock": clock})
                 for seed in range(3)]  # fmt: skip
        for game in games:
            wait_until(lambda g=game: snapshot(client, g)[1]["status"] == "finished", 90.0, "the game's end")
    for game in games:
        logged = events(client, game)
        for before, event in zip(logged, logged[1:], strict=False):
            if before["type"] == "turn_timed_out":
                assert event["type"] == "passed" and event["seat"] == before["seat"]
        assert sum(event["type"] == "turn_timed_out" for event in logged) >= 2
