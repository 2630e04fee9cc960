"""A real HTTPS receiver of webhook deliveries, for tests: it records each request and answers as told.

It listens on a free port of 127.0.0.1 with a certificate for ``127.0.0.1`` and ``localhost``
signed by an authority made at start (``harness.certificates``): a sender trusts ``ca_file``
(``WEBHOOK_CA_FILE``) and allows ``ALLOWED_NETWORKS`` (``WEBHOOK_ALLOWED_NETWORKS``), since
loopback is refused otherwise. Each request takes the next of the answers queued
(``answer_with``), then ``default``: a status, a body (or a huge or endless one), a delay, no
answer at all, an answer dripped a byte at a time, a redirect.

    with WebhookReceiver() as receiver:
        receiver.answer_with(Answer(500), Answer(410))
        ...  # deliver to receiver.url()
        first, second = receiver.wait_for(2)
"""

from __future__ import annotations

import contextlib
import http
import socket
import ssl
import tempfile
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from harness.certificates import Certificates, make_certificates

ALLOWED_NETWORKS = "127.0.0.0/8"
CHUNK = 16 * 1024
IDLE_SECONDS = 30.0
"""A connection neither side uses for this long is dropped (so stopping never waits on a stuck peer)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """How the receiver answers one request."""

    status: int = 200
    body: bytes = b""
    size: int = 0
    """When more than ``len(body)``: the body is this many bytes (``body``, then ``x``s)."""
    endless: bool = False
    """The body never ends (no length, the connection closed only by the sender)."""
    drip: float = 0.0
    """Seconds between two bytes of the whole answer, status line included: a slow-drip receiver."""
    delay: float = 0.0
    """Seconds before the answer starts."""
    silent: bool = False
    """Never answer (the connection is held until the receiver stops)."""
    location: str | None = None
    """A ``Location`` header: with a 3xx status, a redirect."""
    headers: tuple[tuple[str, str], ...] = ()
    close: bool = False
    """Close the connection after this answer (one that drips, never ends or never comes always does;
    else it stays open for the sender's next request: keep-alive)."""

    @property
    def closes(self) -> bool:
        return self.close or self.endless or self.silent or self.drip > 0

    @classmethod
    def redirect(cls, location: str, status: int = 302) -> Answer:
        return cls(status, location=location)


@dataclass(frozen=True, slots=True)
class Received:
    """One request as it came: header names in lower case."""

    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    peer: tuple[str, int] = ("", 0)
    """The sender's address and port: two requests with one peer came on one (kept-alive) connection."""
    received_at: float = field(default_factory=time.time)


class WebhookReceiver:
    """An HTTPS server on 127.0.0.1 that records requests and answers ``answer_with``'s answers in turn."""

    def __init__(
        self, certificates: Certificates | None = None, default: Answer | None = None, port: int = 0
    ) -> None:
        self._port = port
        self._directory: tempfile.TemporaryDirectory[str] | None = None
        if certificates is None:
            self._directory = tempfile.TemporaryDirectory(prefix="webhook-receiver-")
            certificates = make_certificates(Path(self._directory.name))
        self.certificates = certificates
        self.default = default or Answer()
        self.stopping = threading.Event()
        self._answers: deque[Answer] = deque()
        self._received: list[Received] = []
        self._changed = threading.Condition()
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def ca_file(self) -> str:
        """The authority that signed the receiver's certificate: what a sender must trust."""
        return str(self.certificates.ca)

    @property
    def port(self) -> int:
        assert self._server is not None, "the receiver is not started"
        return int(self._server.server_address[1])

    def url(self, path: str = "/webhook", host: str = "127.0.0.1") -> str:
        """``https://127.0.0.1:<port><path>`` (``host="localhost"``: by the certificate's name)."""
        return f"https://{host}:{self.port}{path}"

    def answer_with(self, *answers: Answer) -> None:
        """Queue answers for the next requests, in order; after them, ``default``."""
        with self._changed:
            self._answers.extend(answers)

    def received(self) -> list[Received]:
        with self._changed:
            return list(self._received)

    def wait_for(self, count: int, timeout: float = 30.0) -> list[Received]:
        """The requests once there are ``count`` at least; ``TimeoutError`` if they do not come in time."""
        with self._changed:
            if not self._changed.wait_for(lambda: len(self._received) >= count, timeout):
                raise TimeoutError(f"{len(self._received)} requests came, not {count}")
            return list(self._received)

    def start(self) -> Self:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(self.certificates.certificate, self.certificates.key)
        server = _Server(("127.0.0.1", self._port), _Handler)
        server.receiver = self
        server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
        self._server = server
        self._thread = threading.Thread(
            target=server.serve_forever, args=(0.05,), name="webhook-receiver", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.cut_open_connections()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join()
        if self._directory is not None:
            self._directory.cleanup()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()

    def _record(self, request: Received) -> Answer:
        with self._changed:
            self._received.append(request)
            self._changed.notify_all()
            return self._answers.popleft() if self._answers else self.default


class _Server(ThreadingHTTPServer):
    receiver: WebhookReceiver
    daemon_threads = False
    block_on_close = True

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.open_connections: set[socket.socket] = set()
        self.connections_lock = threading.Lock()

    def cut_open_connections(self) -> None:
        """Every kept-alive connection ended, so that its thread (waiting for a next request) ends."""
        with self.connections_lock:
            for connection in self.open_connections:
                with contextlib.suppress(OSError):
                    connection.shutdown(socket.SHUT_RDWR)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A sender that went away (cut off, refused our certificate) is what some tests are about."""


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = IDLE_SECONDS
    server: _Server

    def setup(self) -> None:
        super().setup()
        with self.server.connections_lock:
            self.server.open_connections.add(self.connection)

    def finish(self) -> None:
        with self.server.connections_lock:
            self.server.open_connections.discard(self.connection)
        super().finish()

    def do_POST(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length)
        if len(body) < length:  # its sender died mid-request: no request came, as any server sees it
            self.close_connection = True
            return
        headers = {name.lower(): value for name, value in self.headers.items()}
        receiver = self.server.receiver
        peer = (str(self.client_address[0]), int(self.client_address[1]))
        answer = receiver._record(Received(self.command, self.path, headers, body, peer))
        self.close_connection = answer.closes
        if answer.silent:
            receiver.stopping.wait()
        elif not receiver.stopping.wait(answer.delay):
            self._answer(answer, receiver.stopping)

    do_GET = do_PUT = do_PATCH = do_DELETE = do_POST

    def _answer(self, answer: Answer, stopping: threading.Event) -> None:
        body = answer.body + b"x" * max(0, answer.size - len(answer.body))
        lines = [f"HTTP/1.1 {answer.status} {_reason(answer.status)}"]
        lines += ["connection: close"] if answer.closes else []
        lines += [] if answer.endless else [f"content-length: {len(body)}"]
        lines += [] if answer.location is None else [f"location: {answer.location}"]
        lines += [f"{name}: {value}" for name, value in answer.headers]
        message = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body
        if answer.drip > 0:
            for index in range(len(message)):
                self.wfile.write(message[index : index + 1])
                if stopping.wait(answer.drip):
                    return
        else:
            self.wfile.write(message)
        while answer.endless and not stopping.is_set():
            self.wfile.write(b"x" * CHUNK)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: a test reads ``received()``, not a log."""


def _reason(status: int) -> str:
    try:
        return http.HTTPStatus(status).phrase
    except ValueError:
        return "Unknown"
