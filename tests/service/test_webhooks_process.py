"""Webhooks as production runs them: gunicorn and ``python -m service.worker`` on one Redis, a real
HTTPS receiver. A worker killed in the middle of an attempt leaves the delivery due again: another
worker sends it, with the same ``webhook-id``, and it is recorded once (at least once, never lost).
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from standardwebhooks import Webhook as Verifier

from harness.certificates import Certificates, make_certificates
from harness.games import create_game
from harness.http_client import Client
from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess
from harness.webhook_receiver import ALLOWED_NETWORKS, Answer, WebhookReceiver
from harness.worker_process import WorkerProcess
from tests.service.service_support import wait_until

WITHIN = 60.0
"""Seconds an outcome may take before the test gives up (a guard against a hang, not a speed bound)."""


@pytest.fixture(scope="module")
def certificates() -> Iterator[Certificates]:
    with tempfile.TemporaryDirectory(prefix="webhook-certificates-") as directory:
        yield make_certificates(Path(directory))


@pytest.fixture
def environment(certificates: Certificates) -> dict[str, str]:
    """Loopback allowed, the receiver trusted; an attempt may take 10 s (the test kills the worker
    long before), and a dead worker's claim lapses 2 s after that."""
    return {
        "WEBHOOK_ALLOWED_NETWORKS": ALLOWED_NETWORKS,
        "WEBHOOK_CA_FILE": str(certificates.ca),
        "WEBHOOK_RETRY_SCHEDULE": "0.05,0.05,0.05",
        "WEBHOOK_ATTEMPT_TIMEOUT_SECONDS": "10",
        "WORKER_LEASE_SECONDS": "2",
        "WORKER_RECLAIM_SECONDS": "1",
        "WORKER_SWEEP_SECONDS": "1",
    }


@pytest.fixture
def redis() -> Iterator[RedisServer]:
    with RedisServer() as own:
        yield own


@pytest.fixture
def service(redis: RedisServer, environment: dict[str, str]) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis.url, workers=1, env=environment) as running:
        yield running


@pytest.fixture
def receiver(certificates: Certificates) -> Iterator[WebhookReceiver]:
    with WebhookReceiver(certificates) as running:
        yield running


def test_a_worker_killed_mid_delivery_leaves_it_to_another_with_the_same_id(
    redis: RedisServer,
    service: ServiceProcess,
    client: Client,
    receiver: WebhookReceiver,
    environment: dict[str, str],
) -> None:
    key = {"X-API-Key": service.api_key}
    registered = client.request(
        "POST", "/v1/webhooks", {"url": receiver.url(), "events": ["game.created"]}, headers=key
    )
    assert registered.status == 201, registered.raw
    hook = registered.body
    receiver.answer_with(Answer(silent=True))  # the first attempt never gets its answer
    with WorkerProcess(redis.url, env=environment) as first:
        game = create_game(client, ["Annika", "Elias"], 3, key=service.api_key)
        (held,) = receiver.wait_for(1, WITHIN)
        first.kill()
    with WorkerProcess(redis.url, env=environment):
        resent = receiver.wait_for(2, WITHIN)[1]

        def recorded() -> bool:
            page = client.request("GET", f"/v1/webhooks/{hook['id']}/deliveries", headers=key).body
            return bool(page["deliveries"]) and page["deliveries"][0]["status"] == "delivered"

        wait_until(recorded, WITHIN, "the delivery recorded as delivered")
    assert resent.headers["webhook-id"] == held.headers["webhook-id"]
    body = Verifier(hook["secret"]).verify(resent.body, resent.headers)
    assert body["type"] == "game.created" and body["data"]["game_id"] == game.id
    (delivery,) = client.request("GET", f"/v1/webhooks/{hook['id']}/deliveries", headers=key).body[
        "deliveries"
    ]
    assert delivery["attempts"] == 1  # the killed worker's attempt was never recorded: only the resend
