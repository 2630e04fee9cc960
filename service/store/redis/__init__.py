"""The store on Redis or Redis Cluster: games (``games.py``) and client apps (``clients.py``).

Every key comes from ``service.store.keys``; a game's keys share its hash tag and a
client's keys share the client's, so every script touches one slot.
"""

from __future__ import annotations

from service.store.config import Expiry, RedisOptions
from service.store.redis.clients import CLIENT_SCRIPTS, RedisClients
from service.store.redis.connection import translated
from service.store.redis.games import GAME_SCRIPTS, RedisGames

__all__ = ["RedisStore", "translated"]


class RedisStore(RedisGames, RedisClients):
    """The GameStore and the ClientStore on Redis; thread-safe, one instance per process."""

    def __init__(self, options: RedisOptions, expiry: Expiry | None = None) -> None:
        super().__init__(options, {**GAME_SCRIPTS, **CLIENT_SCRIPTS})
        self.expiry = expiry or Expiry()
