"""A real HTTPS receiver per test (certificates made once per session), settings that trust it, and
transports and delivery pools of the test's own, closed after it."""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from harness.certificates import Certificates, make_certificates
from harness.webhook_receiver import ALLOWED_NETWORKS, WebhookReceiver
from service.settings import WebhookSettings, networks
from service.webhooks.transport import Transport
from service.worker.delivery_pool import DeliveryPool


@pytest.fixture(scope="session")
def certificates() -> Iterator[Certificates]:
    with tempfile.TemporaryDirectory(prefix="webhook-certificates-") as directory:
        yield make_certificates(Path(directory))


@pytest.fixture
def receiver(certificates: Certificates) -> Iterator[WebhookReceiver]:
    with WebhookReceiver(certificates) as running:
        yield running


@pytest.fixture
def settings(certificates: Certificates) -> WebhookSettings:
    """Loopback allowed, the receiver's authority trusted, and an attempt's time short enough for a test."""
    return WebhookSettings(
        allowed_networks=networks(ALLOWED_NETWORKS),
        ca_file=str(certificates.ca),
        connect_timeout=2.0,
        attempt_timeout=1.0,
    )


@pytest.fixture
def transport() -> Iterator[Transport]:
    """A transport of the test's own (its kept connections, resolvers and watchdog), closed after it."""
    made = Transport()
    yield made
    made.close()


@pytest.fixture
def pool_of() -> Iterator[Callable[..., DeliveryPool]]:
    """``DeliveryPool`` for the test: each pool it makes is closed after the test (its transport let go)."""
    made: list[DeliveryPool] = []

    def pool(*args: Any, **kwargs: Any) -> DeliveryPool:
        made.append(DeliveryPool(*args, **kwargs))
        return made[-1]

    yield pool
    for each in made:
        each.close()
