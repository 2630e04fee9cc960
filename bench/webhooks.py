"""Webhooks under load: how soon a move's delivery reaches its receiver, and what telling cost the moves.

One service on the bench's Redis, its client app with one webhook (every event type) to a real
HTTPS receiver on 127.0.0.1 (``harness.webhook_receiver``, opened by ``WEBHOOK_ALLOWED_NETWORKS``),
and ``WORKER_PROCESSES`` background workers (``python -m service.worker``, which fan each change
out and send it) as production runs them. wrk plays moves at 16 connections first without the
webhook, then with it; the receiver notes when each delivery arrived, and a delivery's delay is
that less the change's own time (the body's ``timestamp``, set when the move was saved, a few
microseconds before its 200). Deliveries still on their way when wrk stops are waited for, up to
``DRAIN_SECONDS``; any not received by then are counted as such.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import datetime

from bench.load import LoadResult
from harness.http_client import Client
from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess
from harness.webhook_receiver import ALLOWED_NETWORKS, Received, WebhookReceiver
from harness.worker_process import WorkerProcess

WORKER_PROCESSES = 2
"""Background workers, as deploy/docker-compose.yml runs them."""
DRAIN_SECONDS = 60.0
QUIET_SECONDS = 2.0
"""No new delivery for this long once wrk stopped: the rest is not coming soon."""
SERVICE_ENV = {"WEBHOOK_ALLOWED_NETWORKS": ALLOWED_NETWORKS}


@dataclass(frozen=True)
class HookRun:
    without: LoadResult
    beside: LoadResult
    delays_ms: list[float]
    """Of the moves' deliveries (``game.moved`` and ``game.finished``) received, in ms."""
    changes_told: int
    """Changes of the run (the games' creations too) that the receiver got, each once."""
    drained_s: float
    """Seconds after wrk stopped until the last delivery came."""


def _change_time(body: bytes) -> tuple[str, float]:
    document = json.loads(body)
    at = datetime.fromisoformat(document["timestamp"].replace("Z", "+00:00")).timestamp()
    return document["type"], at


def delivered_beside(redis: RedisServer, service: ServiceProcess, load: Callable[[], LoadResult]) -> HookRun:
    """``load()`` without a webhook, then with one, on ``service`` (started with ``SERVICE_ENV``)."""
    client = Client(service.url)
    key = {"X-API-Key": service.api_key}
    with WebhookReceiver() as receiver, ExitStack() as workers:
        worker_env = {**SERVICE_ENV, "WEBHOOK_CA_FILE": receiver.ca_file}
        for _ in range(WORKER_PROCESSES):
            workers.enter_context(WorkerProcess(redis.url, env=worker_env))
        without = load()
        hook = client.request("POST", "/v1/webhooks", {"url": receiver.url()}, headers=key)
        if hook.status != 201:
            raise RuntimeError(f"registering the webhook answered {hook.status}: {hook.raw!r}")
        started = time.time()
        beside = load()
        stopped = time.time()
        count, last_change = -1, time.monotonic()
        while time.monotonic() - last_change < QUIET_SECONDS and time.time() - stopped < DRAIN_SECONDS:
            time.sleep(0.2)
            if len(receiver.received()) != count:
                count, last_change = len(receiver.received()), time.monotonic()
        client.request("DELETE", f"/v1/webhooks/{hook.body['id']}", headers=key)
        received = receiver.received()
    client.close()
    first: dict[str, Received] = {}
    for delivery in received:  # a retried delivery counts once, at its first arrival
        first.setdefault(delivery.headers["webhook-id"], delivery)
    delays, told = [], 0
    for delivery in first.values():
        kind, at = _change_time(delivery.body)
        if started <= at <= stopped:
            told += 1
            if kind in ("game.moved", "game.finished"):
                delays.append((delivery.received_at - at) * 1000)
    last = max((delivery.received_at for delivery in received), default=stopped)
    return HookRun(without, beside, delays, told, max(0.0, last - stopped))
