"""One attempt at a delivery: a POST to an address that was just checked, bounded in time and size.

``send`` checks the URL again (``check_url``), takes a kept connection to one of the addresses it
checked (``connections``: keep-alive) or connects to them, in order, and speaks TLS to the host the
URL names (SNI, and the certificate verified for that name, against ``WEBHOOK_CA_FILE`` or the
system's authorities), so nothing is resolved twice. It follows
no redirect, reads at most ``max_answer_bytes`` of the answer, and gives the whole attempt
``attempt_timeout`` seconds: every socket operation waits at most what is left of that, so a
receiver sending its answer a byte a second is cut off too. It blocks: it runs in the background
worker's threads, never in a request. Network failures are an ``Attempt`` with an ``error``,
never an exception.
"""

from __future__ import annotations

import functools
import http.client
import io
import queue
import socket
import ssl
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from service.settings import WebhookSettings
from service.webhooks.addresses import (
    DEFAULT_PORTS,
    AddressRefused,
    Resolver,
    Target,
    UnresolvedHost,
    check_url,
    resolve_host,
)
from service.webhooks.connections import Connections, Endpoint

USER_AGENT = "Restart-Webhooks/1"
FORBIDDEN_IN_HEADERS = frozenset("\r\n\0")
WRITTEN_BY_THE_SENDER = frozenset({"host", "content-length", "connection", "transfer-encoding"})
KEPT = Connections()
"""This process's idle connections to receivers."""
CLOSED_WHILE_IDLE = (ConnectionError, ssl.SSLEOFError, ssl.SSLZeroReturnError)
"""What a kept connection that its receiver closed meanwhile fails with, before any answer
(``http.client.RemoteDisconnected`` is a ``ConnectionError``)."""


@dataclass(frozen=True, slots=True)
class Attempt:
    """What one attempt came to: the receiver's status, or why there was none (or it is no success)."""

    status_code: int | None
    error: str | None
    """None exactly when delivered; else why not: ``timeout``, ``connection refused``,
    ``redirect not followed``, ``status 500``, ``address refused: ...``, ``name not resolved: ...``."""
    body: bytes = b""
    """The first bytes of the answer's body (as many as the cap left), for the delivery's log."""

    @property
    def delivered(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300

    @property
    def gone(self) -> bool:
        """410 Gone: the receiver asks for no more deliveries (the endpoint is disabled)."""
        return self.status_code == 410


class Deadline:
    """The time left of one attempt, for each socket operation in turn."""

    def __init__(self, seconds: float) -> None:
        self.ends = time.monotonic() + seconds

    def left(self, at_most: float | None = None) -> float:
        remaining = self.ends - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("the attempt's time is up")
        return remaining if at_most is None else min(remaining, at_most)


def send(
    url: str,
    body: bytes,
    headers: Mapping[str, str],
    settings: WebhookSettings,
    resolve: Resolver = resolve_host,
    connections: Connections = KEPT,
) -> Attempt:
    """POST ``body`` with ``headers`` to ``url``, checked again now; the outcome, never an exception
    for the network's or the receiver's failures (a header with a line break is a ``ValueError``)."""
    header_lines = _header_lines(headers)
    deadline = Deadline(settings.attempt_timeout)
    try:
        target = check_url(url, settings, _within(resolve, deadline))
    except UnresolvedHost as refusal:
        return Attempt(None, f"name not resolved: {refusal.reason}")
    except AddressRefused as refusal:
        return Attempt(None, f"address refused: {refusal.reason}")
    except OSError as error:
        return Attempt(None, _failure(error))
    endpoint = (target.tls, target.host, target.port, settings.ca_file)
    message = _message(target, header_lines, body)
    kept = connections.take(endpoint, target.addresses)
    if kept is not None:
        outcome = _exchange_on(kept, endpoint, message, settings, deadline, connections, reused=True)
        if outcome is not None:
            return outcome
    try:
        opened = _connect(target, settings, deadline)
    except OSError as error:
        return Attempt(None, _failure(error))
    outcome = _exchange_on(opened, endpoint, message, settings, deadline, connections, reused=False)
    assert outcome is not None, "only a kept connection is given up on"
    return outcome


def _exchange_on(
    opened: tuple[str, socket.socket],
    endpoint: Endpoint,
    message: bytes,
    settings: WebhookSettings,
    deadline: Deadline,
    connections: Connections,
    reused: bool,
) -> Attempt | None:
    """The exchange on ``opened`` (an address and its connection), which is kept after it when the
    answer allows; None when a ``reused`` connection turned out closed by the receiver while idle
    (the request goes again on a new one: at least once, as ever)."""
    address, connection = opened
    try:
        outcome, reusable = _exchange(connection, message, settings, deadline)
    except (OSError, http.client.HTTPException) as error:
        connection.close()
        if reused and isinstance(error, CLOSED_WHILE_IDLE):
            return None
        return Attempt(None, _failure(error))
    if reusable:
        connections.keep(endpoint, address, connection)
    else:
        connection.close()
    return outcome


def _within(resolve: Resolver, deadline: Deadline) -> Resolver:
    """The resolver, given what is left of the attempt: the system's own would wait as long as
    resolv.conf says. A resolution still running then is left to finish in its thread, unheeded."""

    def bounded(host: str, port: int) -> Sequence[str]:
        answer: queue.SimpleQueue[Sequence[str] | BaseException] = queue.SimpleQueue()

        def run() -> None:
            try:
                answer.put(resolve(host, port))
            except BaseException as error:
                answer.put(error)

        threading.Thread(target=run, name=f"resolve {host}", daemon=True).start()
        try:
            found = answer.get(timeout=deadline.left())
        except queue.Empty:
            raise TimeoutError(f"{host} was not resolved in time") from None
        if isinstance(found, BaseException):
            raise found
        return found

    return bounded


def _header_lines(headers: Mapping[str, str]) -> list[str]:
    """The caller's headers as lines, ours added (``user-agent``) and those the sender writes dropped."""
    fields = {name.lower(): value for name, value in headers.items()}
    for name, value in fields.items():
        if not (name + value).isascii() or FORBIDDEN_IN_HEADERS & set(name + value) or ":" in name:
            raise ValueError(f"the header {name!r}: a line break, a NUL, a non-ASCII character or a colon")
    fields.setdefault("user-agent", USER_AGENT)
    return [f"{name}: {value}" for name, value in fields.items() if name not in WRITTEN_BY_THE_SENDER]


def _message(target: Target, header_lines: list[str], body: bytes) -> bytes:
    host = f"[{target.host}]" if ":" in target.host else target.host
    authority = (
        host if target.port == DEFAULT_PORTS["https" if target.tls else "http"] else f"{host}:{target.port}"
    )
    head = [f"POST {target.path} HTTP/1.1", f"host: {authority}", f"content-length: {len(body)}"]
    head += header_lines
    return ("\r\n".join(head) + "\r\n\r\n").encode("ascii") + body


def _connect(target: Target, settings: WebhookSettings, deadline: Deadline) -> tuple[str, socket.socket]:
    """The first of the target's addresses that answers, and a connection to it: TLS verified for its
    host, or plain for an ``http`` target (which ``check_url`` allows only inside the opened networks)."""
    failure: OSError = ConnectionError("no address to connect to")
    for address in target.addresses:
        try:
            raw = socket.create_connection((address, target.port), deadline.left(settings.connect_timeout))
        except OSError as error:
            if isinstance(error, TimeoutError) and deadline.ends <= time.monotonic():
                raise
            failure = error
            continue
        try:
            raw.settimeout(deadline.left())
            if not target.tls:
                return address, raw
            return address, _context(settings.ca_file).wrap_socket(raw, server_hostname=target.host)
        except BaseException:
            raw.close()
            raise
    raise failure


@functools.lru_cache(maxsize=4)
def _context(ca_file: str | None) -> ssl.SSLContext:
    """A client's TLS context: certificates verified, host names checked (one per CA file, shared)."""
    return ssl.create_default_context(cafile=ca_file)


def _exchange(
    connection: socket.socket,
    message: bytes,
    settings: WebhookSettings,
    deadline: Deadline,
) -> tuple[Attempt, bool]:
    """Write the request, read the status and the start of the body: each step within the deadline.
    And whether the connection may carry the next request: the whole answer read, HTTP/1.1 framed,
    and the receiver not closing it."""
    view = memoryview(message)
    while view:
        connection.settimeout(deadline.left())
        view = view[connection.send(view) :]
    reader = io.BufferedReader(_CappedReader(connection, deadline, settings.max_answer_bytes))
    answer = http.client.HTTPResponse(cast(socket.socket, _Readable(reader)), method="POST")
    answer.begin()
    try:
        excerpt = answer.read(settings.max_answer_bytes)
    except http.client.IncompleteRead as cut:
        excerpt = cut.partial
    except (OSError, http.client.HTTPException):
        excerpt = b""  # the status came in time: it is the outcome, whatever its body does
    status = answer.status
    reusable = answer.isclosed() and not answer.will_close
    if 300 <= status < 400:
        return Attempt(status, "redirect not followed", excerpt), reusable
    return Attempt(status, None if 200 <= status < 300 else f"status {status}", excerpt), reusable


class _CappedReader(io.RawIOBase):
    """The connection's bytes, each read waiting at most the attempt's time left, and no more than a cap."""

    def __init__(self, connection: socket.socket, deadline: Deadline, cap: int) -> None:
        self.connection, self.deadline, self.left_to_read = connection, deadline, cap

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:  # any writable buffer (typeshed's WriteableBuffer)
        view = memoryview(buffer)
        if self.left_to_read <= 0 or not view.nbytes:
            return 0
        self.connection.settimeout(self.deadline.left())
        count = self.connection.recv_into(view, min(view.nbytes, self.left_to_read))
        self.left_to_read -= count
        return count


class _Readable:
    """What ``http.client.HTTPResponse`` asks of a socket: ``makefile``, here the capped reader."""

    def __init__(self, reader: io.BufferedReader[_CappedReader]) -> None:
        self.reader = reader

    def makefile(self, mode: str) -> io.BufferedReader[_CappedReader]:
        return self.reader


def _failure(error: BaseException) -> str:
    """A short name for why an attempt failed, for the delivery's log."""
    if isinstance(error, TimeoutError):
        return "timeout"
    if isinstance(error, ConnectionRefusedError):
        return "connection refused"
    if isinstance(error, ssl.SSLCertVerificationError):
        return f"certificate refused: {error.verify_message}"
    if isinstance(error, ssl.SSLError):
        return f"tls failed: {error.reason or error}"
    if isinstance(error, http.client.RemoteDisconnected):
        return "connection closed without an answer"
    if isinstance(error, http.client.HTTPException):
        return f"answer not HTTP: {type(error).__name__}"
    if isinstance(error, ConnectionError):
        return f"connection failed: {error.strerror or error}"
    return f"network error: {error.strerror or error}" if isinstance(error, OSError) else str(error)
