"""A real HTTPS receiver per test (certificates made once per session), and settings that trust it."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from harness.certificates import Certificates, make_certificates
from harness.webhook_receiver import ALLOWED_NETWORKS, WebhookReceiver
from service.settings import WebhookSettings, networks
from service.webhooks.connections import Connections


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
def kept() -> Iterator[Connections]:
    """A sender's pool of kept connections of its own, closed after the test."""
    connections = Connections()
    yield connections
    connections.close()
