"""A Redis Cluster through redis-py's client, which knows the slots: the one topology the lean
connection (``wire``) does not serve. Its replies are given as a single server's raw RESP
replies (as hiredis reads them), so the store reads one shape whatever the topology."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from redis import exceptions as rex
from redis.backoff import ConstantBackoff
from redis.cluster import RedisCluster
from redis.connection import BlockingConnectionPool, ConnectionPool, parse_url
from redis.retry import Retry

from service.greenlets import lifo_queue_class
from service.store.config import RedisOptions
from service.store.redis.wire import MAX_BLOCK_SECONDS, RETRY_DELAY, Command

_SCRIPTS = frozenset({"EVAL", "EVALSHA"})
"""redis-py sends no script in a cluster pipeline: those go one by one."""


def _entries(entries: Any) -> list[Any]:
    return [[entry_id, [item for pair in fields.items() for item in pair]] for entry_id, fields in entries]


def _scored(pairs: Any) -> list[Any]:
    """Members and their scores; the store's scores are whole numbers (positions in microseconds)."""
    return [item for member, score in pairs for item in (member, b"%d" % score)]


def _streams(streams: Any) -> Any:
    return [[key, _entries(entries)] for key, entries in streams] if streams else None


_AS_RAW: dict[str, Callable[[Any], Any]] = {
    "XRANGE": _entries,
    "XREAD": _streams,
    "XREADGROUP": _streams,
    "XAUTOCLAIM": lambda reply: [reply[0], _entries(reply[1]), *reply[2:]],
    "ZREVRANGEBYSCORE": _scored,
}
"""The commands whose replies redis-py reshapes, and how to give them back as RESP gave them."""


def connector(options: RedisOptions, waiting: bool) -> Callable[[], RedisCluster]:
    """How to connect: fail fast, one retry 50 ms later on a connection error (a socket that died
    with a restart); a request waits ``socket_timeout`` at most for a free pooled connection.
    ``waiting``: the connections of blocking reads, as ``Wire``'s."""
    url = options.url
    parsed = parse_url(url)  # type: ignore[no-untyped-call]  # a bad URL: configuration error, now
    if "path" in parsed or parsed.get("db", 0) != 0:
        raise ValueError("Redis Cluster needs a redis:// or rediss:// URL with database 0")
    retry = Retry(ConstantBackoff(RETRY_DELAY), retries=1, supported_errors=(rex.ConnectionError,))
    settings: dict[str, Any] = {
        "socket_connect_timeout": options.connect_timeout,
        "socket_timeout": options.socket_timeout,
        "retry": retry,
    }
    if waiting:
        settings.update(socket_timeout=options.socket_timeout + MAX_BLOCK_SECONDS)
        settings.update(connection_pool_class=ConnectionPool, max_connections=2**31)
    else:
        settings.update(connection_pool_class=BlockingConnectionPool, queue_class=lifo_queue_class())
        settings.update(max_connections=options.pool_size, timeout=options.socket_timeout)
    return lambda: RedisCluster.from_url(url, **settings)


class ClusterCommands:
    """The cluster client, connected on first use (the app must start, and say "not ready", while
    the cluster is down); thread-safe, one per process."""

    def __init__(self, options: RedisOptions, waiting: bool = False) -> None:
        self._connect = connector(options, waiting)
        self._client: RedisCluster | None = None
        self._lock = threading.Lock()

    def _redis(self) -> RedisCluster:
        if self._client is None:
            with self._lock:
                if self._client is None:
                    self._client = self._connect()
        return self._client

    def call(self, *command: Any) -> Any:
        reply = self._redis().execute_command(*command)  # type: ignore[no-untyped-call]
        shape = _AS_RAW.get(command[0])
        return reply if shape is None else shape(reply)

    def pipeline(self, commands: Sequence[Command]) -> list[Any]:
        """Error replies come back as exceptions in their place, as ``Wire.pipeline`` gives them."""
        if any(command[0] in _SCRIPTS for command in commands):
            return [self._replied(command) for command in commands]
        with self._redis().pipeline(transaction=False) as pipe:  # type: ignore[no-untyped-call]
            for command in commands:
                pipe.execute_command(*command)
            replies = pipe.execute(raise_on_error=False)
        return [self._shaped(command, reply) for command, reply in zip(commands, replies, strict=True)]

    def keys_matching(self, pattern: str) -> list[bytes]:
        """The keys of every primary that match ``pattern`` (a SCAN of each)."""
        return list(self._redis().scan_iter(match=pattern, count=1000))

    def _replied(self, command: Command) -> Any:
        try:
            return self.call(*command)
        except rex.ResponseError as error:
            return error

    @staticmethod
    def _shaped(command: Command, reply: Any) -> Any:
        shape = _AS_RAW.get(command[0])
        return reply if shape is None or isinstance(reply, Exception) else shape(reply)

    def close(self) -> None:
        with self._lock:
            client, self._client = self._client, None
        if client is None:
            return
        for node in client.get_nodes():  # type: ignore[no-untyped-call]  # close leaves their sockets open
            if node.redis_connection is not None:
                node.redis_connection.connection_pool.disconnect()
        client.close()
