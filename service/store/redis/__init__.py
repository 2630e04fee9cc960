"""The store on Redis or Redis Cluster: games (``games.py``) and client apps (``clients.py``).

Every key comes from ``service.store.keys``; a game's keys share its hash tag and a
client's keys share the client's, so every script touches one slot.
"""

from __future__ import annotations

from collections.abc import Sequence

from redis import exceptions as rex

from service.store import keys
from service.store.base import GameVersion
from service.store.clients import Admitted, Window
from service.store.config import Expiry, RedisOptions
from service.store.redis.clients import CLIENT_SCRIPTS, RedisClients, admission, admitted
from service.store.redis.connection import translated
from service.store.redis.games import GAME_SCRIPTS, VERSION_FIELDS, RedisGames, game_version

__all__ = ["RedisStore", "translated"]


class RedisStore(RedisGames, RedisClients):
    """The GameStore and the ClientStore on Redis; thread-safe, one instance per process."""

    def __init__(self, options: RedisOptions, expiry: Expiry | None = None) -> None:
        super().__init__(options, {**GAME_SCRIPTS, **CLIENT_SCRIPTS})
        self.expiry = expiry or Expiry()

    @translated
    def load_admitted(
        self, game_id: str, client_id: str, windows: Sequence[Window], now: float
    ) -> tuple[GameVersion | None, Admitted]:
        """The game's version and snapshot and one admission of its owner, in one round trip (the
        two slots pipelined).

        On a cluster, two: redis-py runs no script in a cluster pipeline.
        """
        if self.cluster:
            record = self.load_game(game_id)
            found = None if record is None else GameVersion(record.version, record.snapshot)
            return found, self.admit(client_id, None, windows, now)
        script_keys, args = admission(client_id, None, windows, now)
        admit = ("EVALSHA", self._shas["admit"], len(script_keys), *script_keys, *args)
        read = ("HMGET", keys.game(game_id), *VERSION_FIELDS)
        if self._wire is not None:
            reply, fields = self._wire.pipeline([admit, read])
        else:
            with self._redis().pipeline(transaction=False) as pipe:
                pipe.execute_command(*admit)
                pipe.execute_command(*read)
                reply, fields = pipe.execute(raise_on_error=False)
        if isinstance(reply, rex.NoScriptError):  # the script cache was emptied: EVAL carries it again
            reply = self._run("admit", script_keys, args)
        for answer in (reply, fields):
            if isinstance(answer, Exception):
                raise answer
        return game_version(keys.game(game_id), fields), admitted(reply, windows, now)
