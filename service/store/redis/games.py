"""Games on Redis: a hash, an event stream, idempotency strings and the list of their names, all in one slot.

A game's events are a Redis Stream whose entry ids are the events' sequence numbers
(``<seq>-0``): the log is read by range, and followed live with a blocking read.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from service.store import keys
from service.store.base import (
    IDEMPOTENCY_KEYS_PER_GAME,
    IDEMPOTENCY_TTL,
    IN_FLIGHT_TTL,
    MAX_LOG_EVENTS,
    CorruptData,
    GameRow,
    GameVersion,
    IdempotencyClaim,
    IdempotencyState,
    LoggedEvent,
    StoredAnswer,
    TokenHashes,
)
from service.store.config import Expiry
from service.store.recent import RecentGames
from service.store.redis.client_apps import admission_args
from service.store.redis.client_apps import admitted as read_admission
from service.store.redis.connection import RedisConnection, decoded, translated
from service.store.redis.scripts import Script
from service.store.redis.wire import MAX_BLOCK_SECONDS
from service.store.redis.work import WORK_KEPT
from service.store.saves import Save, SaveOutcome, Turns

NO_TURNS = Turns()
GAME_FIELDS = ("version", "snapshot", "tokens", "owner")
VERSION_FIELDS = GAME_FIELDS[:2]

COMMIT = Script.load("commit")
"""A change saved on a single server: counted, compared, written, indexed and rung in one step."""
COMMIT_IN_SLOT = Script.load("commit_in_slot")
"""The game's part of a change on a cluster (``save_in_steps``)."""
DELETE = Script.load("delete")
CLAIM = Script.load("claim")
RECORD = Script.load("record")
RELEASE = Script.load("release")
GAME_SCRIPTS = (COMMIT, COMMIT_IN_SLOT, DELETE, CLAIM, RECORD, RELEASE)


def game_keys(game_id: str, idempotency_key: str = "") -> dict[str, str]:
    """Every key of a game, by the names its scripts give them (one idempotency key's)."""
    return {
        "game": keys.snapshot(game_id),
        "events": keys.events(game_id),
        "idem_order": keys.idempotency_order(game_id),
        "idem": keys.idempotency(game_id, idempotency_key),
        "outbox": keys.outbox(game_id),
    }


def in_slot_keys(change: Save) -> dict[str, str]:
    """The keys of the game's part of ``change``."""
    answer = change.asked.answer
    return game_keys(change.game_id, "" if answer is None else answer[0])


def in_slot_args(change: Save, ttl: int) -> dict[str, Any]:
    """The arguments of the game's part of ``change`` (``change_game``), its row's time to live ``ttl``."""
    answer = change.asked.answer
    name, stored = ("", "") if answer is None else (answer[0], answer_json(answer[1]))
    tokens = change.tokens
    return {
        "expected": change.expected,
        "snapshot": change.written.snapshot,
        "tokens": "" if tokens is None else tokens_json(tokens),
        "owner": change.owner or "",
        "ttl": ttl,
        "answer": stored,
        "answer_ttl": min(IDEMPOTENCY_TTL, ttl),
        "answer_name": name,
        **kept_keys(change.game_id),
        "entries": outbox_json(change.owed.outbox),
        "at": change.written.at,
    }


def outside_keys(change: Save) -> dict[str, str]:
    """What a single server's ``commit`` writes outside the game's slot: the owner's count and open
    games, the deadlines' index, the worker's stream."""
    owner = change.owner or ""
    count, turns = change.asked.count, change.turns or NO_TURNS
    return {
        "client": keys.client(owner),
        "count": keys.client_window(owner, "" if count is None else count.window.name),
        "open": keys.client_open_games(owner),
        "deadlines": keys.deadlines(),
        "work": keys.work(),
        "turns_left": keys.player_turns(owner, turns.leaves or ""),
        "turns_entered": keys.player_turns(owner, turns.enters or ""),
    }


def outside_args(change: Save) -> dict[str, Any]:
    count, owed, turns = change.asked.count, change.owed, change.turns or NO_TURNS
    counted = {"counting": "", "now": "", "quota": "", "override": "", "seconds": ""}
    if count is not None:
        counted = {"counting": "1", **admission_args(count, None)}
        del counted["digest"]
    return {
        **counted,
        "game_id": change.game_id,
        "closes": "1" if change.closes else "",
        "timed": "1" if owed.timed else "",
        "deadline": "" if owed.deadline is None else owed.deadline,
        "work_kept": WORK_KEPT,
        "leaves": "1" if change.owner and turns.leaves else "",
        "enters": "1" if change.owner and turns.enters else "",
        "turn_score": turns.score,
    }


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


def game_row(key: str, fields: Sequence[Any]) -> GameRow | None:
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
        return GameRow(int(decoded(version, key)), decoded(snapshot, key), hashes, owner_id)
    except (KeyError, TypeError, ValueError) as error:  # JSONDecodeError is a ValueError
        raise CorruptData(f"{key} holds an unreadable version or tokens") from error


def saved(change: Save, reply: Any) -> SaveOutcome:
    """A commit script's reply, {the count's reply or nothing; the new version, or why not}: what the
    idempotency key held, or the game as the script found it."""
    counted, result = reply
    count = change.asked.count
    admitted = None if not counted or count is None else read_admission(counted, count)
    if not isinstance(result, list):
        return SaveOutcome(None if result is None else int(result), admitted)
    why, *rest = result
    answer = change.asked.answer
    if answer is not None and decoded(why, "a save's reply") == "held":
        held = held_claim(keys.idempotency(change.game_id, answer[0]), rest[0])
        return SaveOutcome(None, admitted, held=held)
    return SaveOutcome(None, admitted, game_version(keys.snapshot(change.game_id), rest))


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
    def load_game(self, game_id: str) -> GameRow | None:
        key = keys.snapshot(game_id)
        row = game_row(key, self._commands.call("HMGET", key, *GAME_FIELDS))
        self.recent.keep(game_id, None if row is None else GameVersion(row.version, row.snapshot))
        return row

    @translated
    def load_version(self, game_id: str) -> GameVersion | None:
        key = keys.snapshot(game_id)
        found = game_version(key, self._commands.call("HMGET", key, *VERSION_FIELDS))
        self.recent.keep(game_id, found)
        return found

    def recent_version(self, game_id: str) -> GameVersion | None:
        return self.recent.get(game_id)

    @translated
    def load_games(self, game_ids: Sequence[str]) -> list[GameRow | None]:
        found = self._pipeline([("HMGET", keys.snapshot(game_id), *GAME_FIELDS) for game_id in game_ids])
        return [
            game_row(keys.snapshot(game_id), fields)
            for game_id, fields in zip(game_ids, found, strict=True)
        ]

    def _commit(self, change: Save) -> SaveOutcome:
        """The change on a single server: one script (``commit``), the count and everything outside
        the game's slot with it."""
        script_keys = {**in_slot_keys(change), **outside_keys(change)}
        args = {**in_slot_args(change, self._ttl(change)), **outside_args(change)}
        return saved(change, self._run(COMMIT.call(script_keys, args, change.written.events)))

    def _in_slot(self, change: Save) -> SaveOutcome:
        """The game's part of the change on a cluster (``commit_in_slot``), and what it owes the worker
        in steps around it. The deadline is indexed before the save no later than it (``LT``: a process
        that dies leaves an entry due early, which the worker puts right: ``settle_deadline``), exactly
        just after; the worker is rung after (a doorbell never rung is found by its sweep)."""
        owed = change.owed
        if owed.timed and owed.deadline is not None:  # never later than the truth, should we die
            self._commands.call("ZADD", keys.deadlines(), "LT", owed.deadline, change.game_id)
        call = COMMIT_IN_SLOT.call(in_slot_keys(change), in_slot_args(change, self._ttl(change)),
                                   change.written.events)  # fmt: skip
        outcome = saved(change, self._run(call))
        if outcome.version is not None and owed.timed:
            self._index(change.game_id, owed.deadline)
        if outcome.version is not None and owed.outbox:
            self.ring(change.game_id)
        return outcome

    def _delete(self, change: Save) -> SaveOutcome:
        """A deletion, on any topology: the game's keys in one script (``delete``, allowed when Redis is
        full), its deadline and its doorbell after (a gone game's deadline is settled by the worker, a
        doorbell never rung is found by its sweep)."""
        entries = outbox_json(change.owed.outbox)
        args = {"idem_prefix": keys.idempotency(change.game_id, ""), "entries": entries}
        existed = bool(self._run(DELETE.call(game_keys(change.game_id), args)))
        self.recent.forget(change.game_id)
        if not existed:
            return SaveOutcome(None)
        self._index(change.game_id, None)
        if change.owed.outbox:
            self.ring(change.game_id)
        return SaveOutcome(change.expected)

    def _ttl(self, change: Save) -> int:
        return self.expiry.after_move(change.written.finished)

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
