"""One attempt at a delivery: a POST to an address that was just checked, bounded in time and size.

``Transport.send`` checks the URL again (``check_url``), takes a kept connection to one of the addresses it
checked (``connections``: keep-alive) or opens one to them, in order, speaking TLS to the host the URL
names (SNI, and the certificate verified for that name, against ``WEBHOOK_CA_FILE`` or the system's
authorities), so nothing is resolved twice. The exchange is the standard library's ``http.client``
(a connection whose ``connect`` goes to the checked address): it was measured beside urllib3's pool
and costs less per POST (docs/WEBHOOKS.md, "The sender"). It follows no redirect, reads at most
``max_answer_bytes`` of the answer (its head counted), and gives the whole attempt
``attempt_timeout`` seconds: each socket operation waits at most what is left, and a watchdog shuts
the connection of an attempt whose time is up, so a receiver sending its answer a byte a second is
cut off too. A name is resolved in a small pool of threads, bounded by the same time. It blocks: it
runs in the worker's sender threads, never in a request. Network failures are an ``Attempt`` with an
``error``, never an exception. What attempts share (the kept connections, the resolvers' threads, the
watchdog) is a ``Transport``'s, made and closed by whoever attempts (``worker.delivery_pool``).
"""

from __future__ import annotations

import contextlib
import functools
import http.client
import re
import socket
import ssl
import threading
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass

from service.webhooks.addresses import (
    AddressRefused,
    Resolver,
    Target,
    UnresolvedHost,
    check_url,
    resolve_host,
)
from service.webhooks.config import WebhookSettings
from service.webhooks.connections import CheckedConnection, Connections

USER_AGENT = "Restart-Webhooks/1"
HEADER_NAME = re.compile(r"[\x01-\x09\x0b\x0c\x0e-\x39\x3b-\x7f]+")
"""ASCII but for a line break, a NUL and a colon."""
HEADER_VALUE = re.compile(r"[\x01-\x09\x0b\x0c\x0e-\x7f]*")
"""ASCII but for a line break and a NUL."""
WRITTEN_BY_THE_SENDER = frozenset({"host", "content-length", "connection", "transfer-encoding"})
CLOSED_WHILE_IDLE = (ConnectionError, ssl.SSLEOFError, ssl.SSLZeroReturnError)
"""What a kept connection that its receiver closed meanwhile fails with, before any answer
(``http.client.RemoteDisconnected`` is a ``ConnectionError``)."""
RESOLVER_THREADS = 4
"""Threads a transport resolves names in: the system's resolver cannot be given a time, so it runs
there while the attempt waits what is left of its own (a lookup that never ends holds one of these,
not a sender)."""
WATCH_EVERY = 0.1
"""Seconds between the watchdog's looks: an attempt overruns its time by this at most."""


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


class Watchdog:
    """Shuts the connection of an attempt whose time is up: ``http.client`` reads an answer in many
    reads, each waiting its own time, so only this bounds the whole (one thread, started with the
    first attempt, for all of a transport's)."""

    def __init__(self) -> None:
        self._watched: dict[int, tuple[float, socket.socket]] = {}
        self._cut: set[int] = set()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stopped = threading.Event()

    def watch(self, connection: socket.socket, deadline: Deadline) -> None:
        with self._lock:
            self._watched[id(connection)] = (deadline.ends, connection)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="attempt-watchdog", daemon=True)
                self._thread.start()

    def was_cut(self, connection: socket.socket) -> bool:
        """Whether its time ran out and it was shut (what ``http.client`` read since may be cut short:
        it takes the end of the stream in a header block for the block's end)."""
        with self._lock:
            return id(connection) in self._cut

    def release(self, connection: socket.socket) -> None:
        with self._lock:
            self._watched.pop(id(connection), None)
            self._cut.discard(id(connection))

    def stop(self) -> None:
        """Its thread ends at its next look."""
        self._stopped.set()

    def _run(self) -> None:
        while not self._stopped.wait(WATCH_EVERY):
            now = time.monotonic()
            with self._lock:
                late = [key for key, (ends, _) in self._watched.items() if ends <= now]
                overdue = [self._watched.pop(key)[1] for key in late]
                self._cut.update(late)
            for connection in overdue:
                with contextlib.suppress(OSError):  # closed meanwhile
                    connection.shutdown(socket.SHUT_RDWR)


class Transport:
    """What one process's attempts share, owned by whoever makes them (the worker's delivery pool):
    the idle connections kept to receivers, the threads names are resolved in and the watchdog. Safe
    to share between threads; ``close`` lets it all go."""

    def __init__(self, resolve: Resolver = resolve_host) -> None:
        self.resolve = resolve
        """How a name is resolved: the system's resolver (a test gives its own)."""
        self.connections = Connections()
        """The idle connections to receivers, kept between attempts."""
        self._resolvers = ThreadPoolExecutor(max_workers=RESOLVER_THREADS, thread_name_prefix="resolve")
        self._watchdog = Watchdog()

    def close(self) -> None:
        """The kept connections closed, the watchdog stopped; a name still being resolved is left to
        finish in its thread, unheeded."""
        self._watchdog.stop()
        self._resolvers.shutdown(wait=False, cancel_futures=True)
        self.connections.close()

    def send(self, url: str, body: bytes, headers: Mapping[str, str], settings: WebhookSettings) -> Attempt:
        """POST ``body`` with ``headers`` to ``url``, checked again now; the outcome, never an exception
        for the network's or the receiver's failures (a header with a line break is a ``ValueError``)."""
        fields = _fields(headers)
        deadline = Deadline(settings.attempt_timeout)
        try:
            target = check_url(url, settings, functools.partial(self._resolve_within, deadline))
        except UnresolvedHost as refusal:
            return Attempt(None, f"name not resolved: {refusal.reason}")
        except AddressRefused as refusal:
            return Attempt(None, f"address refused: {refusal.reason}")
        except OSError as error:
            return Attempt(None, _failure(error))
        endpoint = (target.tls, target.host, target.port, settings.ca_file)
        kept = self.connections.take(endpoint, target.addresses)
        if kept is not None:
            outcome = self._exchange_on(kept, target, fields, body, settings, deadline, reused=True)
            if outcome is not None:
                return outcome
        failure: OSError = ConnectionError("no address to connect to")
        for address in target.addresses:
            opened = CheckedConnection(target, address, settings.ca_file, settings.connect_timeout)
            try:
                opened.timeout = deadline.left(settings.connect_timeout)
                opened.connect()
            except OSError as error:
                opened.close()
                if isinstance(error, TimeoutError) and deadline.ends <= time.monotonic():
                    return Attempt(None, "timeout")
                failure = error
                continue
            outcome = self._exchange_on(opened, target, fields, body, settings, deadline, reused=False)
            assert outcome is not None, "only a kept connection is given up on"
            return outcome
        return Attempt(None, _failure(failure))

    def _exchange_on(
        self,
        connection: CheckedConnection,
        target: Target,
        fields: dict[str, str],
        body: bytes,
        settings: WebhookSettings,
        deadline: Deadline,
        reused: bool,
    ) -> Attempt | None:
        """The exchange on ``connection``, which is kept after it when the answer allows; None when a
        ``reused`` one turned out closed by the receiver while idle (the request goes again on a new
        one: at least once, as ever)."""
        sock = connection.sock
        assert isinstance(sock, socket.socket), "an opened connection"
        self._watchdog.watch(sock, deadline)
        try:
            sock.settimeout(deadline.left())
            connection.post(target.path, body, fields)
            answer = connection.getresponse()
            if self._watchdog.was_cut(sock):
                raise TimeoutError("the attempt's time ran out before the answer's head was read")
            try:
                excerpt = answer.read(max(0, settings.max_answer_bytes - _head_size(answer)))
            except (OSError, http.client.HTTPException):
                excerpt = b""  # the status came in time: it is the outcome, whatever its body does
        except (OSError, http.client.HTTPException) as error:
            connection.close()
            if reused and isinstance(error, CLOSED_WHILE_IDLE):
                return None
            return Attempt(None, "timeout" if deadline.ends <= time.monotonic() else _failure(error))
        finally:
            self._watchdog.release(sock)
        if answer.isclosed() and not answer.will_close:
            self.connections.keep((target.tls, target.host, target.port, settings.ca_file), connection)
        else:
            connection.close()
        status = answer.status
        if 300 <= status < 400:
            return Attempt(status, "redirect not followed", excerpt)
        return Attempt(status, None if 200 <= status < 300 else f"status {status}", excerpt)

    def _resolve_within(self, deadline: Deadline, host: str, port: int) -> Sequence[str]:
        """The resolver, given what is left of the attempt: the system's own would wait as long as
        resolv.conf says. A resolution still running then is left to finish in its thread, unheeded."""
        try:
            return self._resolvers.submit(self.resolve, host, port).result(timeout=deadline.left())
        except FutureTimeout:
            raise TimeoutError(f"{host} was not resolved in time") from None


def _head_size(answer: http.client.HTTPResponse) -> int:
    """About the bytes of the answer's status line and headers (``max_answer_bytes`` counts them)."""
    return len(answer.reason) + 15 + sum(len(name) + len(value) + 4 for name, value in answer.getheaders())


def _fields(headers: Mapping[str, str]) -> dict[str, str]:
    """The caller's headers, ours added (``user-agent``) and those the sender writes dropped."""
    fields = {name.lower(): value for name, value in headers.items()}
    for name, value in fields.items():
        if not (HEADER_NAME.fullmatch(name) and HEADER_VALUE.fullmatch(value)):
            raise ValueError(f"the header {name!r}: a line break, a NUL, a non-ASCII character or a colon")
    fields.setdefault("user-agent", USER_AGENT)
    return {name: value for name, value in fields.items() if name not in WRITTEN_BY_THE_SENDER}


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
