"""The store on Redis or Redis Cluster: games (``games.py``), client apps (``client_apps.py``) and the
background worker's work (``work.py``), webhooks (``webhooks.py``).

Every key comes from ``service.store.keys``; a game's keys share its hash tag and a
client's keys share the client's, so every script of those two modules touches one slot.
The two steps that join a game and its owner (a read with the owner's count, a move saved
with the owner's count) are one round trip on a single server and two or three calls on a
cluster, whose scripts cannot span slots.
"""

from __future__ import annotations

from service.store import MoveSave, SaveOutcome, keys, save_in_steps
from service.store.base import GameVersion
from service.store.client_apps import Admission, Admitted, Counting
from service.store.config import Expiry, RedisOptions
from service.store.recent import RecentGames
from service.store.redis.client_apps import (
    ADMIT_ARGS,
    ADMIT_CALL,
    ADMIT_FUNCTION,
    ADMIT_KEYS,
    CLIENT_SCRIPTS,
    RedisClientApps,
    admission_args,
    admission_keys,
    admit_call,
    admitted,
)
from service.store.redis.connection import translated
from service.store.redis.games import (
    AFTER_ARGS,
    AFTER_CALL,
    AFTER_KEYS,
    CHECKED_AFTER,
    GAME_SCRIPTS,
    SAVE_ARGS,
    SAVE_CALL,
    SAVE_FUNCTIONS,
    SAVE_KEYS,
    VERSION_FIELDS,
    RedisGames,
    after_args,
    after_keys,
    game_version,
    save_args,
    save_keys,
    saved,
)
from service.store.redis.scripts import Script
from service.store.redis.webhooks import WEBHOOK_SCRIPTS, RedisWebhooks
from service.store.redis.work import WORK_SCRIPTS, RedisWork

__all__ = ["RedisStore", "translated"]

OWNER_SAVE = Script(
    "owner_save",
    keys=(*SAVE_KEYS, *ADMIT_KEYS, "open", *AFTER_KEYS),
    args=(*SAVE_ARGS, *ADMIT_ARGS, *AFTER_ARGS, "finished"),
    rest="texts",
    functions=(ADMIT_FUNCTION, *SAVE_FUNCTIONS),
    body=f"""
-- The owner's request counted, then (unless its window is full) the move saved; a move that ends
-- the game takes it out of the owner's open games, its next deadline is indexed and the worker
-- rung. An owner removed by hand counts nothing. What is written after the save is type-checked
-- with it.
local counted = {ADMIT_CALL}
if counted.err then return counted end
if counted[1] == 'limited' then return {{counted, false}} end
local after = {CHECKED_AFTER}
if finished == '1' then after[#after + 1] = {{open, 'zset'}} end
local version, failure, found = {SAVE_CALL}
if failure then return failure end
if not version then return {{counted, found}} end
if finished == '1' then redis.call('ZREM', open, game_id) end
{AFTER_CALL}
return {{counted, version}}
""",
)
"""A single server's ``save_move`` with a count, and the worker rung if the move left it work; a
cluster takes ``save_in_steps`` (then ``RedisWork.ring``)."""


def limited(admitted: Admitted | None) -> bool:
    return admitted is not None and admitted.admission is Admission.LIMITED


class RedisStore(RedisGames, RedisClientApps, RedisWork, RedisWebhooks):
    """The GameStore, the ClientStore, the WorkStore and the WebhookStore on Redis; thread-safe, one
    instance per process."""

    SCRIPTS = (*GAME_SCRIPTS, *CLIENT_SCRIPTS, *WORK_SCRIPTS, *WEBHOOK_SCRIPTS, OWNER_SAVE)

    def __init__(self, options: RedisOptions, expiry: Expiry | None = None) -> None:
        super().__init__(options)
        self.expiry = expiry or Expiry()
        self.recent = RecentGames(options.game_cache_bytes)

    @translated
    def load_counted(self, game_id: str, count: Counting) -> tuple[GameVersion | None, Admitted]:
        key = keys.snapshot(game_id)
        reply, fields = self._run_with(admit_call(count, None), ("HMGET", key, *VERSION_FIELDS))
        found = game_version(key, fields)
        self.recent.keep(game_id, found)
        return found, admitted(reply, count)

    @translated
    def save_move(self, save: MoveSave) -> SaveOutcome:
        outcome = self._save(save)
        if outcome.version is not None:
            self.recent.keep(save.game_id, GameVersion(outcome.version, save.snapshot))
        elif outcome.held is None and not limited(outcome.admitted):
            self.recent.keep(save.game_id, outcome.found)  # moved on, or gone
        return outcome

    def _save(self, save: MoveSave) -> SaveOutcome:
        count = save.count
        if self.cluster or count is None or save.owner is None:
            return save_in_steps(self, save, self._save_alone)
        ttl = self.expiry.after_move(save.finished)
        script_keys = {**save_keys(save), **admission_keys(count), "open": keys.client_open_games(save.owner),
                       **after_keys()}  # fmt: skip
        args = {**save_args(save, ttl), **admission_args(count, None), **after_args(save),
                "finished": "1" if save.finished else ""}  # fmt: skip
        reply, version = self._run(OWNER_SAVE.call(script_keys, args, save.events))
        return saved(save, version, admitted(reply, count))
