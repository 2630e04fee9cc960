"""The test receiver itself (harness/webhook_receiver.py), which the end-to-end tests lean on."""

from __future__ import annotations

import dataclasses
import socket

import pytest

from harness.webhook_receiver import Answer, WebhookReceiver
from service.settings import WebhookSettings
from service.webhooks.transport import Attempt, Transport

HEADERS = {"webhook-id": "msg_1"}


def test_answers_are_played_in_turn_then_the_default(
    receiver: WebhookReceiver, settings: WebhookSettings, transport: Transport
) -> None:
    receiver.answer_with(Answer(500), Answer(410))
    statuses = [transport.send(receiver.url(f"/{n}"), b"{}", HEADERS, settings).status_code for n in range(3)]
    assert statuses == [500, 410, 200]
    assert [request.path for request in receiver.wait_for(3)] == ["/0", "/1", "/2"]
    with pytest.raises(TimeoutError, match="3 requests came, not 4"):
        receiver.wait_for(4, timeout=0)


def test_a_delay_past_the_deadline_is_a_timeout(
    receiver: WebhookReceiver, settings: WebhookSettings, transport: Transport
) -> None:
    receiver.answer_with(Answer(200, delay=settings.attempt_timeout * 10))
    assert transport.send(receiver.url(), b"{}", HEADERS, settings) == Attempt(None, "timeout")


def test_a_server_that_never_speaks_tls_is_a_timeout(settings: WebhookSettings, transport: Transport) -> None:
    """The kernel completes the TCP handshake of a listening socket nobody accepts on: TLS waits."""
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen(1)
        port = listening.getsockname()[1]
        assert transport.send(f"https://127.0.0.1:{port}/in", b"{}", HEADERS, settings) == Attempt(
            None, "timeout"
        )


def test_its_own_certificates_are_made_when_none_are_given(
    settings: WebhookSettings, transport: Transport
) -> None:
    with WebhookReceiver(default=Answer(202)) as receiver:
        trusted = dataclasses.replace(settings, ca_file=receiver.ca_file)
        transport.resolve = lambda host, port: ["127.0.0.1"]
        assert transport.send(receiver.url(host="localhost"), b"{}", HEADERS, trusted).delivered
