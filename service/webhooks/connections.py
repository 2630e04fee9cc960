"""Open connections to receivers, kept between attempts (HTTP/1.1 keep-alive).

A new TLS connection per attempt cost the sender and the receiver a handshake each, more than the
delivery itself. A kept connection is reused only for an attempt whose checked addresses hold the
address it is connected to (``take`` is given them), so reuse never reaches an address the check
of this attempt did not pass: no second resolution, no rebinding through an old connection. One
that lay idle longer than ``IDLE_SECONDS``, or that the receiver closed or wrote to unasked, is
dropped instead of reused.
"""

from __future__ import annotations

import functools
import http.client
import select
import socket
import ssl
import threading
import time
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

from service.webhooks.addresses import Target

IDLE_SECONDS = 15.0
"""A connection idle this long is not reused (receivers close theirs after 60 s or more: nginx 75 s)."""
KEPT_PER_ENDPOINT = 8
"""Idle connections kept per receiver and address: at least as many as a worker's senders."""
KEPT_IN_ALL = 256
"""Idle connections one process keeps at most, all receivers together."""

Endpoint = tuple[bool, str, int, str | None]
"""What a connection was opened for: TLS or not, the host its certificate was verified for, the port,
and the authorities trusted (``WEBHOOK_CA_FILE``)."""


class CheckedConnection(http.client.HTTPConnection):
    """``http.client``'s connection, opened to an address the URL's check passed (never resolving the
    name again), with TLS for the URL's host when the URL is ``https``."""

    def __init__(self, target: Target, address: str, ca_file: str | None, timeout: float) -> None:
        super().__init__(target.host, target.port, timeout=timeout)
        self.address, self.tls, self.ca_file = address, target.tls, ca_file
        self.default_port = 443 if target.tls else 80  # the Host header names the port when not this
        self._body = b""

    def post(self, path: str, body: bytes, fields: Mapping[str, str]) -> None:
        """The request written whole in one write (one TLS record: ``http.client`` would write its
        head, then its body, and a sender that dies between leaves a receiver a head without a body)."""
        self.putrequest("POST", path, skip_accept_encoding=True)
        for name, value in fields.items():
            self.putheader(name, value)
        self.putheader("Content-Length", str(len(body)))
        self._body = body
        self.endheaders()

    def send(self, data: Any) -> None:
        """``http.client`` sends the head: the body held by ``post`` goes with it."""
        body, self._body = self._body, b""
        super().send(data + body if body else data)

    def connect(self) -> None:
        raw = socket.create_connection((self.address, self.port), self.timeout)
        try:
            raw.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.sock = (
                _context(self.ca_file).wrap_socket(raw, server_hostname=self.host) if self.tls else raw
            )
        except BaseException:
            raw.close()
            raise


@functools.lru_cache(maxsize=4)
def _context(ca_file: str | None) -> ssl.SSLContext:
    """A client's TLS context: certificates verified, host names checked (one per CA file, shared)."""
    return ssl.create_default_context(cafile=ca_file)


class Connections:
    """Idle connections by endpoint and address; safe to share between the sender threads."""

    def __init__(self, idle_seconds: float = IDLE_SECONDS) -> None:
        self.idle_seconds = idle_seconds
        self._idle: dict[tuple[Endpoint, str], deque[tuple[float, CheckedConnection]]] = {}
        self._count = 0
        self._lock = threading.Lock()

    def take(self, endpoint: Endpoint, addresses: Iterable[str]) -> CheckedConnection | None:
        """A kept connection to one of ``addresses`` (in their order) that is still usable, or None."""
        for address in addresses:
            while (found := self._pop((endpoint, address))) is not None:
                if _usable(found):
                    return found
                found.close()
        return None

    def keep(self, endpoint: Endpoint, connection: CheckedConnection) -> None:
        """``connection`` (its answer read to the end) kept for the next attempt, or closed when full."""
        with self._lock:
            kept = self._idle.setdefault((endpoint, connection.address), deque())
            if len(kept) < KEPT_PER_ENDPOINT and self._count < KEPT_IN_ALL:
                kept.append((time.monotonic(), connection))
                self._count += 1
                return
        connection.close()

    def close(self) -> None:
        with self._lock:
            idle, self._idle, self._count = self._idle, {}, 0
        for kept in idle.values():
            for _, connection in kept:
                connection.close()

    def _pop(self, key: tuple[Endpoint, str]) -> CheckedConnection | None:
        """The most recently kept connection of ``key``, if it is not too old (else it and all older
        ones are closed)."""
        with self._lock:
            kept = self._idle.get(key)
            if not kept:
                return None
            since, connection = kept.pop()
            self._count -= 1
            fresh = time.monotonic() - since < self.idle_seconds
            stale = [] if fresh else [connection, *(older for _, older in kept)]
            if stale:
                self._count -= len(kept)
                kept.clear()
            if not kept:
                del self._idle[key]
        for old in stale:
            old.close()
        return None if stale else connection


def _usable(connection: CheckedConnection) -> bool:
    """Nothing to read on an idle connection: a closed one reads as ready (its end), and a receiver
    that wrote unasked broke HTTP's turn-taking."""
    sock = connection.sock
    if sock is None or (isinstance(sock, ssl.SSLSocket) and sock.pending()):
        return False
    try:
        readable, _, _ = select.select([sock], [], [], 0)
    except (OSError, ValueError):
        return False
    return not readable
