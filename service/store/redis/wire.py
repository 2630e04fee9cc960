"""A lean way to send commands to one Redis server: RESP over a socket, packed and parsed by hiredis.

Why not redis-py here: every redis-py command passes a retry wrapper, a pool that
polls the socket before lending it, observability hooks and a packer in Python,
about 150,000 instructions a command, more than judging a move (docs/PERFORMANCE.md).
Scripts, a game's load and the move path's pipelined pair go through this instead,
on a plain server (``redis://`` or ``unix://``); a cluster, TLS (``rediss://``) and the
rest of the store stay on redis-py.

It keeps redis-py's behaviour where the store relies on it: a bounded pool (a request
waits ``socket_timeout`` at most for a connection), timeouts, one retry 50 ms later on
a connection that failed (a socket that died with a Redis restart; a save that did land
then meets its version check), and redis-py's exception classes, which
``connection.translated`` turns into the store's own errors.

Each round trip starts by passing the turn (``service.greenlets.turn_passer``): in a gevent
worker, the worker's other requests that are ready run first, those whose replies have
arrived included. Without a yield the requests of one worker split into two populations,
most served at once and a few overtaken again and again (inside one worker at 64
connections: p50 0.6 ms, p99 72 ms). ``gevent.sleep(0)`` fixed that but, not polling the
sockets, left a request whose reply had arrived waiting behind the others for up to 5 ms
(the p99 at four connections, docs/PERFORMANCE.md). ``gevent.idle()`` (wait until nothing
else is ready) starved a request while a flooding client kept the worker busy with cheap
refusals (p99 432 ms in reliability's tenants scenario). The pool's slots are a
``SlotQueue``, which does not yield on its own (``slots``).
"""

from __future__ import annotations

import contextlib
import os
import queue
import socket
import time
from collections import deque
from collections.abc import Sequence
from typing import Any

import hiredis
from redis import exceptions as rex
from redis.connection import parse_url

from service.greenlets import turn_passer
from service.store.config import RedisOptions
from service.store.redis.slots import SlotQueue

RETRY_DELAY = 0.05
READ_SIZE = 65536

Command = Sequence[Any]

# Error replies whose redis-py class ``translated`` needs to tell "unavailable" from a bug.
_REPLY_ERRORS: tuple[tuple[str, type[rex.ResponseError]], ...] = (
    ("NOSCRIPT", rex.NoScriptError),
    ("READONLY", rex.ReadOnlyError),
    ("OOM", rex.OutOfMemoryError),
)
_CONNECTION_REPLIES = ("LOADING", "NOAUTH", "WRONGPASS", "NOPERM")
"""Replies redis-py raises as a ConnectionError subclass: this server cannot serve us now."""


def reply_error(message: str) -> Exception:
    for prefix, kind in _REPLY_ERRORS:
        if message.startswith(prefix):
            return kind(message)
    if message.startswith(_CONNECTION_REPLIES):
        return rex.ConnectionError(message)
    return rex.ResponseError(message)


class _Connection:
    """One socket and its reply parser; closed, never reused, after any error."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.reader = hiredis.Reader()

    def exchange(self, packed: bytes, replies: int) -> list[Any]:
        self.sock.sendall(packed)
        answers: list[Any] = []
        while len(answers) < replies:
            reply = self.reader.gets()
            if reply is False:
                data = self.sock.recv(READ_SIZE)
                if not data:
                    raise rex.ConnectionError("Redis closed the connection")
                self.reader.feed(data)
            else:
                answers.append(reply)
        return answers

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()


class Wire:
    """Pooled connections to one Redis server; thread- and greenlet-safe, one per process."""

    def __init__(self, options: RedisOptions) -> None:
        params = parse_url(options.url)  # type: ignore[no-untyped-call]
        self.path: str | None = params.get("path")
        self.address = (params.get("host") or "localhost", int(params.get("port") or 6379))
        self.db = int(params.get("db") or 0)
        self.username: str | None = params.get("username")
        self.password: str | None = params.get("password")
        self.connect_timeout = options.connect_timeout
        self.socket_timeout = options.socket_timeout
        self._slots: SlotQueue[None] = SlotQueue(options.pool_size)
        for _ in range(options.pool_size):
            self._slots.put_nowait(None)
        self._pass_turn = turn_passer()
        self._idle: deque[_Connection] = deque()
        self._pid = os.getpid()

    @staticmethod
    def serves(options: RedisOptions) -> bool:
        """Plain Redis over TCP or a unix socket; a cluster and TLS are left to redis-py."""
        return not options.cluster and options.url.startswith(("redis://", "unix://"))

    def call(self, *command: Any) -> Any:
        """One command's reply; an error reply is raised as redis-py's exception for it."""
        (reply,) = self.pipeline([command], raise_on_error=True)
        return reply

    def pipeline(self, commands: Sequence[Command], raise_on_error: bool = False) -> list[Any]:
        """Several commands in one round trip; error replies come back as exceptions in their place."""
        packed = b"".join(hiredis.pack_command(tuple(command)) for command in commands)
        self._pass_turn()  # the worker's other ready requests go first: see the module's notes
        try:
            self._slots.get(timeout=self.socket_timeout)
        except queue.Empty:
            raise rex.ConnectionError("no free Redis connection in this process") from None
        try:
            replies = self._exchange(packed, len(commands))
        finally:
            self._slots.put_nowait(None)
        found = [reply_error(str(r)) if isinstance(r, hiredis.ReplyError) else r for r in replies]
        if raise_on_error:
            for reply in found:
                if isinstance(reply, Exception):
                    raise reply
        return found

    def _exchange(self, packed: bytes, replies: int) -> list[Any]:
        try:
            return self._use(self._take(), packed, replies)
        except rex.ConnectionError:  # not a timeout: the command may be running, never sent twice
            time.sleep(RETRY_DELAY)  # the socket died with a restart, or the server is going away
            return self._use(self._connect(), packed, replies)

    def _use(self, connection: _Connection, packed: bytes, replies: int) -> list[Any]:
        try:
            answers = connection.exchange(packed, replies)
        except BaseException as error:
            connection.close()  # a reply half read: this socket's next reply would be the wrong one
            if isinstance(error, OSError):
                raise _as_redis_error(error) from error
            raise
        self._idle.append(connection)
        return answers

    def _take(self) -> _Connection:
        if os.getpid() != self._pid:  # forked: the parent's sockets are not ours to use
            self._idle.clear()
            self._pid = os.getpid()
        try:
            return self._idle.pop()
        except IndexError:
            return self._connect()

    def _connect(self) -> _Connection:
        try:
            if self.path is not None:
                sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                sock.settimeout(self.connect_timeout)
                sock.connect(self.path)
            else:
                sock = socket.create_connection(self.address, timeout=self.connect_timeout)
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.settimeout(self.socket_timeout)
        except OSError as error:
            raise _as_redis_error(error) from error
        connection = _Connection(sock)
        try:
            handshake: list[tuple[Any, ...]] = []
            if self.password is not None:
                credentials = (self.password,) if self.username is None else (self.username, self.password)
                handshake.append(("AUTH", *credentials))
            if self.db:
                handshake.append(("SELECT", self.db))
            if handshake:
                packed = b"".join(hiredis.pack_command(command) for command in handshake)
                for reply in connection.exchange(packed, len(handshake)):
                    if isinstance(reply, hiredis.ReplyError):
                        raise reply_error(str(reply))
        except BaseException as error:
            connection.close()
            if isinstance(error, OSError):
                raise _as_redis_error(error) from error
            raise
        return connection

    def close(self) -> None:
        while self._idle:
            self._idle.pop().close()


def _as_redis_error(error: BaseException) -> rex.RedisError:
    if isinstance(error, rex.RedisError):
        return error
    if isinstance(error, TimeoutError):
        return rex.TimeoutError(str(error) or "Redis timed out")
    return rex.ConnectionError(f"{type(error).__name__}: {error}")
