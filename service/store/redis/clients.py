"""Client apps on Redis: a hash per client, its window counts and its game indexes, all in its own slot."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from service.store import keys
from service.store.base import CorruptData
from service.store.clients import (
    Admission,
    Admitted,
    ClientExists,
    ClientLimits,
    ClientRecord,
    KeyDigest,
    Window,
    WindowUse,
)
from service.store.redis.connection import RedisConnection, decoded, translated

LIMIT_FIELDS = ("requests_per_second", "games_per_minute", "max_open_games")
MAX_LISTED_GAMES = 100_000
"""A client's listing keeps its newest games up to this many (a game's own data expires anyway)."""

ADMIT_FUNCTION = """
-- One request of a client counted in its windows (count keys ``counts``, one per window; ``specs``
-- holds per window: default quota, the client field that overrides it ('' for none), seconds).
-- Returns the outcome, the client's limit overrides, then each window's quota and count. Given a
-- key digest, the client must hold that key, valid at ``now``, and not be revoked. A digest is
-- compared with ==: it is the SHA-256 of a 256-bit secret, so how long a comparison takes tells
-- nothing usable. One hit in every window, or in none if one is full.
local function admit(client, counts, now, digest, specs)
  if redis.call('EXISTS', client) == 0 then return {'unknown'} end
  local fields = redis.call('HMGET', client, 'revoked', 'keys', 'requests_per_second', 'games_per_minute',
    'max_open_games')
  if digest ~= '' then
    if fields[1] == '1' then return {'unknown'} end
    local ok, list = pcall(cjson.decode, fields[2] or '')
    if not ok or type(list) ~= 'table' then
      return redis.error_reply('CORRUPT ' .. client .. ' holds unreadable keys')
    end
    local valid = false
    for _, key in ipairs(list) do
      local ends = key.expires_at
      if key.digest == digest and (type(ends) ~= 'number' or ends > now) then valid = true end
    end
    if not valid then return {'unknown'} end
  end
  local overrides = {requests_per_second = fields[3], games_per_minute = fields[4]}
  local quotas, used, full = {}, {}, false
  for i = 1, #counts do
    local base = (i - 1) * 3
    quotas[i] = tonumber(overrides[specs[base + 2]] or specs[base + 1])
    used[i] = tonumber(redis.call('GET', counts[i]) or '0')
    if used[i] >= quotas[i] then full = true end
  end
  if not full then
    for i = 1, #counts do
      used[i] = redis.call('INCR', counts[i])
      if used[i] == 1 then redis.call('EXPIRE', counts[i], specs[i * 3] + 1) end
    end
  end
  local reply = {full and 'limited' or 'admitted', fields[3] or '', fields[4] or '', fields[5] or ''}
  for i = 1, #counts do
    reply[#reply + 1] = quotas[i]
    reply[#reply + 1] = used[i]
  end
  return reply
end
"""

CLIENT_SCRIPTS = {
    # KEYS: client. ARGV: field, value, field, value...
    "create_client": """#!lua
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1
""",
    # KEYS: client. ARGV: field, value... (fields to set), then '--', then fields to remove.
    "replace_client": """#!lua
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local cut = 0
for i = 1, #ARGV do if ARGV[i] == '--' then cut = i end end
redis.call('HSET', KEYS[1], unpack(ARGV, 1, cut - 1))
for i = cut + 1, #ARGV do redis.call('HDEL', KEYS[1], ARGV[i]) end
return 1
""",
    # KEYS: client, then one count per window. ARGV: now, key digest ('' for none), then per window:
    # default quota, the client field that overrides it ('' for none), seconds. See ADMIT_FUNCTION.
    "admit": "#!lua"
    + ADMIT_FUNCTION
    + """
return admit(KEYS[1], {unpack(KEYS, 2)}, tonumber(ARGV[1]), ARGV[2], {unpack(ARGV, 3)})
""",
    # KEYS: one count. ARGV: seconds. A hit counted whatever the count.
    "hit": """#!lua
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1] + 1) end
return count
""",
    # KEYS: client, games, open. ARGV: game id, max open, now (microseconds), max listed.
    # Scores are unique per client (a later game scores at least one more), so a listing's cursor
    # (the last score shown) never skips or repeats a game.
    "reserve": """#!lua
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[2]) then return false end
local last = tonumber(redis.call('HGET', KEYS[1], 'last_game') or '0')
local score = string.format('%.0f', math.max(tonumber(ARGV[3]), last + 1))
redis.call('HSET', KEYS[1], 'last_game', score)
redis.call('ZADD', KEYS[2], score, ARGV[1])
redis.call('ZADD', KEYS[3], score, ARGV[1])
local excess = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[4])
if excess > 0 then redis.call('ZREMRANGEBYRANK', KEYS[2], 0, excess - 1) end
return score
""",
}


def _limit(value: Any) -> int | None:
    return None if value in (None, b"", "") else int(value)


def admission(
    client_id: str, key_digest: str | None, windows: Sequence[Window], now: float
) -> tuple[list[str], list[Any]]:
    """The keys and arguments of the ``admit`` script."""
    counts = [keys.client_window(client_id, window.name, window.index(now)) for window in windows]
    args: list[Any] = [repr(now), key_digest or ""]
    for window in windows:
        args += [window.quota, window.override or "", window.seconds]
    return [keys.client(client_id), *counts], args


def admitted(reply: Any, windows: Sequence[Window], now: float) -> Admitted:
    """What the ``admit`` script answered."""
    outcome = Admission(decoded(reply[0], "the admit script's reply"))
    if outcome is Admission.UNKNOWN:
        return Admitted(outcome)
    limits = ClientLimits(*(_limit(value) for value in reply[1:4]))
    uses = tuple(
        window.use(int(reply[4 + 2 * i]), int(reply[5 + 2 * i]), now) for i, window in enumerate(windows)
    )
    return Admitted(outcome, uses, limits)


def client_record(client_id: str, fields: Mapping[Any, Any]) -> ClientRecord | None:
    if not fields:
        return None
    key = keys.client(client_id)
    try:
        text = {decoded(name, key): decoded(value, key) for name, value in fields.items()}
        digests = tuple(
            KeyDigest(str(item["digest"]), item.get("expires_at")) for item in json.loads(text["keys"])
        )
        limits = ClientLimits(*(_limit(text.get(name)) for name in LIMIT_FIELDS))
        return ClientRecord(
            client_id, text["name"], float(text["created_at"]), digests, limits, text.get("revoked") == "1"
        )
    except (KeyError, TypeError, ValueError, UnicodeDecodeError) as error:
        raise CorruptData(f"{key} is not a client this service wrote") from error


def client_fields(record: ClientRecord) -> tuple[list[str], list[str]]:
    """The hash fields of ``record`` to set (name, value, ...) and the limit fields to remove."""
    digests = [{"digest": key.digest, "expires_at": key.expires_at} for key in record.keys]
    values: list[str] = ["name", record.name, "created_at", repr(record.created_at)]
    values += ["revoked", "1" if record.revoked else "0", "keys", json.dumps(digests)]
    removed = []
    for name in LIMIT_FIELDS:
        limit = getattr(record.limits, name)
        if limit is None:
            removed.append(name)
        else:
            values += [name, str(limit)]
    return values, removed


class RedisClients(RedisConnection):
    """The ClientStore's methods."""

    @translated
    def create_client(self, record: ClientRecord) -> None:
        # The registry of ids lives in its own slot: the id joins it first, so that every client
        # that exists is listed (an id whose record a failure left unwritten is skipped by list).
        self._redis().zadd(keys.clients(), {record.id: record.created_at}, nx=True)
        values, _ = client_fields(record)
        if not self._run("create_client", [keys.client(record.id)], values):
            raise ClientExists(record.id)

    @translated
    def load_client(self, client_id: str) -> ClientRecord | None:
        return client_record(client_id, self._redis().hgetall(keys.client(client_id)))

    @translated
    def list_clients(self) -> list[ClientRecord]:
        ids = [decoded(raw, keys.clients()) for raw in self._redis().zrange(keys.clients(), 0, -1)]
        with self._redis().pipeline(transaction=False) as pipe:
            for client_id in ids:
                pipe.hgetall(keys.client(client_id))
            found = pipe.execute()
        records = (client_record(client_id, fields) for client_id, fields in zip(ids, found, strict=True))
        return [record for record in records if record is not None]

    @translated
    def replace_client(self, record: ClientRecord) -> None:
        values, removed = client_fields(record)
        if not self._run("replace_client", [keys.client(record.id)], [*values, "--", *removed]):
            raise KeyError(record.id)

    @translated
    def admit(
        self, client_id: str, key_digest: str | None, windows: Sequence[Window], now: float
    ) -> Admitted:
        return admitted(self._run("admit", *admission(client_id, key_digest, windows, now)), windows, now)

    @translated
    def count_hit(self, subject: str, window: Window, now: float) -> WindowUse:
        key = keys.address_window(subject, window.name, window.index(now))
        return window.use(window.quota, int(self._run("hit", [key], [window.seconds])), now)

    @translated
    def reserve_game(self, client_id: str, game_id: str, max_open: int, now: float) -> bool:
        script_keys = [
            keys.client(client_id),
            keys.client_games(client_id),
            keys.client_open_games(client_id),
        ]
        args = [game_id, max_open, f"{now * 1_000_000:.0f}", MAX_LISTED_GAMES]
        return self._run("reserve", script_keys, args) is not None

    @translated
    def game_closed(self, client_id: str, game_id: str, *, forget: bool) -> None:
        with self._redis().pipeline(transaction=False) as pipe:
            pipe.zrem(keys.client_open_games(client_id), game_id)
            if forget:
                pipe.zrem(keys.client_games(client_id), game_id)
            pipe.execute()

    @translated
    def client_games(
        self, client_id: str, before: int | None, limit: int, open_only: bool
    ) -> list[tuple[int, str]]:
        key = keys.client_open_games(client_id) if open_only else keys.client_games(client_id)
        top = "+inf" if before is None else f"({before}"
        found: list[Any] = self._redis().zrevrangebyscore(
            key, top, "-inf", start=0, num=limit, withscores=True
        )
        return [(int(score), decoded(member, key)) for member, score in found]
