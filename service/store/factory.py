"""Choosing the store from the settings: Redis when a URL is set, else in-process."""

from __future__ import annotations

import logging

from service.store import Store
from service.store.config import Expiry, RedisOptions
from service.store.memory import MemoryStore

log = logging.getLogger(__name__)


def build_store(redis: RedisOptions | None, expiry: Expiry) -> Store:
    if redis is None:
        log.warning("REDIS_URL is not set: games live in this process only (embedded in-memory store)")
        return MemoryStore(expiry)
    from service.store.redis import RedisStore  # only a deployment with Redis needs redis-py

    return RedisStore(redis, expiry)
