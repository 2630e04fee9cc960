"""Open connections to receivers, kept between attempts (HTTP/1.1 keep-alive).

A new TLS connection per attempt cost the sender and the receiver a handshake each, more than the
delivery itself. A kept connection is reused only for an attempt whose checked addresses hold the
address it is connected to (``take`` is given them), so reuse never reaches an address the check
of this attempt did not pass: no second resolution, no rebinding through an old connection. One
that lay idle longer than ``IDLE_SECONDS``, or that the receiver closed or wrote to unasked, is
dropped instead of reused.
"""

from __future__ import annotations

import select
import socket
import ssl
import threading
import time
from collections import deque
from collections.abc import Iterable

IDLE_SECONDS = 15.0
"""A connection idle this long is not reused (receivers close theirs after 60 s or more: nginx 75 s)."""
KEPT_PER_ENDPOINT = 8
"""Idle connections kept per receiver and address: at least as many as a worker's senders."""
KEPT_IN_ALL = 256
"""Idle connections one process keeps at most, all receivers together."""

Endpoint = tuple[bool, str, int, str | None]
"""What a connection was opened for: TLS or not, the host its certificate was verified for, the port,
and the authorities trusted (``WEBHOOK_CA_FILE``)."""


class Connections:
    """Idle connections by endpoint and address; safe to share between the sender threads."""

    def __init__(self, idle_seconds: float = IDLE_SECONDS) -> None:
        self.idle_seconds = idle_seconds
        self._idle: dict[tuple[Endpoint, str], deque[tuple[float, socket.socket]]] = {}
        self._count = 0
        self._lock = threading.Lock()

    def take(self, endpoint: Endpoint, addresses: Iterable[str]) -> tuple[str, socket.socket] | None:
        """A kept connection to one of ``addresses`` (in their order) that is still usable, or None."""
        for address in addresses:
            while (found := self._pop((endpoint, address))) is not None:
                if _usable(found):
                    return address, found
                found.close()
        return None

    def keep(self, endpoint: Endpoint, address: str, connection: socket.socket) -> None:
        """``connection`` (its answer read to the end) kept for the next attempt, or closed when full."""
        with self._lock:
            kept = self._idle.setdefault((endpoint, address), deque())
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

    def _pop(self, key: tuple[Endpoint, str]) -> socket.socket | None:
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


def _usable(connection: socket.socket) -> bool:
    """Nothing to read on an idle connection: a closed one reads as ready (its end), and a receiver
    that wrote unasked broke HTTP's turn-taking."""
    if isinstance(connection, ssl.SSLSocket) and connection.pending():
        return False
    try:
        readable, _, _ = select.select([connection], [], [], 0)
    except (OSError, ValueError):
        return False
    return not readable
