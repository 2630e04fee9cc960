"""One lazily opened connection to Redis or Redis Cluster, its Lua scripts, and its errors made ours.

Every write is one Lua script naming all its keys in KEYS[] (one hash tag: one cluster
node), so what belongs together lands together or not at all. Redis does not roll back a
script that fails midway, hence the ``#!lua`` shebang (Redis >= 7: a writing script is
refused up front when out of memory) and type checks before the first write.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ParamSpec, TypeVar

import redis
from redis import exceptions as rex
from redis.backoff import ConstantBackoff
from redis.cluster import RedisCluster
from redis.connection import parse_url
from redis.retry import Retry

from service.store.base import CorruptData, StoreUnavailable
from service.store.config import RedisOptions
from service.store.redis.slots import SlotQueue
from service.store.redis.wire import Wire

Client = redis.Redis | RedisCluster
P = ParamSpec("P")
R = TypeVar("R")

# Errors meaning "Redis is down, slow, loading, failing over or full": the request may be retried.
# ConnectionError covers BusyLoadingError (LOADING), MaxConnectionsError and a refused AUTH;
# ClusterError covers ClusterDown/MasterDown; RedisClusterException "cannot be connected" (no
# node answers to map the slots) and SlotNotCovered. Replies without a class of their own by prefix.
UNAVAILABLE = (rex.ConnectionError, rex.TimeoutError, rex.ClusterError, rex.RedisClusterException,
               rex.TryAgainError, rex.ReadOnlyError, rex.OutOfMemoryError)  # fmt: skip
UNAVAILABLE_REPLIES = ("BUSY", "NOREPLICAS", "LOADING", "MASTERDOWN", "CLUSTERDOWN", "TRYAGAIN", "OOM")
CORRUPT_REPLIES = ("WRONGTYPE", "CORRUPT")


def translated(method: Callable[P, R]) -> Callable[P, R]:
    """Turn redis-py errors into the store's own: callers never import redis."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except UNAVAILABLE as error:
            raise StoreUnavailable(f"Redis: {type(error).__name__}: {error}") from error
        except rex.ResponseError as error:
            if str(error).startswith(UNAVAILABLE_REPLIES):
                raise StoreUnavailable(f"Redis: {error}") from error
            if str(error).startswith(CORRUPT_REPLIES):
                raise CorruptData(str(error)) from error
            raise

    return wrapper


def decoded(value: Any, key: str) -> str:
    """``value`` as text; a missing value or bytes that are not UTF-8 were not written by us."""
    if isinstance(value, bytes):
        with contextlib.suppress(UnicodeDecodeError):
            return value.decode("utf-8")
    raise CorruptData(f"{key} lacks a field or holds bytes that are not UTF-8")


MAX_BLOCK_SECONDS = 30.0
"""The longest blocking read (a stream's wait for events); its connections wait that much longer."""


class BlockingPool(redis.BlockingConnectionPool):
    """redis-py's bounded pool, its free connections kept in a ``SlotQueue`` (why: ``slots``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(queue_class=SlotQueue, **kwargs)  # type: ignore[no-untyped-call]


def connector(options: RedisOptions, blocking: bool = False) -> Callable[[], Client]:
    """How to connect to ``options.url``: ``redis://``, ``rediss://`` or ``unix://`` (cluster: no unix, db 0).

    Fails fast rather than waits: one retry, 50 ms later, on a connection error (a socket
    that died with a Redis restart). A timeout is not retried by the plain client; the
    cluster client retries ClusterDown and timeouts once too. A retried ``save_move`` whose
    first try did land reports a conflict, never a double move (the version check).
    A request waits at most ``socket_timeout`` for a free pooled connection.

    ``blocking``: the client of blocking reads (streams following games), a pool of its own
    without a size limit (each followed game holds one connection while it waits), whose
    replies may take ``MAX_BLOCK_SECONDS`` more.
    """
    url = options.url
    parsed = parse_url(url)  # type: ignore[no-untyped-call]  # a bad URL: configuration error, now
    retry = Retry(ConstantBackoff(0.05), retries=1, supported_errors=(rex.ConnectionError,))
    common: dict[str, Any] = {
        "socket_connect_timeout": options.connect_timeout,
        "socket_timeout": options.socket_timeout,
        "max_connections": options.pool_size,
        "timeout": options.socket_timeout,  # the wait for a free pooled connection
        "retry": retry,
    }
    pool_class: type[redis.ConnectionPool] = BlockingPool
    if blocking:
        common.update(socket_timeout=options.socket_timeout + MAX_BLOCK_SECONDS, max_connections=None)
        del common["timeout"]
        pool_class = redis.ConnectionPool
    if options.cluster:
        if "path" in parsed or parsed.get("db", 0) != 0:
            raise ValueError("Redis Cluster needs a redis:// or rediss:// URL with database 0")
        return lambda: RedisCluster.from_url(url, connection_pool_class=pool_class, **common)
    return lambda: redis.Redis.from_pool(pool_class.from_url(url, health_check_interval=15, **common))


class RedisConnection:
    """The client, connected on first use, and the scripts it runs; thread-safe, one per process."""

    def __init__(self, options: RedisOptions, scripts: Mapping[str, str]) -> None:
        # Connecting is deferred to the first call: the app must start (and say "not ready")
        # while Redis is down; a RedisCluster client would otherwise connect right here.
        self._connect = connector(options)
        self._connect_blocking = connector(options, blocking=True)
        self._blocking_client: Client | None = None
        self.cluster = options.cluster
        self._sources = dict(scripts)
        self._shas = {name: hashlib.sha1(lua.encode()).hexdigest() for name, lua in scripts.items()}
        self._wire = Wire(options) if Wire.serves(options) else None
        """Scripts and a game's reads on a plain server; None: all through redis-py."""
        self._client: Client | None = None
        self._lock = threading.Lock()

    def _redis(self) -> Client:
        if self._client is None:
            with self._lock:
                if self._client is None:
                    self._client = self._connect()  # callers are @translated: errors become ours
        return self._client

    def _blocking(self) -> Client:
        """The client of blocking reads, connected on first use."""
        if self._blocking_client is None:
            with self._lock:
                if self._blocking_client is None:
                    self._blocking_client = self._connect_blocking()
        return self._blocking_client

    def _run(self, name: str, keys: Sequence[str], args: Sequence[Any]) -> Any:
        """EVALSHA; after NOSCRIPT (a restart, failover or SCRIPT FLUSH emptied the cache), EVAL.

        EVAL carries the source and caches it again, so it cannot meet NOSCRIPT. (redis-py's own
        fallback, SCRIPT LOAD then EVALSHA, fails when another flush lands between the two.)
        NOSCRIPT means the script did not run: sending it again cannot apply a move twice.
        """
        if self._wire is not None:
            try:
                return self._wire.call("EVALSHA", self._shas[name], len(keys), *keys, *args)
            except rex.NoScriptError:
                return self._wire.call("EVAL", self._sources[name], len(keys), *keys, *args)
        client = self._redis()
        try:
            return client.evalsha(self._shas[name], len(keys), *keys, *args)
        except rex.NoScriptError:
            return client.eval(self._sources[name], len(keys), *keys, *args)

    @translated
    def ping(self) -> None:
        self._redis().ping()

    def close(self) -> None:
        """Close pooled connections (tests, shutdown); the store reconnects if used again."""
        with self._lock:
            clients = (self._client, self._blocking_client)
            self._client = self._blocking_client = None
        for client in clients:
            if client is not None:
                client.close()
        if self._wire is not None:
            self._wire.close()
