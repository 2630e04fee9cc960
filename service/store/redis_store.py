"""The Redis store: a game is a hash, an event list and idempotency strings, all in one slot.

Every write is one Lua script naming all its keys in KEYS[] (one hash tag: one cluster node),
so a move's snapshot, events and answer land together or not at all. Redis does not roll back
a script that fails midway, hence the ``#!lua`` shebang (Redis >= 7: a writing script is refused
up front when out of memory) and type checks before the first write.
"""

from __future__ import annotations

import contextlib
import functools
import json
import threading
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec, TypeVar

import redis
from redis import exceptions as rex
from redis.backoff import ConstantBackoff
from redis.cluster import RedisCluster
from redis.commands.core import Script
from redis.connection import parse_url
from redis.retry import Retry

from service.store import keys
from service.store.base import (
    IDEMPOTENCY_TTL,
    IN_FLIGHT_TTL,
    CorruptData,
    GameExists,
    GameRecord,
    IdempotencyClaim,
    IdempotencyState,
    StoredAnswer,
    StoreUnavailable,
    TokenHashes,
)
from service.store.config import Expiry, RedisOptions

Client = redis.Redis | RedisCluster
P = ParamSpec("P")
R = TypeVar("R")

SCRIPTS = {
    # KEYS: game, events. ARGV: version, snapshot, tokens, ttl, events...
    # Leftover events of an expired game with the same id are dropped so seq starts at 1 again.
    "create": """#!lua
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'snapshot', ARGV[2], 'tokens', ARGV[3])
for i = 5, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
for i = 1, 2 do redis.call('EXPIRE', KEYS[i], ARGV[4]) end
return 1
""",
    # KEYS: game, events[, idem]. ARGV: expected version, snapshot, ttl, answer, answer ttl, events...
    # Returns the new version, or nil when the game is gone or its version moved on. Key types are
    # checked before the first write: a WRONGTYPE halfway would leave half a move behind.
    "save": """#!lua
local expected = {'hash', 'list', 'string'}
for i = 1, #KEYS do
  local kind = redis.call('TYPE', KEYS[i]).ok
  if kind ~= 'none' and kind ~= expected[i] then
    return redis.error_reply('CORRUPT ' .. KEYS[i] .. ' holds a ' .. kind .. ', not a ' .. expected[i])
  end
end
if redis.call('HGET', KEYS[1], 'version') ~= ARGV[1] then return false end
local version = tonumber(ARGV[1]) + 1
redis.call('HSET', KEYS[1], 'version', version, 'snapshot', ARGV[2])
for i = 6, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
for i = 1, 2 do redis.call('EXPIRE', KEYS[i], ARGV[3]) end
if KEYS[3] then redis.call('SET', KEYS[3], ARGV[4], 'EX', ARGV[5]) end
return version
""",
    # KEYS: game, idem. ARGV: in-flight marker, ttl. Returns what holds the key, or nil if now ours.
    # The key of a game that does not exist is not stored (that request will find no game anyway).
    "claim": """#!lua
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local held = redis.call('GET', KEYS[2])
if held then return held end
redis.call('SET', KEYS[2], ARGV[1], 'EX', ARGV[2])
return false
""",
    # KEYS: game, idem. ARGV: answer, ttl (ms). An answer never outlives its game.
    "record": """#!lua
local left = redis.call('PTTL', KEYS[1])
if left == -2 then return 0 end
local keep = tonumber(ARGV[2])
if left > 0 and left < keep then keep = left end
redis.call('SET', KEYS[2], ARGV[1], 'PX', keep)
return 1
""",
    # KEYS: idem. Deletes an in-flight marker, never an answer; allowed when out of memory.
    "release": """#!lua flags=allow-oom
local held = redis.call('GET', KEYS[1])
if not held then return 0 end
local ok, doc = pcall(cjson.decode, held)
if ok and type(doc) == 'table' and doc.in_flight == true then return redis.call('DEL', KEYS[1]) end
return 0
""",
}

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


def decoded(value: bytes | str | None, key: str) -> str:
    """``value`` as text; a missing value or bytes that are not UTF-8 were not written by us."""
    if isinstance(value, bytes):
        with contextlib.suppress(UnicodeDecodeError):
            return value.decode("utf-8")
    raise CorruptData(f"{key} lacks a field or holds bytes that are not UTF-8")


def answer_json(answer: StoredAnswer) -> str:
    document = {"fingerprint": answer.fingerprint, "status": answer.status, "body": answer.body}
    if answer.etag is not None:
        document["etag"] = answer.etag
    return json.dumps(document)


def connector(options: RedisOptions) -> Callable[[], Client]:
    """How to connect to ``options.url``: ``redis://``, ``rediss://`` or ``unix://`` (cluster: no unix, db 0).

    Fails fast rather than waits: one retry, 50 ms later, on a connection error (a socket
    that died with a Redis restart). A timeout is not retried by the plain client; the
    cluster client retries ClusterDown and timeouts once too. A retried ``save_move`` whose
    first try did land reports a conflict, never a double move (the version check).
    A request waits at most ``socket_timeout`` for a free pooled connection.
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
    if options.cluster:
        if "path" in parsed or parsed.get("db", 0) != 0:
            raise ValueError("Redis Cluster needs a redis:// or rediss:// URL with database 0")
        pool_class = redis.BlockingConnectionPool
        return lambda: RedisCluster.from_url(url, connection_pool_class=pool_class, **common)
    return lambda: redis.Redis.from_pool(
        redis.BlockingConnectionPool.from_url(url, health_check_interval=15, **common)
    )


class RedisStore:
    """The GameStore on Redis or Redis Cluster; thread-safe, one instance per process."""

    def __init__(self, options: RedisOptions, expiry: Expiry | None = None) -> None:
        # Connecting is deferred to the first call: the app must start (and say "not ready")
        # while Redis is down; a RedisCluster client would otherwise connect right here.
        self._connect = connector(options)
        self._client: Client | None = None
        self._scripts: dict[str, Script] = {}
        self._lock = threading.Lock()
        self.expiry = expiry or Expiry()

    def _redis(self) -> Client:
        if self._client is None:
            with self._lock:
                if self._client is None:
                    client = self._connect()  # callers are @translated: errors become ours
                    self._scripts = {name: client.register_script(lua) for name, lua in SCRIPTS.items()}
                    self._client = client
        return self._client

    def _run(self, name: str, keys_: Sequence[str], args: Sequence[Any]) -> Any:
        """EVALSHA; after NOSCRIPT (a restart, failover or SCRIPT FLUSH emptied the cache), EVAL.

        EVAL carries the source and caches it again, so it cannot meet NOSCRIPT. (redis-py's own
        fallback, SCRIPT LOAD then EVALSHA, fails when another flush lands between the two.)
        NOSCRIPT means the script did not run: sending it again cannot apply a move twice.
        """
        client, script = self._redis(), self._scripts[name]
        try:
            return client.evalsha(script.sha, len(keys_), *keys_, *args)
        except rex.NoScriptError:
            return client.eval(SCRIPTS[name], len(keys_), *keys_, *args)

    @translated
    def create_game(self, game_id: str, record: GameRecord, events: Sequence[str]) -> None:
        tokens = json.dumps({"admin": record.tokens.admin, "players": list(record.tokens.players)})
        args = [record.version, record.snapshot, tokens, self.expiry.idle, *events]
        if not self._run("create", [keys.game(game_id), keys.events(game_id)], args):
            raise GameExists(game_id)

    @translated
    def load_game(self, game_id: str) -> GameRecord | None:
        key = keys.game(game_id)
        version, snapshot, tokens = self._redis().hmget(key, ["version", "snapshot", "tokens"])
        if version is None and snapshot is None and tokens is None:
            return None
        try:
            doc = json.loads(decoded(tokens, key))
            hashes = TokenHashes(admin=str(doc["admin"]), players=tuple(str(p) for p in doc["players"]))
            return GameRecord(int(decoded(version, key)), decoded(snapshot, key), hashes)
        except (KeyError, TypeError, ValueError) as error:  # JSONDecodeError is a ValueError
            raise CorruptData(f"{key} holds an unreadable version or tokens") from error

    @translated
    def save_move(
        self,
        game_id: str,
        expected_version: int,
        snapshot: str,
        events: Sequence[str],
        finished: bool,
        answer: tuple[str, StoredAnswer] | None = None,
    ) -> int | None:
        ttl = self.expiry.after_move(finished)
        script_keys = [keys.game(game_id), keys.events(game_id)]
        stored = ""
        if answer is not None:
            script_keys.append(keys.idempotency(game_id, answer[0]))
            stored = answer_json(answer[1])
        args = [expected_version, snapshot, ttl, stored, min(IDEMPOTENCY_TTL, ttl), *events]
        version = self._run("save", script_keys, args)
        return None if version is None else int(version)

    @translated
    def read_events(self, game_id: str, after: int, limit: int) -> list[tuple[int, str]]:
        if limit <= 0:  # LRANGE k a a-1 is empty, but LRANGE k 0 -1 would be everything
            return []
        after = max(after, 0)
        key = keys.events(game_id)
        chosen = self._redis().lrange(key, after, after + limit - 1)
        return [(after + offset + 1, decoded(event, key)) for offset, event in enumerate(chosen)]

    @translated
    def claim_idempotency_key(self, game_id: str, key: str, fingerprint: str) -> IdempotencyClaim:
        idem = keys.idempotency(game_id, key)
        marker = json.dumps({"in_flight": True, "fingerprint": fingerprint})
        held = self._run("claim", [keys.game(game_id), idem], [marker, IN_FLIGHT_TTL])
        if held is None:
            return IdempotencyClaim(IdempotencyState.CLAIMED)
        try:
            doc = json.loads(decoded(held, idem))
            if doc.get("in_flight") is True:
                return IdempotencyClaim(IdempotencyState.IN_FLIGHT, fingerprint=str(doc["fingerprint"]))
            etag = None if doc.get("etag") is None else str(doc["etag"])
            stored = StoredAnswer(str(doc["fingerprint"]), int(doc["status"]), str(doc["body"]), etag)
        except (AttributeError, KeyError, TypeError, ValueError) as error:
            raise CorruptData(f"{idem} holds neither an answer nor an in-flight marker") from error
        return IdempotencyClaim(IdempotencyState.ANSWERED, stored)

    @translated
    def record_answer(self, game_id: str, key: str, answer: StoredAnswer) -> None:
        script_keys = [keys.game(game_id), keys.idempotency(game_id, key)]
        self._run("record", script_keys, [answer_json(answer), IDEMPOTENCY_TTL * 1000])

    @translated
    def release_idempotency_key(self, game_id: str, key: str) -> None:
        self._run("release", [keys.idempotency(game_id, key)], [])

    @translated
    def ping(self) -> None:
        self._redis().ping()

    def close(self) -> None:
        """Close pooled connections (tests, shutdown); the store reconnects if used again."""
        with self._lock:
            client, self._client = self._client, None
        if client is not None:
            client.close()
