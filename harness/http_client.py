"""A small keep-alive JSON client for tests, benchmarks and reliability runs against a live server."""

from __future__ import annotations

import http.client
import json
import select
import socket
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    """Names in lower case."""
    body: Any
    """The parsed JSON when the answer says it is JSON, else None."""
    raw: bytes


def raw_exchange(
    host: str, port: int, request: bytes, timeout: float = 10.0
) -> tuple[int, dict[str, str], bytes]:
    """Write ``request`` to the server as it is (malformed HTTP included) and read until it closes:
    the status, the headers (names in lower case) and the body."""
    with socket.create_connection((host, port), timeout=timeout) as connection:
        connection.sendall(request)
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, value in (line.split(":", 1) for line in header_lines)}
    return int(status_line.split()[1]), headers, body


class Requester(Protocol):
    """A ``Client``, or anything that answers the same ``request``: several clients behind one
    (tests/service), Flask's test client behind an adapter (tests/api)."""

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer: ...


class Client:
    """One HTTP/1.1 connection (not thread-safe: one per thread); reconnects after a failure.

    Like urllib3's pools, it does not send on a kept-alive connection that the server has
    closed while it sat idle (gunicorn closes one after ``keepalive`` seconds, 5): it looks
    first, and opens a new one. Without that, a client idle for 5 s on a slow machine met a
    broken pipe that was the client's doing, not the service's (reliability's races, no
    answer for 1 to 7 requests a run on 2026-12-01).
    """

    def __init__(self, base_url: str, timeout: float = 10.0) -> None:
        parts = urlsplit(base_url)
        self.host, self.port, self.timeout = parts.hostname or "127.0.0.1", parts.port, timeout
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=timeout)

    def _closed_by_the_server(self) -> bool:
        """An idle connection is readable only when the server closed it (no answer is pending)."""
        sock = self.connection.sock
        if sock is None:
            return False
        readable, _, _ = select.select([sock], [], [], 0)
        return bool(readable)

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        sent = {"Content-Type": "application/json", **(headers or {})}
        if token:
            sent["Authorization"] = f"Bearer {token}"
        payload = body if isinstance(body, bytes) else (json.dumps(body) if body is not None else None)
        if self._closed_by_the_server():
            self.connection.close()  # the next request() connects anew
        try:
            self.connection.request(method, path, body=payload, headers=sent)
            answer = self.connection.getresponse()
            raw = answer.read()
        except (OSError, http.client.HTTPException):
            self.connection.close()
            self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            raise
        received = {name.lower(): value for name, value in answer.getheaders()}
        parsed = json.loads(raw) if raw and "json" in received.get("content-type", "") else None
        return Answer(answer.status, received, parsed, raw)

    def call(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, dict[str, Any]]:
        """Status and JSON body only: the common case."""
        answer = self.request(method, path, body, token)
        return answer.status, answer.body or {}

    def close(self) -> None:
        self.connection.close()
