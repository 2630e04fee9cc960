"""Sending a step's request: to the app in this process (Flask's test client), or over HTTP to a server.

A stream is read for the frames a step asks for, then closed. A raw request (bytes the HTTP
server refuses before any operation runs) can only go over a socket.
"""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterable, Iterator
from typing import Any
from urllib.parse import urlsplit

from flask import Flask

from harness.examples.steps import Answer, Request, Transport
from harness.http_client import raw_exchange

TIMEOUT = 30.0
"""Seconds one answer may take: a guard against a hang, not a speed requirement."""
STREAMS = ("text/event-stream", "application/x-ndjson")


def _payload(request: Request) -> bytes | None:
    if request.body is None or isinstance(request.body, bytes):
        return request.body
    return json.dumps(request.body).encode()


def _parsed(content_type: str, data: bytes) -> Any:
    if "json" in content_type:
        return json.loads(data) if data else None
    return data.decode()


def _stream_body(content_type: str, chunks: Iterable[bytes], frames: int) -> Any:
    """The first ``frames`` frames: SSE as their text, NDJSON as the first frame's object (one line is one
    ``StreamFrame``) or the list of them."""
    separator = b"\n\n" if content_type.startswith("text/event-stream") else b"\n"
    taken: list[bytes] = []
    buffer = b""
    for chunk in chunks:
        buffer += chunk
        while separator in buffer and len(taken) < frames:
            frame, buffer = buffer.split(separator, 1)
            if frame.strip():
                taken.append(frame)
        if len(taken) == frames:
            break
    if separator == b"\n\n":
        return "".join(frame.decode() + "\n\n" for frame in taken)
    parsed = [json.loads(frame) for frame in taken]
    return parsed[0] if frames == 1 else parsed


class AppTransport:
    """Requests to a Flask app in this process; ``raw`` requests go to ``server`` (a running copy of it)."""

    def __init__(self, app: Flask, server: Transport | None = None) -> None:
        self.client = app.test_client()
        self.server = server

    def send(self, request: Request) -> Answer:
        if request.raw is not None:
            if self.server is None:
                raise RuntimeError("a raw request needs an HTTP server to refuse it")
            return self.server.send(request)
        headers = {"Content-Type": request.content_type, **request.headers}
        response = self.client.open(
            request.path,
            method=request.method,
            data=_payload(request),
            headers=headers,
            buffered=request.frames is None,
        )
        content_type = response.headers.get("Content-Type", "")
        if request.frames is not None and content_type.startswith(STREAMS):
            body = _stream_body(content_type, response.iter_encoded(), request.frames)
            response.close()
        else:
            body = _parsed(content_type, response.get_data())
        return Answer(response.status_code, content_type, body)


class HttpTransport:
    """Requests over HTTP/1.1 to a running server, a new connection each (raw ones are closed by it)."""

    def __init__(self, base_url: str) -> None:
        parts = urlsplit(base_url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80

    def send(self, request: Request) -> Answer:
        if request.raw is not None:
            return self._send_raw(request.raw)
        connection = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT)
        try:
            headers = {"Content-Type": request.content_type, **request.headers}
            connection.request(request.method, request.path, body=_payload(request), headers=headers)
            response = connection.getresponse()
            content_type = response.getheader("Content-Type", "")
            if request.frames is not None and content_type.startswith(STREAMS):
                body = _stream_body(content_type, _chunks(response), request.frames)
            else:
                body = _parsed(content_type, response.read())
            return Answer(response.status, content_type, body)
        finally:
            connection.close()

    def _send_raw(self, raw: bytes) -> Answer:
        status, headers, data = raw_exchange(self.host, self.port, raw, TIMEOUT)
        content_type = headers.get("content-type", "")
        return Answer(status, content_type, _parsed(content_type, data))


def _chunks(response: http.client.HTTPResponse) -> Iterator[bytes]:
    while chunk := response.read1(65536):
        yield chunk
