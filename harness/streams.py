"""Reading a game's stream (tests, benchmarks): its frames parsed, from Flask's test client or a live server.

A stream stays open while its game lasts, so it is read on a thread of its own; the test
takes frames as they come (``next``, bounded by a timeout that only guards against a
hang) while it plays moves on its own thread.
"""

from __future__ import annotations

import http.client
import json
import queue
import socket
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

HANG_GUARD = 10.0
"""Seconds a test waits for a frame before it fails: the bound of a hang, not a speed requirement."""


@dataclass(frozen=True)
class Frame:
    event: str
    """The frame's name (``game``, ``hand``, an event type), or ``keep-alive`` for a comment."""
    id: int | None
    data: Any


def sse_frames(chunks: Iterable[bytes]) -> Iterator[Frame]:
    """Frames of a Server-Sent Events body, as they complete."""
    buffer = b""
    for chunk in chunks:
        buffer += chunk
        while b"\n\n" in buffer:
            block, buffer = buffer.split(b"\n\n", 1)
            yield parse_sse(block.decode())


def parse_sse(block: str) -> Frame:
    fields: dict[str, str] = {}
    for line in block.split("\n"):
        if line.startswith(":"):
            return Frame("keep-alive", None, None)
        name, _, value = line.partition(": ")
        assert name in ("id", "event", "data") and name not in fields, block
        fields[name] = value
    return Frame(fields["event"], int(fields["id"]) if "id" in fields else None, json.loads(fields["data"]))


def ndjson_frames(chunks: Iterable[bytes]) -> Iterator[Frame]:
    buffer = b""
    for chunk in chunks:
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            if not line:
                yield Frame("keep-alive", None, None)
                continue
            document = json.loads(line)
            assert set(document) == {"event", "id", "data"}, document
            yield Frame(document["event"], document["id"], document["data"])


class StreamReader:
    """Frames of one stream, read on a thread of their own; ``ended`` once the body is over."""

    def __init__(
        self, chunks: Iterable[bytes], ndjson: bool = False, source: HttpStream | None = None
    ) -> None:
        self.source = source
        self._frames: queue.Queue[Frame | None] = queue.Queue()
        self.ended = threading.Event()
        parse = ndjson_frames if ndjson else sse_frames

        def read() -> None:
            try:
                for frame in parse(chunks):
                    self._frames.put(frame)
            finally:
                self.ended.set()
                self._frames.put(None)

        self._thread = threading.Thread(target=read, daemon=True)
        self._thread.start()

    def next(self, skip_keep_alive: bool = True) -> Frame | None:
        """The next frame; None once the stream has ended."""
        while True:
            frame = self._frames.get(timeout=HANG_GUARD)
            if frame is None:
                self._frames.put(None)
                return None
            if not (skip_keep_alive and frame.event == "keep-alive"):
                return frame

    def take(self, count: int) -> list[Frame]:
        frames = [self.next() for _ in range(count)]
        assert None not in frames, f"the stream ended after {frames}"
        return [frame for frame in frames if frame is not None]

    def close(self) -> None:
        """Hang up (a live server's stream): the reading thread ends."""
        if self.source is not None:
            self.source.close()
        self.ended.wait(HANG_GUARD)
        self._thread.join(HANG_GUARD)

    def rest(self) -> list[Frame]:
        """Every frame until the stream ends."""
        frames = []
        while (frame := self.next()) is not None:
            frames.append(frame)
        return frames


class HttpStream:
    """``GET path`` on a live server, read chunk by chunk as it arrives; ``close`` ends it from outside."""

    def __init__(self, url: str, path: str, headers: dict[str, str], timeout: float = HANG_GUARD) -> None:
        """``timeout``: seconds without a byte before the stream is taken for hung (and ends)."""
        parts = urlsplit(url)
        self.connection = http.client.HTTPConnection(
            parts.hostname or "127.0.0.1", parts.port, timeout=timeout
        )
        self.connection.request("GET", path, headers=headers)
        self.response = self.connection.getresponse()
        assert self.response.status == 200, self.response.read()

    def chunks(self) -> Iterator[bytes]:
        try:
            while chunk := self.response.read1(65536):
                yield chunk
        except (OSError, http.client.HTTPException):
            return  # hung up by ``close`` (a chunked body cut short)
        finally:
            self.response.close()
            self.connection.close()

    def close(self) -> None:
        if self.connection.sock is not None:
            self.connection.sock.shutdown(socket.SHUT_RDWR)
