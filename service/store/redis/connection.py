"""The store's way to Redis: one kind of client per topology, its Lua scripts, and its errors made ours.

A single server (``redis://``, ``rediss://``, ``unix://``) is spoken to by the lean
connection (``wire``), a Redis Cluster by redis-py's cluster client (``cluster``); both
take the same commands and give the same raw replies, so the store has one path for each
call. Every write is one Lua script naming all its keys in KEYS[] (one hash tag: one
cluster node), so what belongs together lands together or not at all.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec, Protocol, TypeVar

from redis import exceptions as rex

from service.store.base import CorruptData, StoreUnavailable
from service.store.config import RedisOptions
from service.store.redis.cluster import ClusterCommands
from service.store.redis.scripts import Call
from service.store.redis.wire import Command, Wire

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


class Commands(Protocol):
    """What the store sends commands through: ``Wire`` or ``ClusterCommands``."""

    def call(self, *command: Any) -> Any:
        """One command's raw reply; an error reply is raised as redis-py's exception for it."""

    def pipeline(self, commands: Sequence[Command]) -> list[Any]:
        """Several commands at once; error replies come back as exceptions in their place."""

    def keys_matching(self, pattern: str) -> list[bytes]:
        """Every key that matches ``pattern``, on every node."""

    def close(self) -> None: ...


class RedisConnection:
    """The commands of one process to its Redis, and the blocking reads' own; thread-safe."""

    def __init__(self, options: RedisOptions) -> None:
        self.cluster = options.cluster
        self._commands: Commands
        self._waits: Commands
        if options.cluster:
            self._commands, self._waits = ClusterCommands(options), ClusterCommands(options, waiting=True)
        else:
            self._commands, self._waits = Wire(options), Wire(options, waiting=True)

    def _run(self, call: Call) -> Any:
        """EVALSHA; after NOSCRIPT (a restart, failover or SCRIPT FLUSH emptied the cache), EVAL.

        EVAL carries the source and caches it again, so it cannot meet NOSCRIPT. (redis-py's own
        fallback, SCRIPT LOAD then EVALSHA, fails when another flush lands between the two.)
        NOSCRIPT means the script did not run: sending it again cannot apply a move twice.
        """
        try:
            return self._commands.call(*call.command())
        except rex.NoScriptError:
            return self._commands.call(*call.with_source())

    def _pipeline(self, commands: Sequence[Command]) -> list[Any]:
        """Several commands in one round trip (in order; one by one on a cluster when any is a script):
        their replies, the first error reply raised."""
        replies = self._commands.pipeline(commands)
        for reply in replies:
            if isinstance(reply, Exception):
                raise reply
        return replies

    def _run_all(self, calls: Sequence[Call]) -> list[Any]:
        """Several scripts in one round trip (a cluster takes one a script): their replies, in order;
        one that met NOSCRIPT (it did not run) is run again with its source, the first error raised."""
        replies = self._commands.pipeline([call.command() for call in calls]) if calls else []
        for n, reply in enumerate(replies):
            if isinstance(reply, rex.NoScriptError):
                replies[n] = self._run(calls[n])
            elif isinstance(reply, Exception):
                raise reply
        return replies

    def _run_with(self, call: Call, read: Command) -> tuple[Any, Any]:
        """A script and a read in one round trip (a cluster takes two): their replies, errors raised."""
        reply, fields = self._commands.pipeline([call.command(), read])
        if isinstance(reply, rex.NoScriptError):
            reply = self._run(call)
        for answer in (reply, fields):
            if isinstance(answer, Exception):
                raise answer
        return reply, fields

    @translated
    def ping(self) -> None:
        self._commands.call("PING")

    def close(self) -> None:
        """Close pooled connections (tests, shutdown); the store reconnects if used again."""
        self._commands.close()
        self._waits.close()
