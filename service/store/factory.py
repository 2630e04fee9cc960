"""Choosing the store from configuration: Redis when REDIS_URL is set, else in-process."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from service.store.base import DEFAULT_FINISHED_TTL, DEFAULT_IDLE_TTL, GameStore
from service.store.memory import MemoryStore

log = logging.getLogger(__name__)


def build_store(config: Mapping[str, Any]) -> GameStore:
    """The store named by ``config`` (the Flask app config, filled from the environment)."""
    idle_ttl = int(config.get("GAME_IDLE_TTL", DEFAULT_IDLE_TTL))
    finished_ttl = int(config.get("GAME_FINISHED_TTL", DEFAULT_FINISHED_TTL))
    url = config.get("REDIS_URL")
    if not url:
        log.warning("REDIS_URL is not set: games live in this process only (embedded in-memory store)")
        return MemoryStore(idle_ttl=idle_ttl, finished_ttl=finished_ttl)
    from service.store.redis_store import RedisStore

    return RedisStore.from_url(
        url,
        cluster=str(config.get("REDIS_CLUSTER", "")).lower() in ("1", "true", "yes"),
        connect_timeout=float(config.get("REDIS_CONNECT_TIMEOUT", 0.25)),
        socket_timeout=float(config.get("REDIS_SOCKET_TIMEOUT", 0.5)),
        pool_size=int(config.get("REDIS_POOL_SIZE", 32)),
        idle_ttl=idle_ttl,
        finished_ttl=finished_ttl,
    )
