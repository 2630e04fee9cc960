"""A lean way to send commands to one Redis server: RESP over TCP, TLS or a unix socket, by hiredis.

Why not redis-py here: each of its commands passes a retry wrapper, a pool that polls
the socket before lending it, hooks and a packer in Python, which cost more than judging
a move (docs/PERFORMANCE.md, "Where a move's time goes"). Every command of the store on
a single server goes through this; a cluster stays on redis-py, whose client knows slots.

It keeps redis-py's behaviour where the store relies on it: its URL and TLS parameters
(``rediss://...?ssl_cert_reqs=required&ssl_ca_certs=/path``, named as redis-py names
them), a bounded pool (a request waits ``socket_timeout`` at most for a connection),
timeouts, one retry 50 ms later on a connection that failed (a save that did land then
meets its version check), and redis-py's exception classes, which ``connection.translated``
turns into the store's own errors. Each round trip first lets the worker's other ready
requests run (``service.greenlets.turn_passer``): see docs/PERFORMANCE.md, "The tail".
"""

from __future__ import annotations

import contextlib
import os
import socket
import ssl
import time
from collections import deque
from collections.abc import Sequence
from typing import Any

import hiredis
from redis import exceptions as rex
from redis.connection import SSLConnection, parse_url

from service.greenlets import bounded_semaphore, turn_passer
from service.store.config import RedisOptions

RETRY_DELAY = 0.05
READ_SIZE = 65536
MAX_BLOCK_SECONDS = 30.0
"""The longest blocking read (a stream's wait for events); a waiting connection waits that much longer."""

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

    __del__ = close  # a pool dropped without ``close`` lets its sockets go quietly, as redis-py's do


_CERT_REQUIREMENTS = {"none": ssl.CERT_NONE, "optional": ssl.CERT_OPTIONAL, "required": ssl.CERT_REQUIRED}
_UNSUPPORTED_TLS = (
    "ssl_validate_ocsp",
    "ssl_validate_ocsp_stapled",
    "ssl_ocsp_context",
    "ssl_ocsp_expected_cert",
)


def tls_context(params: dict[str, Any]) -> ssl.SSLContext | None:
    """The TLS context of a ``rediss://`` URL's parameters (redis-py's names and defaults); None
    for plain TCP or a unix socket. A parameter this connection cannot honour stops the start."""
    if params.get("connection_class") is not SSLConnection:
        return None
    unsupported = [name for name in _UNSUPPORTED_TLS if params.get(name)]
    if unsupported:
        raise ValueError(f"REDIS_URL: {', '.join(unsupported)} is not supported")
    requirement = params.get("ssl_cert_reqs", "required")
    if isinstance(requirement, str):
        if requirement not in _CERT_REQUIREMENTS:
            raise ValueError(
                f"REDIS_URL: ssl_cert_reqs={requirement!r} is not one of none, optional, required"
            )
        requirement = _CERT_REQUIREMENTS[requirement]
    context = ssl.create_default_context()
    context.check_hostname = params.get("ssl_check_hostname") is not False and requirement != ssl.CERT_NONE
    context.verify_mode = requirement
    if params.get("ssl_certfile"):
        context.load_cert_chain(params["ssl_certfile"], params.get("ssl_keyfile"), params.get("ssl_password"))
    authorities = {name: params.get(f"ssl_ca_{name}") for name in ("certs", "path", "data")}
    if any(authorities.values()):
        context.load_verify_locations(authorities["certs"], authorities["path"], authorities["data"])
    if params.get("ssl_min_version") is not None:
        context.minimum_version = ssl.TLSVersion(int(params["ssl_min_version"]))
    if params.get("ssl_ciphers"):
        context.set_ciphers(params["ssl_ciphers"])
    return context


class Wire:
    """Pooled connections to one Redis server; thread- and greenlet-safe, one per process.

    ``waiting``: the connections of blocking reads (streams following games), unbounded in
    number (each followed game holds one while it waits), whose replies may take
    ``MAX_BLOCK_SECONDS`` longer.
    """

    def __init__(self, options: RedisOptions, waiting: bool = False) -> None:
        params = parse_url(options.url)  # type: ignore[no-untyped-call]  # a bad URL: configuration error, now
        self.path: str | None = params.get("path")
        self.address = (params.get("host") or "localhost", int(params.get("port") or 6379))
        self.tls = tls_context(params)
        self.db = int(params.get("db") or 0)
        self.username: str | None = params.get("username")
        self.password: str | None = params.get("password")
        self.connect_timeout = options.connect_timeout
        self.socket_timeout = options.socket_timeout + (MAX_BLOCK_SECONDS if waiting else 0.0)
        self._slots = None if waiting else bounded_semaphore(options.pool_size)
        self._pass_turn = turn_passer()
        self._idle: deque[_Connection] = deque()
        self._pid = os.getpid()

    def call(self, *command: Any) -> Any:
        """One command's reply; an error reply is raised as redis-py's exception for it."""
        (reply,) = self.pipeline([command])
        if isinstance(reply, Exception):
            raise reply
        return reply

    def pipeline(self, commands: Sequence[Command]) -> list[Any]:
        """Several commands in one round trip; error replies come back as exceptions in their place."""
        packed = b"".join(hiredis.pack_command(tuple(command)) for command in commands)
        self._pass_turn()  # the worker's other ready requests go first
        if self._slots is None:
            replies = self._exchange(packed, len(commands))
        else:
            if not self._slots.acquire(timeout=self.socket_timeout):
                raise rex.ConnectionError("no free Redis connection in this process")
            try:
                replies = self._exchange(packed, len(commands))
            finally:
                self._slots.release()
        return [reply_error(str(r)) if isinstance(r, hiredis.ReplyError) else r for r in replies]

    def keys_matching(self, pattern: str) -> list[bytes]:
        """Every key that matches ``pattern`` (a SCAN, a thousand at a time)."""
        found: list[bytes] = []
        cursor = b"0"
        while True:
            cursor, page = self.call("SCAN", cursor, "MATCH", pattern, "COUNT", 1000)
            found += page
            if cursor == b"0":
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
                if self.tls is not None:  # the handshake, within the connect timeout
                    sock = self.tls.wrap_socket(sock, server_hostname=self.address[0])
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
