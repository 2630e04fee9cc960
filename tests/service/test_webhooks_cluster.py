"""Webhooks on a Redis Cluster (``REDIS_CLUSTER=1``): gunicorn and a worker, games on several masters.

A change's outbox entry is in its game's slot (written by the move's own script); the webhook and its
deliveries in the owner's; the due set alone. Every change of every game arrives, signed, in seq order.
"""

from __future__ import annotations

import tempfile
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from standardwebhooks import Webhook as Verifier

from harness.certificates import Certificates, make_certificates
from harness.games import create_game
from harness.http_client import Client
from harness.redis_cluster import RedisCluster
from harness.service_process import ServiceProcess
from harness.webhook_receiver import ALLOWED_NETWORKS, WebhookReceiver
from harness.worker_process import WorkerProcess
from tests.service.service_support import local_legal_moves, snapshot

GAMES = 4
WITHIN = 60.0


@pytest.fixture(scope="module")
def certificates() -> Iterator[Certificates]:
    with tempfile.TemporaryDirectory(prefix="webhook-certificates-") as directory:
        yield make_certificates(Path(directory))


@pytest.fixture(scope="module")
def environment(certificates: Certificates) -> dict[str, str]:
    return {
        "REDIS_CLUSTER": "1",
        "WEBHOOK_ALLOWED_NETWORKS": ALLOWED_NETWORKS,
        "WEBHOOK_CA_FILE": str(certificates.ca),
        "WEBHOOK_RETRY_SCHEDULE": "0.05,0.05,0.05",
    }


@pytest.fixture(scope="module")
def service(cluster: RedisCluster, environment: dict[str, str]) -> Iterator[ServiceProcess]:
    with ServiceProcess(cluster.url, workers=2, env=environment) as running:
        yield running


@pytest.fixture
def receiver(certificates: Certificates) -> Iterator[WebhookReceiver]:
    with WebhookReceiver(certificates) as running:
        yield running


def test_every_change_of_games_on_every_master_is_delivered(
    cluster: RedisCluster, service: ServiceProcess, client: Client, receiver: WebhookReceiver,
    environment: dict[str, str],
) -> None:  # fmt: skip
    key = {"X-API-Key": service.api_key}
    registered = client.request("POST", "/v1/webhooks", {"url": receiver.url()}, headers=key)
    assert registered.status == 201, registered.raw
    secret = registered.body["secret"]
    with WorkerProcess(cluster.url, env=environment):
        games = [create_game(client, ["Annika", "Elias"], seed, key=service.api_key) for seed in range(GAMES)]
        for game in games:
            version, seen = snapshot(client, game)
            move = local_legal_moves(seen)[0]
            token = game.players[seen["current_player"]]
            answer = client.request(
                "POST", f"{game.url}/moves", move, token=token, headers={"If-Match": f'"{version}"'}
            )
            assert answer.status == 200, answer.raw
        assert client.request("DELETE", games[0].url, headers=key).status == 204
        received = receiver.wait_for(2 * GAMES + 1, WITHIN)
    told: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for request in received:
        body = Verifier(secret).verify(request.body, request.headers)
        told[body["data"]["game_id"]].append(body)
    assert set(told) == {game.id for game in games}
    for game in games:
        kinds = sorted(body["type"] for body in told[game.id])
        expected = (
            ["game.created", "game.deleted", "game.moved"]
            if game is games[0]
            else ["game.created", "game.moved"]
        )
        assert kinds == expected
        seqs = [
            event["seq"]
            for body in sorted(told[game.id], key=lambda b: b["data"]["version"])
            for event in body["data"]["events"]
        ]
        assert seqs == list(range(1, len(seqs) + 1))
