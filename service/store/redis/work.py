"""The worker's work on Redis: a consumer group over one stream of doorbells, and each game's outbox
stream and lease in the game's own slot."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from redis import exceptions as rex

from service.store import keys
from service.store.redis.connection import Commands, RedisConnection, decoded, translated
from service.store.redis.scripts import Script
from service.store.work import WorkItem

WORK_KEPT = 100_000
"""Doorbells kept at most (trimmed oldest first: a trimmed one's game is found by the sweep)."""

TAKE_OUTBOX = Script.load("take_outbox")
RELEASE_OUTBOX = Script.load("release_outbox")
TAKE_DUE = Script.load("take_due")
SETTLE_DEADLINE = Script.load("settle_deadline")
WORK_SCRIPTS = (TAKE_OUTBOX, RELEASE_OUTBOX, TAKE_DUE, SETTLE_DEADLINE)


ANSWER_SECONDS = 60


def work_items(entries: Any) -> list[WorkItem]:
    """Stream entries ``[b"<id>", [b"g", b"<game id>"]]`` (doorbells) or ``[b"<id>", [b"j", b"<job>"]]``."""
    key = keys.work()
    items = []
    for entry_id, fields in entries or ():
        kind, value = fields[0], decoded(fields[1], key)
        items.append(
            WorkItem(decoded(entry_id, key), value)
            if kind == b"g"
            else WorkItem(decoded(entry_id, key), "", value)
        )
    return items


class RedisWork(RedisConnection):
    """The WorkStore's methods."""

    _group_ready = False

    @translated
    def ring(self, game_id: str) -> None:
        self._commands.call("XADD", keys.work(), "MAXLEN", "~", WORK_KEPT, "*", "g", game_id)

    @translated
    def ask(self, job: str) -> None:
        self._commands.call("XADD", keys.work(), "MAXLEN", "~", WORK_KEPT, "*", "j", job)

    @translated
    def answer(self, reply: str, text: str) -> None:
        key = keys.reply(reply)
        self._pipeline([("LPUSH", key, text), ("EXPIRE", key, ANSWER_SECONDS)])

    @translated
    def await_answer(self, reply: str, wait: float) -> str | None:
        found = self._waits.call("BLPOP", keys.reply(reply), max(0.01, wait))
        return None if found is None else decoded(found[1], keys.reply(reply))

    @translated
    def take_work(self, worker: str, count: int, wait: float) -> list[WorkItem]:
        block = max(1, round(wait * 1000))
        command = ("XREADGROUP", "GROUP", keys.WORK_GROUP, worker, "COUNT", count, "BLOCK", block)
        found = self._in_group(self._waits, *command, "STREAMS", keys.work(), ">")
        return work_items(found[0][1]) if found else []

    @translated
    def take_abandoned_work(self, worker: str, idle: float, count: int) -> list[WorkItem]:
        idle_ms = round(idle * 1000)
        command = ("XAUTOCLAIM", keys.work(), keys.WORK_GROUP, worker, idle_ms, "0-0", "COUNT", count)
        reply = self._in_group(self._commands, *command)
        return [item for item in work_items(reply[1]) if item.game_id or item.job]

    def _in_group(self, commands: Commands, *command: Any) -> Any:
        """A command of the consumer group, made first when Redis has none (a first start, or a Redis
        that came back without its data: the doorbells it lost are found by the sweep)."""
        if not self._group_ready:
            self._make_group()
        try:
            return commands.call(*command)
        except rex.ResponseError as error:
            if not str(error).startswith("NOGROUP"):
                raise
        self._make_group()
        return commands.call(*command)

    def _make_group(self) -> None:
        try:
            self._commands.call("XGROUP", "CREATE", keys.work(), keys.WORK_GROUP, "0", "MKSTREAM")
        except rex.ResponseError as error:
            if not str(error).startswith("BUSYGROUP"):
                raise
        self._group_ready = True

    @translated
    def finish_work(self, items: Sequence[WorkItem]) -> None:
        if not items:
            return
        ids = [item.id for item in items]
        self._pipeline([("XACK", keys.work(), keys.WORK_GROUP, *ids), ("XDEL", keys.work(), *ids)])

    @translated
    def take_outboxes(
        self, game_ids: Sequence[str], worker: str, seconds: float, count: int
    ) -> dict[str, list[tuple[str, str]]]:
        args = {"worker": worker, "ms": max(1, round(seconds * 1000)), "count": count}
        calls = [TAKE_OUTBOX.call(_outbox_keys(game_id), args) for game_id in game_ids]
        return {
            game_id: _entries(entries, keys.outbox(game_id))
            for game_id, entries in zip(game_ids, self._run_all(calls), strict=True)
            if entries is not None
        }

    @translated
    def release_outboxes(self, worker: str, handled: Mapping[str, Sequence[str]]) -> list[str]:
        games = list(handled)
        calls = [
            RELEASE_OUTBOX.call(_outbox_keys(game_id), {"worker": worker}, handled[game_id])
            for game_id in games
        ]
        return [game_id for game_id, left in zip(games, self._run_all(calls), strict=True) if left]

    @translated
    def outbox(self, game_id: str, count: int) -> list[tuple[str, str]]:
        key = keys.outbox(game_id)
        return _entries(self._commands.call("XRANGE", key, "-", "+", "COUNT", count), key)

    @translated
    def take_sweep(self, worker: str, seconds: float) -> bool:
        ms = max(1, round(seconds * 1000))
        return self._commands.call("SET", keys.sweep_lease(), worker, "NX", "PX", ms) is not None

    @translated
    def games_with_outbox(self) -> list[str]:
        found = self._commands.keys_matching(keys.OUTBOX_PATTERN)
        return [decoded(key, "an outbox key").split("{", 1)[1].split("}", 1)[0] for key in found]

    @translated
    def take_due(self, now: int, lease: int, count: int) -> list[tuple[str, int]]:
        script_keys = {"deadlines": keys.deadlines()}
        claimed, due = self._run(TAKE_DUE.call(script_keys, {"now": now, "lease": lease, "count": count}))
        return [(decoded(game_id, keys.deadlines()), int(claimed)) for game_id in due]

    @translated
    def settle_deadline(self, game_id: str, claimed: int, deadline: int | None) -> None:
        args = {"game_id": game_id, "claimed": claimed, "deadline": "" if deadline is None else deadline}
        self._run(SETTLE_DEADLINE.call({"deadlines": keys.deadlines()}, args))


def _outbox_keys(game_id: str) -> dict[str, str]:
    return {"lease": keys.game_lease(game_id), "outbox": keys.outbox(game_id)}


def _entries(found: Any, key: str) -> list[tuple[str, str]]:
    """An XRANGE of an outbox as (entry id, text)."""
    return [(decoded(entry_id, key), decoded(fields[1], key)) for entry_id, fields in found]
