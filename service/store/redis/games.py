"""Games on Redis: a hash, an event stream, idempotency strings and the list of their names, all in one slot.

A game's events are a Redis Stream whose entry ids are the events' sequence numbers
(``<seq>-0``): the log is read by range, and followed live with a blocking read.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from service.store import MoveSave, SaveOutcome, keys
from service.store.base import (
    IDEMPOTENCY_KEYS_PER_GAME,
    IDEMPOTENCY_TTL,
    IN_FLIGHT_TTL,
    MAX_LOG_EVENTS,
    CorruptData,
    GameExists,
    GameRecord,
    GameVersion,
    IdempotencyClaim,
    IdempotencyState,
    LoggedEvent,
    StoredAnswer,
    TokenHashes,
)
from service.store.client_apps import Admitted
from service.store.config import Expiry
from service.store.recent import RecentGames
from service.store.redis.connection import RedisConnection, decoded, translated
from service.store.redis.scripts import Script
from service.store.redis.wire import MAX_BLOCK_SECONDS
from service.store.redis.work import WORK_KEPT

GAME_FIELDS = ("version", "snapshot", "tokens", "owner")
VERSION_FIELDS = GAME_FIELDS[:2]

REMEMBER_FUNCTION = """
-- The idempotency key ``name`` joins its game's ``idem_order`` (oldest first); past ``kept`` names,
-- the oldest go with what they hold (``idem_prefix`` .. name: the game's hash tag, its slot).
local function remember(idem_order, idem_prefix, name, kept)
  if redis.call('LPOS', idem_order, name) then return end
  redis.call('RPUSH', idem_order, name)
  while redis.call('LLEN', idem_order) > tonumber(kept) do
    redis.call('DEL', idem_prefix .. redis.call('LPOP', idem_order))
  end
end
"""

POST_FUNCTION = """
-- ``entries`` (a JSON array of texts, or '') posted to the game's ``outbox`` for the worker.
local function post(outbox, entries)
  if entries == '' then return end
  for _, entry in ipairs(cjson.decode(entries)) do redis.call('XADD', outbox, '*', 'e', entry) end
end
"""

KEY_TYPE_FUNCTIONS = """
-- CORRUPT's message: ``key`` holds a ``held`` where a ``kind`` belongs.
local function corrupt(key, held, kind)
  return 'CORRUPT ' .. key .. ' holds a ' .. held .. ', not a ' .. kind
end
-- The first of ``pairs`` ({key, kind}) that holds another type than its kind, as an error reply;
-- nil when none does (a missing key holds nothing wrong).
local function mistyped(pairs)
  for _, pair in ipairs(pairs) do
    local held = redis.call('TYPE', pair[1]).ok
    if held ~= 'none' and held ~= pair[2] then return redis.error_reply(corrupt(pair[1], held, pair[2])) end
  end
end
-- A read of ``key``, which should hold a ``kind``: its reply. A key of another type fails the
-- script with CORRUPT naming it, before anything is written.
local function read(key, kind, ...)
  local reply = redis.pcall(...)
  if type(reply) == 'table' and reply.err then
    if string.sub(reply.err, 1, 9) == 'WRONGTYPE' then
      reply.err = corrupt(key, redis.call('TYPE', key).ok, kind)
    end
    error(reply)
  end
  return reply
end
"""

SAVE_FUNCTION = """
-- A move saved if the game is still at ``expected``: its snapshot, its events, an ``answer``
-- ('' for none) kept under the idempotency key ``idem`` (``answer_name`` in ``idem_order``), and
-- what it leaves the worker (``outbox_entries``); each event logged with ``at``, the save's time
-- (epoch ms). Returns the new version; or false, nil and why not: {'held', what the key holds}
-- when ``idem`` already holds an answer or another request's claim, else {'found', version,
-- snapshot} as the game is (both false when it is gone); or nil and an error (nothing written).
-- Key types are checked before the first write, a WRONGTYPE halfway would leave half a move
-- behind: the game and its events by their reads, the keys a move writes without reading them
-- only when it writes them (a plain move: none), with ``after``, the keys ({key, kind}) the
-- caller writes once the move is saved.
local function save(game, events, idem_order, idem, outbox, expected, snapshot, ttl, answer, answer_ttl,
                    answer_name, idem_prefix, kept, outbox_entries, at, after, texts)
  local checked = after
  if answer ~= '' then
    checked[#checked + 1] = {idem_order, 'list'}
    checked[#checked + 1] = {idem, 'string'}
  end
  if outbox_entries ~= '' then checked[#checked + 1] = {outbox, 'stream'} end
  local wrong = mistyped(checked)
  if wrong then return nil, wrong end
  if answer ~= '' then
    local held = redis.call('GET', idem)
    if held then return false, nil, {'held', held} end
  end
  if read(game, 'hash', 'HGET', game, 'version') ~= expected then
    local found = redis.call('HMGET', game, 'version', 'snapshot')
    return false, nil, {'found', found[1], found[2]}
  end
  local last = read(events, 'stream', 'XREVRANGE', events, '+', '-', 'COUNT', 1)[1]
  local version = tonumber(expected) + 1
  redis.call('HSET', game, 'version', version, 'snapshot', snapshot)
  local seq = last and tonumber(string.match(last[1], '^(%d+)')) or 0
  for i = 1, #texts do redis.call('XADD', events, (seq + i) .. '-0', 'e', texts[i], 't', at) end
  if answer ~= '' then
    redis.call('SET', idem, answer, 'EX', answer_ttl)
    remember(idem_order, idem_prefix, answer_name, kept)
  end
  for _, key in ipairs({game, events, idem_order}) do redis.call('EXPIRE', key, ttl) end
  post(outbox, outbox_entries)
  return version
end
"""

AFTER_FUNCTIONS = """
-- The game's entry in the ``deadlines`` index, for a game with a clock (``timed``): its turn's
-- ``deadline`` (epoch ms), or none ('': the game is over, or a bot has the turn).
local function index(deadlines, game_id, timed, deadline)
  if timed == '' then return end
  if deadline == '' then redis.call('ZREM', deadlines, game_id)
  else redis.call('ZADD', deadlines, deadline, game_id) end
end
-- The worker's doorbell rung for the game, on the ``work`` stream (about its last ``work_kept``
-- kept), when the save left the worker entries.
local function ring(work, work_kept, game_id, outbox_entries)
  if outbox_entries ~= '' then redis.call('XADD', work, 'MAXLEN', '~', work_kept, '*', 'g', game_id) end
end
-- What ``index`` and ``ring`` will write, as ``save``'s ``after``.
local function indexed_and_rung(deadlines, timed, work, outbox_entries)
  local after = {}
  if timed ~= '' then after[#after + 1] = {deadlines, 'zset'} end
  if outbox_entries ~= '' then after[#after + 1] = {work, 'stream'} end
  return after
end
"""

SAVE_FUNCTIONS = (REMEMBER_FUNCTION, POST_FUNCTION, KEY_TYPE_FUNCTIONS, SAVE_FUNCTION, AFTER_FUNCTIONS)
"""``save`` and what it calls, for a script's ``functions``."""
SAVE_KEYS = ("game", "events", "idem_order", "idem", "outbox")
SAVE_ARGS = (
    *("expected", "snapshot", "ttl", "answer", "answer_ttl", "answer_name", "idem_prefix", "kept"),
    "outbox_entries",
    "at",
)
SAVE_CALL = f"save({', '.join((*SAVE_KEYS, *SAVE_ARGS, 'after', 'texts'))})"
"""``save`` called by a script whose body has set ``after`` first."""
AFTER_KEYS = ("deadlines", "work")
AFTER_ARGS = ("game_id", "timed", "deadline", "work_kept")
CHECKED_AFTER = "indexed_and_rung(deadlines, timed, work, outbox_entries)"
AFTER_CALL = "index(deadlines, game_id, timed, deadline)\nring(work, work_kept, game_id, outbox_entries)"
"""What a single server's save writes after the move, in the same script: the deadlines' index and
the worker's doorbell (a cluster's scripts cannot reach their slots)."""

CREATE = Script(
    "create",
    keys=("game", "events", "idem_order", "outbox"),
    args=("version", "snapshot", "tokens", "owner", "ttl", "outbox_entries", "at"),
    rest="texts",
    functions=(POST_FUNCTION,),
    body="""
-- Leftovers of an expired game with the same id are dropped so seq starts at 1 again.
if redis.call('EXISTS', game) == 1 then return 0 end
redis.call('DEL', events, idem_order, outbox)
redis.call('HSET', game, 'version', version, 'snapshot', snapshot, 'tokens', tokens)
if owner ~= '' then redis.call('HSET', game, 'owner', owner) end
for i = 1, #texts do redis.call('XADD', events, i .. '-0', 'e', texts[i], 't', at) end
for _, key in ipairs({game, events}) do redis.call('EXPIRE', key, ttl) end
post(outbox, outbox_entries)
return 1
""",
)
SAVE = Script(
    "save",
    keys=SAVE_KEYS,
    args=SAVE_ARGS,
    rest="texts",
    functions=SAVE_FUNCTIONS,
    body=f"""
local after = {{}}
local version, failure, found = {SAVE_CALL}
return failure or version or found
""",
)
SAVE_ON_ONE_SERVER = Script(
    "save_on_one_server",
    keys=(*SAVE_KEYS, *AFTER_KEYS),
    args=(*SAVE_ARGS, *AFTER_ARGS),
    rest="texts",
    functions=SAVE_FUNCTIONS,
    body=f"""
-- A single server's save without a count: the game's next deadline indexed (a game with a clock)
-- and the worker rung (a move that left it work) with it.
local after = {CHECKED_AFTER}
local version, failure, found = {SAVE_CALL}
if failure then return failure end
if not version then return found end
{AFTER_CALL}
return version
""",
)
CLAIM = Script(
    "claim",
    keys=("game", "idem", "idem_order"),
    args=("marker", "ttl", "name", "idem_prefix", "kept"),
    functions=(REMEMBER_FUNCTION,),
    body="""
-- What holds the key, or nil if now ours. The key of a game that does not exist is not stored
-- (that request will find no game anyway); a stored key's name joins the game's order.
local left = redis.call('PTTL', game)
if left == -2 then return false end
local held = redis.call('GET', idem)
if held then return held end
redis.call('SET', idem, marker, 'EX', ttl)
remember(idem_order, idem_prefix, name, kept)
if left > 0 then redis.call('PEXPIRE', idem_order, left) end
return false
""",
)
RECORD = Script(
    "record",
    keys=("game", "idem", "idem_order"),
    args=("answer", "ttl_ms", "name", "idem_prefix", "kept"),
    functions=(REMEMBER_FUNCTION,),
    body="""
-- An answer never outlives its game.
local left = redis.call('PTTL', game)
if left == -2 then return 0 end
local keep = tonumber(ttl_ms)
if left > 0 and left < keep then keep = left end
redis.call('SET', idem, answer, 'PX', keep)
remember(idem_order, idem_prefix, name, kept)
if left > 0 then redis.call('PEXPIRE', idem_order, left) end
return 1
""",
)
RELEASE = Script(
    "release",
    keys=("idem",),
    args=(),
    flags="allow-oom",
    body="""
-- An in-flight marker goes, never an answer.
local held = redis.call('GET', idem)
if not held then return 0 end
local ok, doc = pcall(cjson.decode, held)
if ok and type(doc) == 'table' and doc.in_flight == true then return redis.call('DEL', idem) end
return 0
""",
)
DELETE = Script(
    "delete",
    keys=("game", "events", "idem_order", "outbox"),
    args=("idem_prefix", "outbox_entries"),
    functions=(POST_FUNCTION,),
    flags="allow-oom",
    body="""
-- Every key named here shares the game's hash tag, so the slot is the game's. The outbox stays
-- (its worker may still have work there), with what the deletion itself leaves it.
local existed = redis.call('EXISTS', game)
for _, name in ipairs(redis.call('LRANGE', idem_order, 0, -1)) do redis.call('DEL', idem_prefix .. name) end
redis.call('DEL', game, events, idem_order)
if existed == 1 then post(outbox, outbox_entries) end
return existed
""",
)
GAME_SCRIPTS = (CREATE, SAVE, SAVE_ON_ONE_SERVER, CLAIM, RECORD, RELEASE, DELETE)


def game_keys(game_id: str, idempotency_key: str = "") -> dict[str, str]:
    """Every key of a game, by the names its scripts give them (one idempotency key's)."""
    return {
        "game": keys.snapshot(game_id),
        "events": keys.events(game_id),
        "idem_order": keys.idempotency_order(game_id),
        "idem": keys.idempotency(game_id, idempotency_key),
        "outbox": keys.outbox(game_id),
    }


def save_keys(save: MoveSave) -> dict[str, str]:
    return game_keys(save.game_id, "" if save.answer is None else save.answer[0])


def save_args(save: MoveSave, ttl: int) -> dict[str, Any]:
    name, stored = ("", "") if save.answer is None else (save.answer[0], answer_json(save.answer[1]))
    return {
        "expected": save.expected_version,
        "snapshot": save.snapshot,
        "ttl": ttl,
        "answer": stored,
        "answer_ttl": min(IDEMPOTENCY_TTL, ttl),
        "answer_name": name,
        **kept_keys(save.game_id),
        "outbox_entries": outbox_json(save.outbox),
        "at": save.at,
    }


def after_keys() -> dict[str, str]:
    return {"deadlines": keys.deadlines(), "work": keys.work()}


def after_args(save: MoveSave) -> dict[str, Any]:
    return {"game_id": save.game_id, "timed": "1" if save.timed else "", "work_kept": WORK_KEPT,
            "deadline": "" if save.deadline is None else save.deadline}  # fmt: skip


def outbox_json(entries: Sequence[str]) -> str:
    return json.dumps(list(entries)) if entries else ""


def kept_keys(game_id: str) -> dict[str, Any]:
    """The arguments by which a script keeps a game's last ``IDEMPOTENCY_KEYS_PER_GAME`` keys."""
    return {"idem_prefix": keys.idempotency(game_id, ""), "kept": IDEMPOTENCY_KEYS_PER_GAME}


def tokens_json(hashes: TokenHashes) -> str:
    return json.dumps({"admin": hashes.admin, "players": list(hashes.players), "spectator": hashes.spectator})


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
    """Stream entries ``[b"<seq>-0", [b"e", json, b"t", at]]`` as (seq, json)."""
    try:
        return [(int(entry_id.split(b"-", 1)[0]), decoded(fields[1], key)) for entry_id, fields in entries]
    except (IndexError, ValueError, AttributeError, TypeError) as error:
        raise CorruptData(f"{key} holds entries this service never wrote") from error


def logged_at(key: str, entries: Sequence[Any]) -> list[LoggedEvent]:
    """Stream entries as (seq, json, at); ``at`` 0 for an entry logged before saves carried their time."""
    try:
        return [
            LoggedEvent(
                int(entry_id.split(b"-", 1)[0]),
                decoded(fields[1], key),
                int(fields[3]) if len(fields) > 3 else 0,
            )
            for entry_id, fields in entries
        ]
    except (IndexError, ValueError, AttributeError, TypeError) as error:
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


def saved(save: MoveSave, reply: Any, admitted: Admitted | None = None) -> SaveOutcome:
    """A save script's reply (``SAVE_FUNCTION``): the new version, what the move's key held, or the
    game as the script found it."""
    if not isinstance(reply, list):
        return SaveOutcome(None if reply is None else int(reply), admitted)
    why, *rest = reply
    if save.answer is not None and decoded(why, "a save's reply") == "held":
        return SaveOutcome(
            None, admitted, held=held_claim(keys.idempotency(save.game_id, save.answer[0]), rest[0])
        )
    return SaveOutcome(None, admitted, game_version(keys.snapshot(save.game_id), rest))


def held_claim(idem: str, held: Any) -> IdempotencyClaim:
    """What an idempotency key holds (``idem`` names it): another request's claim, or an answer."""
    try:
        doc = json.loads(decoded(held, idem))
        if doc.get("in_flight") is True:
            return IdempotencyClaim(IdempotencyState.IN_FLIGHT, fingerprint=str(doc["fingerprint"]))
        etag = None if doc.get("etag") is None else str(doc["etag"])
        language = None if doc.get("language") is None else str(doc["language"])
        stored = StoredAnswer(str(doc["fingerprint"]), int(doc["status"]), str(doc["body"]), etag, language)
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise CorruptData(f"{idem} holds neither an answer nor an in-flight marker") from error
    return IdempotencyClaim(IdempotencyState.ANSWERED, stored)


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
    recent: RecentGames
    ring: Callable[[str], None]
    """``RedisWork.ring``: a change that left the worker work, in a script that could not ring."""

    @translated
    def create_game(
        self,
        game_id: str,
        record: GameRecord,
        events: Sequence[str],
        outbox: Sequence[str] = (),
        deadline: int | None = None,
        at: int = 0,
    ) -> None:
        if deadline is not None:  # first: an entry whose game was never made is dropped when it fires
            self._commands.call("ZADD", keys.deadlines(), deadline, game_id)
        args = {"version": record.version, "snapshot": record.snapshot, "tokens": tokens_json(record.tokens),
                "owner": record.owner or "", "ttl": self.expiry.idle,
                "outbox_entries": outbox_json(outbox), "at": at}  # fmt: skip
        if not self._run(CREATE.call(game_keys(game_id), args, events)):
            raise GameExists(game_id)
        self.recent.keep(game_id, GameVersion(record.version, record.snapshot))
        if outbox:
            self.ring(game_id)

    @translated
    def load_game(self, game_id: str) -> GameRecord | None:
        key = keys.snapshot(game_id)
        record = game_record(key, self._commands.call("HMGET", key, *GAME_FIELDS))
        self.recent.keep(game_id, None if record is None else GameVersion(record.version, record.snapshot))
        return record

    @translated
    def load_version(self, game_id: str) -> GameVersion | None:
        key = keys.snapshot(game_id)
        found = game_version(key, self._commands.call("HMGET", key, *VERSION_FIELDS))
        self.recent.keep(game_id, found)
        return found

    def recent_version(self, game_id: str) -> GameVersion | None:
        return self.recent.get(game_id)

    @translated
    def load_games(self, game_ids: Sequence[str]) -> list[GameRecord | None]:
        found = self._pipeline([("HMGET", keys.snapshot(game_id), *GAME_FIELDS) for game_id in game_ids])
        return [
            game_record(keys.snapshot(game_id), fields)
            for game_id, fields in zip(game_ids, found, strict=True)
        ]

    @translated
    def delete_game(self, game_id: str, outbox: Sequence[str] = ()) -> bool:
        args = {"idem_prefix": keys.idempotency(game_id, ""), "outbox_entries": outbox_json(outbox)}
        existed = bool(self._run(DELETE.call(game_keys(game_id), args)))
        self.recent.forget(game_id)
        if existed and outbox:
            self.ring(game_id)
        return existed

    def _save_alone(self, save: MoveSave) -> SaveOutcome:
        """The move saved without counting or closing anything. On a single server one script
        (``SAVE_ON_ONE_SERVER``) also indexes its deadline and rings the worker if it left one work.
        A cluster's scripts cannot reach the index's or the doorbell's slot: the deadline is indexed
        in steps, before the save no later than it (``LT``: a process that dies leaves an entry due
        early, which the worker puts right: ``settle_deadline``), exactly just after; the worker
        is rung after (one never rung is found by its sweep)."""
        args = save_args(save, self.expiry.after_move(save.finished))
        if not self.cluster:
            script_call = SAVE_ON_ONE_SERVER.call(
                {**save_keys(save), **after_keys()}, {**args, **after_args(save)}, save.events
            )
            return saved(save, self._run(script_call))
        if save.timed and save.deadline is not None:  # never later than the truth, should we die
            self._commands.call("ZADD", keys.deadlines(), "LT", save.deadline, save.game_id)
        outcome = saved(save, self._run(SAVE.call(save_keys(save), args, save.events)))
        if outcome.version is not None and save.timed:
            self._index(save.game_id, save.deadline)
        if outcome.version is not None and save.outbox:
            self.ring(save.game_id)
        return outcome

    def _index(self, game_id: str, deadline: int | None) -> None:
        if deadline is None:
            self._commands.call("ZREM", keys.deadlines(), game_id)
        else:
            self._commands.call("ZADD", keys.deadlines(), deadline, game_id)

    @translated
    def read_events(self, game_id: str, after: int, limit: int) -> list[tuple[int, str]]:
        if limit <= 0:
            return []
        key = keys.events(game_id)
        return logged(key, self._commands.call("XRANGE", key, f"{max(after, 0) + 1}-0", "+", "COUNT", limit))

    @translated
    def read_log(self, game_id: str) -> list[LoggedEvent]:
        key = keys.events(game_id)
        return logged_at(key, self._commands.call("XRANGE", key, "-", "+", "COUNT", MAX_LOG_EVENTS))

    @translated
    def wait_for_events(self, game_id: str, after: int, timeout: float) -> list[tuple[int, str]]:
        key = keys.events(game_id)
        block = max(1, round(min(timeout, MAX_BLOCK_SECONDS) * 1000))
        found = self._waits.call("XREAD", "COUNT", 100, "BLOCK", block, "STREAMS", key, f"{max(after, 0)}-0")
        return logged(key, found[0][1]) if found else []

    @translated
    def claim_idempotency_key(self, game_id: str, key: str, fingerprint: str) -> IdempotencyClaim:
        marker = json.dumps({"in_flight": True, "fingerprint": fingerprint})
        args = {"marker": marker, "ttl": IN_FLIGHT_TTL, "name": key, **kept_keys(game_id)}
        held = self._run(CLAIM.call(game_keys(game_id, key), args))
        if held is None:
            return IdempotencyClaim(IdempotencyState.CLAIMED)
        return held_claim(keys.idempotency(game_id, key), held)

    @translated
    def record_answer(self, game_id: str, key: str, answer: StoredAnswer) -> None:
        args = {"answer": answer_json(answer), "ttl_ms": IDEMPOTENCY_TTL * 1000, "name": key}
        self._run(RECORD.call(game_keys(game_id, key), {**args, **kept_keys(game_id)}))

    @translated
    def release_idempotency_key(self, game_id: str, key: str) -> None:
        self._run(RELEASE.call(game_keys(game_id, key), {}))
