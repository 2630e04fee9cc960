"""The store on Redis or Redis Cluster: games (``games.py``), client apps (``client_apps.py``) and the
background worker's work (``work.py``), webhooks (``webhooks.py``), tables (``tables.py``),
rating pools (``ratings.py``).

Every key comes from ``service.store.keys``; a game's keys share its hash tag and a
client's keys share the client's, so every script of those two modules touches one slot.
The two steps that join a game and its owner (a read with the owner's count, a change saved
with the owner's count) are one round trip on a single server and two or more calls on a
cluster, whose scripts cannot span slots. The scripts themselves are in ``lua/``.
"""

from __future__ import annotations

from service.store import keys
from service.store.base import GameVersion
from service.store.client_apps import Admission, Admitted, Counting
from service.store.config import Expiry, RedisOptions
from service.store.recent import RecentGames
from service.store.redis.client_apps import CLIENT_SCRIPTS, RedisClientApps, admit_call, admitted
from service.store.redis.connection import translated
from service.store.redis.games import GAME_SCRIPTS, VERSION_FIELDS, RedisGames, game_version
from service.store.redis.ratings import RATING_SCRIPTS, RedisRatings
from service.store.redis.tables import TABLE_SCRIPTS, RedisTables
from service.store.redis.webhooks import WEBHOOK_SCRIPTS, RedisWebhooks
from service.store.redis.work import WORK_SCRIPTS, RedisWork
from service.store.saves import Save, SaveOutcome, save_in_steps

__all__ = ["RedisStore", "translated"]


def limited(admitted: Admitted | None) -> bool:
    return admitted is not None and admitted.admission is Admission.LIMITED


class RedisStore(RedisGames, RedisClientApps, RedisWork, RedisWebhooks, RedisTables, RedisRatings):
    """The GameStore, the ClientStore, the WorkStore, the WebhookStore, the TableStore and the RatingStore
    on Redis; thread-safe, one instance per process."""

    SCRIPTS = (
        *GAME_SCRIPTS,
        *CLIENT_SCRIPTS,
        *WORK_SCRIPTS,
        *WEBHOOK_SCRIPTS,
        *TABLE_SCRIPTS,
        *RATING_SCRIPTS,
    )

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
    def save(self, change: Save) -> SaveOutcome:
        if change.deletes:
            return save_in_steps(self, change, self._delete)
        outcome = save_in_steps(self, change, self._in_slot) if self.cluster else self._commit(change)
        if outcome.version is not None:
            self.recent.keep(change.game_id, GameVersion(outcome.version, change.written.snapshot or ""))
        elif outcome.held is None and not limited(outcome.admitted):
            self.recent.keep(change.game_id, outcome.found)  # moved on, or gone
        return outcome
