"""One attempt against a real local HTTPS receiver: the request it gets, the outcomes a receiver can
cause (success, 410, refusal, redirect, silence, a slow drip, a huge answer), the address checked again
and connected to as checked. Outcomes are asserted, never durations."""

from __future__ import annotations

import dataclasses
import http.server
import socket
import threading
import time

import pytest
from standardwebhooks import Webhook

from harness.certificates import Certificates
from harness.webhook_receiver import Answer, WebhookReceiver
from service.settings import WebhookSettings
from service.webhooks.addresses import Resolver
from service.webhooks.signing import new_secret, signed_headers
from service.webhooks.transport import Attempt, Transport

BODY = b'{"type":"game.finished","data":{"game_id":"g_1"}}'
HEADERS = {"webhook-id": "msg_1", "webhook-timestamp": "1700000000", "content-type": "application/json"}


def resolving(*addresses: str) -> Resolver:
    return lambda host, port: list(addresses)


def resolved_by(transport: Transport, resolve: Resolver) -> Transport:
    """``transport``, its names resolved by ``resolve`` from now on."""
    transport.resolve = resolve
    return transport


def test_a_delivery_arrives_signed_and_a_2xx_delivers_it(
    receiver: WebhookReceiver, settings: WebhookSettings, transport: Transport
) -> None:
    secret = new_secret()
    headers = signed_headers("msg_ok", int(time.time()), BODY, [secret])
    receiver.answer_with(Answer(204))
    attempt = transport.send(receiver.url("/hooks/in?team=7"), BODY, headers, settings)
    assert attempt == Attempt(204, None) and attempt.delivered and not attempt.gone
    (request,) = receiver.received()
    assert (request.method, request.path, request.body) == ("POST", "/hooks/in?team=7", BODY)
    assert request.headers["host"] == f"127.0.0.1:{receiver.port}"
    assert request.headers["user-agent"].startswith("Restart-Webhooks/")
    assert Webhook(secret).verify(request.body, request.headers)["data"]["game_id"] == "g_1"


OUTCOMES = [
    (200, True, False),
    (299, True, False),
    (410, False, True),
    (404, False, False),
    (500, False, False),
]


@pytest.mark.parametrize(("status", "delivered", "gone"), OUTCOMES)
def test_the_status_decides(
    receiver: WebhookReceiver,
    settings: WebhookSettings,
    status: int,
    delivered: bool,
    gone: bool,
    transport: Transport,
) -> None:
    receiver.answer_with(Answer(status, body=b"why"))
    attempt = transport.send(receiver.url(), BODY, HEADERS, settings)
    assert (attempt.status_code, attempt.delivered, attempt.gone, attempt.body) == (
        status,
        delivered,
        gone,
        b"why",
    )
    assert (attempt.error is None) == delivered


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_a_redirect_is_not_followed(
    receiver: WebhookReceiver, settings: WebhookSettings, status: int, transport: Transport
) -> None:
    receiver.answer_with(Answer.redirect(receiver.url("/elsewhere"), status))
    attempt = transport.send(receiver.url("/first"), BODY, HEADERS, settings)
    assert (
        attempt.status_code == status and attempt.error == "redirect not followed" and not attempt.delivered
    )
    assert [request.path for request in receiver.received()] == ["/first"]


def test_a_receiver_that_never_answers_is_a_timeout(
    receiver: WebhookReceiver, settings: WebhookSettings, transport: Transport
) -> None:
    receiver.answer_with(Answer(silent=True))
    assert transport.send(receiver.url(), BODY, HEADERS, settings) == Attempt(None, "timeout")


def test_a_slow_drip_answer_is_cut_off_by_the_attempts_deadline(
    receiver: WebhookReceiver, settings: WebhookSettings, transport: Transport
) -> None:
    """Each byte comes well within the time a single read may wait; only the attempt's deadline ends it."""
    receiver.answer_with(Answer(200, size=10_000, drip=settings.attempt_timeout / 20))
    assert transport.send(receiver.url(), BODY, HEADERS, settings) == Attempt(None, "timeout")


def test_a_huge_answer_is_read_only_up_to_the_cap(
    receiver: WebhookReceiver, settings: WebhookSettings, transport: Transport
) -> None:
    receiver.answer_with(Answer(200, size=1024 * 1024))
    attempt = transport.send(receiver.url(), BODY, HEADERS, settings)
    assert attempt.delivered and attempt.error is None
    assert 0 < len(attempt.body) < settings.max_answer_bytes


def test_an_endless_answer_ends_at_the_cap_not_the_deadline(
    receiver: WebhookReceiver, settings: WebhookSettings, transport: Transport
) -> None:
    """The body never ends: only stopping at the cap gives a status rather than a timeout."""
    settings = dataclasses.replace(settings, attempt_timeout=30.0, max_answer_bytes=4096)
    receiver.answer_with(Answer(200, endless=True))
    attempt = transport.send(receiver.url(), BODY, HEADERS, settings)
    assert (attempt.status_code, attempt.error) == (200, None) and len(attempt.body) < 4096


def test_the_address_is_checked_again_at_each_attempt(
    receiver: WebhookReceiver, settings: WebhookSettings, transport: Transport
) -> None:
    closed = WebhookSettings(ca_file=settings.ca_file, attempt_timeout=settings.attempt_timeout)
    attempt = transport.send(receiver.url(), BODY, HEADERS, closed)
    assert attempt.status_code is None and attempt.error is not None
    assert attempt.error.startswith("address refused: 127.0.0.1 is a loopback address")
    rebinding = resolving("127.0.0.1", "10.0.0.1")
    attempt = resolved_by(transport, rebinding).send(receiver.url(host="localhost"), BODY, HEADERS, settings)
    assert attempt.error is not None and attempt.error.startswith(
        "address refused: localhost resolves to 10.0.0.1"
    )
    assert resolved_by(transport, resolving("93.184.215.14")).send(
        "http://h.example/in", BODY, HEADERS, settings
    ).error == ("address refused: The URL must use https (plain http only inside WEBHOOK_ALLOWED_NETWORKS).")
    assert receiver.received() == []


def test_the_checked_address_is_connected_to_and_the_name_verified(
    receiver: WebhookReceiver, settings: WebhookSettings, transport: Transport
) -> None:
    """The name is resolved once, by the check; its certificate is verified for the name, not the address."""
    calls: list[str] = []

    def resolve(host: str, port: int) -> list[str]:
        calls.append(host)
        return ["127.0.0.1"]

    assert (
        resolved_by(transport, resolve)
        .send(receiver.url(host="localhost"), BODY, HEADERS, settings)
        .delivered
    )
    assert calls == ["localhost"]
    assert receiver.received()[0].headers["host"] == f"localhost:{receiver.port}"
    wrong_name = resolved_by(transport, resolving("127.0.0.1")).send(
        receiver.url(host="hooks.example.com"), BODY, HEADERS, settings
    )
    assert wrong_name.status_code is None and wrong_name.error is not None
    assert wrong_name.error.startswith("certificate refused")
    assert len(receiver.received()) == 1


def test_an_untrusted_certificate_is_refused(
    receiver: WebhookReceiver, settings: WebhookSettings, transport: Transport
) -> None:
    system_authorities = WebhookSettings(allowed_networks=settings.allowed_networks)
    attempt = transport.send(receiver.url(), BODY, HEADERS, system_authorities)
    assert attempt.error is not None and attempt.error.startswith("certificate refused")
    assert receiver.received() == []


def test_each_checked_address_is_tried_in_turn(
    receiver: WebhookReceiver, settings: WebhookSettings, transport: Transport
) -> None:
    """Nothing listens on 127.0.0.2 at the receiver's port: refused there, delivered at the next."""
    both = resolving("127.0.0.2", "127.0.0.1")
    assert (
        resolved_by(transport, both).send(receiver.url(host="localhost"), BODY, HEADERS, settings).delivered
    )
    assert resolved_by(transport, resolving("127.0.0.2")).send(
        receiver.url(host="localhost"), BODY, HEADERS, settings
    ) == Attempt(None, "connection refused")


def test_a_closed_port_is_a_refused_connection(settings: WebhookSettings, transport: Transport) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert transport.send(f"https://127.0.0.1:{port}/in", BODY, HEADERS, settings) == Attempt(
        None, "connection refused"
    )


def test_an_unresolved_name_is_its_own_failure(settings: WebhookSettings, transport: Transport) -> None:
    attempt = resolved_by(transport, resolving()).send("https://nowhere.invalid/in", BODY, HEADERS, settings)
    assert (
        attempt.status_code is None
        and attempt.error == "name not resolved: nowhere.invalid does not resolve to any address"
    )


@pytest.mark.parametrize(
    "header", [{"webhook-id": "msg\r\nx-injected: 1"}, {"x-a\nb": "1"}, {"x-a:b": "1"}, {"x-name": "é"}]
)
def test_a_header_that_cannot_be_written_is_a_mistake(
    settings: WebhookSettings, header: dict[str, str], transport: Transport
) -> None:
    with pytest.raises(ValueError, match="line break"):
        transport.send("https://127.0.0.1/in", BODY, header, settings)


def test_the_sender_writes_the_framing_headers_itself(
    receiver: WebhookReceiver, settings: WebhookSettings, transport: Transport
) -> None:
    framing = {
        "Host": "elsewhere.example",
        "Content-Length": "1",
        "Connection": "keep-alive",
        "User-Agent": "ours",
    }
    assert transport.send(receiver.url(), BODY, {**HEADERS, **framing}, settings).delivered
    (request,) = receiver.received()
    assert request.body == BODY and request.headers["host"] == f"127.0.0.1:{receiver.port}"
    assert "connection" not in request.headers and request.headers["user-agent"] == "ours"


def test_a_resolution_that_does_not_end_is_a_timeout(settings: WebhookSettings, transport: Transport) -> None:
    """The system's resolver would wait as long as resolv.conf says; the attempt's deadline bounds it."""
    never = threading.Event()

    def hangs(host: str, port: int) -> list[str]:
        never.wait()
        return ["127.0.0.1"]

    try:
        assert resolved_by(transport, hangs).send(
            "https://slow-dns.example/in", BODY, HEADERS, settings
        ) == Attempt(None, "timeout")
    finally:
        never.set()


def test_plain_http_reaches_an_opened_network(settings: WebhookSettings, transport: Transport) -> None:
    received: list[bytes] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            received.append(self.rfile.read(int(self.headers["content-length"])))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *arguments: object) -> None:
            pass

    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            attempt = transport.send(f"http://127.0.0.1:{server.server_port}/in", BODY, HEADERS, settings)
        finally:
            server.shutdown()
    assert attempt == Attempt(204, None) and received == [BODY]


def test_a_connection_is_kept_for_the_next_attempt_to_its_receiver(
    receiver: WebhookReceiver, settings: WebhookSettings, transport: Transport
) -> None:
    for _ in range(3):
        assert transport.send(receiver.url(), BODY, HEADERS, settings).delivered
    assert len({request.peer for request in receiver.received()}) == 1


def test_a_connection_the_receiver_closes_is_not_reused(
    receiver: WebhookReceiver, settings: WebhookSettings, transport: Transport
) -> None:
    receiver.answer_with(Answer(200, close=True))
    assert transport.send(receiver.url(), BODY, HEADERS, settings).delivered
    assert transport.send(receiver.url(), BODY, HEADERS, settings).delivered
    first, second = receiver.received()
    assert first.peer != second.peer


def test_a_kept_connection_closed_while_idle_is_replaced_and_the_request_sent(
    certificates: Certificates, settings: WebhookSettings, transport: Transport
) -> None:
    """The receiver restarts on its port between two attempts: the kept connection is dead, the
    attempt goes on a new one."""
    with WebhookReceiver(certificates) as first:
        assert transport.send(first.url(), BODY, HEADERS, settings).delivered
        port = first.port
    with WebhookReceiver(certificates, port=port) as again:
        assert transport.send(again.url(), BODY, HEADERS, settings).delivered
        assert len(again.received()) == 1


def test_a_kept_connection_serves_only_an_address_this_attempts_check_passed(
    receiver: WebhookReceiver, settings: WebhookSettings, transport: Transport
) -> None:
    """Kept to 127.0.0.1 for ``localhost``; when the name now resolves to 127.0.0.2 alone, the attempt
    connects there (nothing listens: refused), not over the old connection."""
    url = receiver.url(host="localhost")
    assert resolved_by(transport, resolving("127.0.0.1")).send(url, BODY, HEADERS, settings).delivered
    moved = resolved_by(transport, resolving("127.0.0.2")).send(url, BODY, HEADERS, settings)
    assert moved == Attempt(None, "connection refused")
    assert resolved_by(transport, resolving("127.0.0.1")).send(url, BODY, HEADERS, settings).delivered
    assert len({request.peer for request in receiver.received()}) == 1


def test_an_idle_connection_past_its_time_is_not_reused(
    receiver: WebhookReceiver, settings: WebhookSettings, transport: Transport
) -> None:
    transport.connections.idle_seconds = 0.0
    assert transport.send(receiver.url(), BODY, HEADERS, settings).delivered
    assert transport.send(receiver.url(), BODY, HEADERS, settings).delivered
    first, second = receiver.received()
    assert first.peer != second.peer


def test_closing_lets_go_of_the_kept_connections_and_ends_the_watchdog(
    receiver: WebhookReceiver, settings: WebhookSettings
) -> None:
    transport = Transport()
    assert transport.send(receiver.url(), BODY, HEADERS, settings).delivered
    watchdog = transport._watchdog._thread
    assert watchdog is not None and watchdog.is_alive()
    transport.close()
    watchdog.join(timeout=30)
    assert not watchdog.is_alive()
    assert (
        transport.connections.take((True, "127.0.0.1", receiver.port, settings.ca_file), ["127.0.0.1"])
        is None
    )
