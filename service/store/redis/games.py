"""Games on Redis: a hash, an event stream, idempotency strings and the set of their names, all in one slot.

A game's events are a Redis Stream whose entry ids are the events' sequence numbers
(``<seq>-0``): the log is read by range, and followed live with a blocking read.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from service.store import keys
from service.store.base import (
    IDEMPOTENCY_TTL,
    IN_FLIGHT_TTL,
    CorruptData,
    GameExists,
    GameRecord,
    GameVersion,
    IdempotencyClaim,
    IdempotencyState,
    StoredAnswer,
    TokenHashes,
)
from service.store.config import Expiry
from service.store.redis.connection import MAX_BLOCK_SECONDS, RedisConnection, decoded, translated

GAME_FIELDS = ("version", "snapshot", "tokens", "owner")
VERSION_FIELDS = GAME_FIELDS[:2]

SAVE_FUNCTION = """
-- A move saved: ``keys`` are the game, its events, its idempotency keys' names [, the idempotency
-- key whose ``answer`` to keep]. Returns the new version, or false when the game is gone or its
-- version moved on; or nil and an error (nothing written). Key types are checked before the first
-- write: a WRONGTYPE halfway would leave half a move behind.
local function save(keys, expected, snapshot, ttl, answer, answer_ttl, name, texts)
  local kinds = {'hash', 'stream', 'set', 'string'}
  for i = 1, #keys do
    local kind = redis.call('TYPE', keys[i]).ok
    if kind ~= 'none' and kind ~= kinds[i] then
      return nil, redis.error_reply('CORRUPT ' .. keys[i] .. ' holds a ' .. kind .. ', not a ' .. kinds[i])
    end
  end
  if redis.call('HGET', keys[1], 'version') ~= expected then return false end
  local version = tonumber(expected) + 1
  redis.call('HSET', keys[1], 'version', version, 'snapshot', snapshot)
  local last = redis.call('XREVRANGE', keys[2], '+', '-', 'COUNT', 1)[1]
  local seq = last and tonumber(string.match(last[1], '^(%d+)')) or 0
  for i = 1, #texts do redis.call('XADD', keys[2], (seq + i) .. '-0', 'e', texts[i]) end
  if keys[4] then
    redis.call('SET', keys[4], answer, 'EX', answer_ttl)
    redis.call('SADD', keys[3], name)
  end
  for i = 1, 3 do redis.call('EXPIRE', keys[i], ttl) end
  return version
end
"""

GAME_SCRIPTS = {
    # KEYS: game, events, idem-keys. ARGV: version, snapshot, tokens, owner, ttl, events...
    # Leftovers of an expired game with the same id are dropped so seq starts at 1 again.
    "create": """#!lua
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2], KEYS[3])
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'snapshot', ARGV[2], 'tokens', ARGV[3])
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'owner', ARGV[4]) end
for i = 6, #ARGV do redis.call('XADD', KEYS[2], (i - 5) .. '-0', 'e', ARGV[i]) end
for i = 1, 2 do redis.call('EXPIRE', KEYS[i], ARGV[5]) end
return 1
""",
    # KEYS: game, events, idem-keys[, idem]. ARGV: expected version, snapshot, ttl, answer, answer ttl,
    # key name, events... See SAVE_FUNCTION.
    "save": "#!lua"
    + SAVE_FUNCTION
    + """
local version, failure = save(KEYS, ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6], {unpack(ARGV, 7)})
return failure or version
""",
    # KEYS: game, idem, idem-keys. ARGV: in-flight marker, ttl, key name. Returns what holds the key,
    # or nil if now ours. The key of a game that does not exist is not stored (that request will
    # find no game anyway); a stored key's name joins the set a deletion empties.
    "claim": """#!lua
local left = redis.call('PTTL', KEYS[1])
if left == -2 then return false end
local held = redis.call('GET', KEYS[2])
if held then return held end
redis.call('SET', KEYS[2], ARGV[1], 'EX', ARGV[2])
redis.call('SADD', KEYS[3], ARGV[3])
if left > 0 then redis.call('PEXPIRE', KEYS[3], left) end
return false
""",
    # KEYS: game, idem, idem-keys. ARGV: answer, ttl (ms), key name. An answer never outlives its game.
    "record": """#!lua
local left = redis.call('PTTL', KEYS[1])
if left == -2 then return 0 end
local keep = tonumber(ARGV[2])
if left > 0 and left < keep then keep = left end
redis.call('SET', KEYS[2], ARGV[1], 'PX', keep)
redis.call('SADD', KEYS[3], ARGV[3])
if left > 0 then redis.call('PEXPIRE', KEYS[3], left) end
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
    # KEYS: game, events, idem-keys. ARGV: the prefix of the game's idempotency keys. Every key
    # named here shares the game's hash tag, so the slot is the game's. Allowed when out of memory.
    "delete": """#!lua flags=allow-oom
local existed = redis.call('EXISTS', KEYS[1])
for _, name in ipairs(redis.call('SMEMBERS', KEYS[3])) do redis.call('DEL', ARGV[1] .. name) end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
return existed
""",
}


def answer_json(answer: StoredAnswer) -> str:
    document: dict[str, Any] = {
        "fingerprint": answer.fingerprint,
        "status": answer.status,
        "body": answer.body,
    }
    if answer.etag is not None:
        document["etag"] = answer.etag
    if answer.language is not None:
        document["language"] = answer.language
    return json.dumps(document)


def logged(key: str, entries: Sequence[Any]) -> list[tuple[int, str]]:
    """Stream entries ``(b"<seq>-0", {b"e": json})`` as (seq, json)."""
    try:
        return [(int(entry_id.split(b"-", 1)[0]), decoded(fields[b"e"], key)) for entry_id, fields in entries]
    except (KeyError, ValueError, AttributeError) as error:
        raise CorruptData(f"{key} holds entries this service never wrote") from error


def game_record(key: str, fields: Sequence[Any]) -> GameRecord | None:
    """A game from its hash's ``GAME_FIELDS``; None when it has none of them (it does not exist)."""
    version, snapshot, tokens, owner = fields
    if version is None and snapshot is None and tokens is None:
        return None
    try:
        doc = json.loads(decoded(tokens, key))
        spectator = doc.get("spectator")
        hashes = TokenHashes(
            str(doc["admin"]),
            tuple(str(p) for p in doc["players"]),
            None if spectator is None else str(spectator),
        )
        owner_id = None if owner is None else decoded(owner, key)
        return GameRecord(int(decoded(version, key)), decoded(snapshot, key), hashes, owner_id)
    except (KeyError, TypeError, ValueError) as error:  # JSONDecodeError is a ValueError
        raise CorruptData(f"{key} holds an unreadable version or tokens") from error


def game_version(key: str, fields: Sequence[Any]) -> GameVersion | None:
    """A game's ``VERSION_FIELDS``; None when it has neither (it does not exist)."""
    version, snapshot = fields
    if version is None and snapshot is None:
        return None
    try:
        return GameVersion(int(decoded(version, key)), decoded(snapshot, key))
    except ValueError as error:
        raise CorruptData(f"{key} holds an unreadable version") from error


class RedisGames(RedisConnection):
    """The GameStore's methods."""

    expiry: Expiry

    @translated
    def create_game(self, game_id: str, record: GameRecord, events: Sequence[str]) -> None:
        hashes = record.tokens
        tokens = json.dumps(
            {"admin": hashes.admin, "players": list(hashes.players), "spectator": hashes.spectator}
        )
        args = [record.version, record.snapshot, tokens, record.owner or "", self.expiry.idle, *events]
        script_keys = [keys.game(game_id), keys.events(game_id), keys.idempotency_keys(game_id)]
        if not self._run("create", script_keys, args):
            raise GameExists(game_id)

    @translated
    def load_game(self, game_id: str) -> GameRecord | None:
        key = keys.game(game_id)
        if self._wire is not None:
            return game_record(key, self._wire.call("HMGET", key, *GAME_FIELDS))
        return game_record(key, self._redis().hmget(key, GAME_FIELDS))

    @translated
    def load_version(self, game_id: str) -> GameVersion | None:
        key = keys.game(game_id)
        if self._wire is not None:
            return game_version(key, self._wire.call("HMGET", key, *VERSION_FIELDS))
        return game_version(key, self._redis().hmget(key, VERSION_FIELDS))

    @translated
    def load_games(self, game_ids: Sequence[str]) -> list[GameRecord | None]:
        with self._redis().pipeline(transaction=False) as pipe:
            for game_id in game_ids:
                pipe.hmget(keys.game(game_id), GAME_FIELDS)
            found = pipe.execute()
        pairs = zip(game_ids, found, strict=True)
        return [game_record(keys.game(game_id), fields) for game_id, fields in pairs]

    @translated
    def delete_game(self, game_id: str) -> bool:
        script_keys = [keys.game(game_id), keys.events(game_id), keys.idempotency_keys(game_id)]
        return bool(self._run("delete", script_keys, [keys.idempotency(game_id, "")]))

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
        script_keys = [keys.game(game_id), keys.events(game_id), keys.idempotency_keys(game_id)]
        stored, name = "", ""
        if answer is not None:
            name, kept = answer
            script_keys.append(keys.idempotency(game_id, name))
            stored = answer_json(kept)
        args = [expected_version, snapshot, ttl, stored, min(IDEMPOTENCY_TTL, ttl), name, *events]
        version = self._run("save", script_keys, args)
        return None if version is None else int(version)

    @translated
    def read_events(self, game_id: str, after: int, limit: int) -> list[tuple[int, str]]:
        if limit <= 0:
            return []
        key = keys.events(game_id)
        entries: Any = self._redis().xrange(key, f"{max(after, 0) + 1}-0", "+", count=limit)
        return logged(key, entries)

    @translated
    def wait_for_events(self, game_id: str, after: int, timeout: float) -> list[tuple[int, str]]:
        key = keys.events(game_id)
        block = max(1, round(min(timeout, MAX_BLOCK_SECONDS) * 1000))
        found: Any = self._blocking().xread({key: f"{max(after, 0)}-0"}, count=100, block=block)
        if not found:
            return []
        streams = found.values() if isinstance(found, dict) else (entries for _, entries in found)
        return logged(key, next(iter(streams)))

    @translated
    def claim_idempotency_key(self, game_id: str, key: str, fingerprint: str) -> IdempotencyClaim:
        idem = keys.idempotency(game_id, key)
        marker = json.dumps({"in_flight": True, "fingerprint": fingerprint})
        script_keys = [keys.game(game_id), idem, keys.idempotency_keys(game_id)]
        held = self._run("claim", script_keys, [marker, IN_FLIGHT_TTL, key])
        if held is None:
            return IdempotencyClaim(IdempotencyState.CLAIMED)
        try:
            doc = json.loads(decoded(held, idem))
            if doc.get("in_flight") is True:
                return IdempotencyClaim(IdempotencyState.IN_FLIGHT, fingerprint=str(doc["fingerprint"]))
            etag = None if doc.get("etag") is None else str(doc["etag"])
            language = None if doc.get("language") is None else str(doc["language"])
            stored = StoredAnswer(
                str(doc["fingerprint"]), int(doc["status"]), str(doc["body"]), etag, language
            )
        except (AttributeError, KeyError, TypeError, ValueError) as error:
            raise CorruptData(f"{idem} holds neither an answer nor an in-flight marker") from error
        return IdempotencyClaim(IdempotencyState.ANSWERED, stored)

    @translated
    def record_answer(self, game_id: str, key: str, answer: StoredAnswer) -> None:
        script_keys = [keys.game(game_id), keys.idempotency(game_id, key), keys.idempotency_keys(game_id)]
        self._run("record", script_keys, [answer_json(answer), IDEMPOTENCY_TTL * 1000, key])

    @translated
    def release_idempotency_key(self, game_id: str, key: str) -> None:
        self._run("release", [keys.idempotency(game_id, key)], [])
