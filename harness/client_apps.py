"""Client apps for tests, benchmarks and reliability runs: registered straight in the store they use.

A service under test needs a client key to create games, as a third party's app does;
these helpers make one in the Redis a ``ServiceProcess`` runs on (or in a store object).
"""

from __future__ import annotations

import time

from service.play.client_management import create_client
from service.store.client_apps import LIMIT_FIELDS, ClientLimits, ClientStore
from service.store.config import RedisOptions
from service.store.redis import RedisStore

LOAD_LIMITS = ClientLimits(*(10**6 for _ in LIMIT_FIELDS))
"""For a client that drives loads: its limits are checked like any client's, at quotas no run reaches."""


def register_client(
    redis_url: str, name: str = "harness", limits: ClientLimits | None = None, *, cluster: bool = False
) -> str:
    """A new client in the Redis at ``redis_url``; its key (the service's default limits unless given)."""
    store = RedisStore(RedisOptions(redis_url, cluster=cluster))
    try:
        return register_in(store, name, limits)
    finally:
        store.close()


def register_in(store: ClientStore, name: str = "harness", limits: ClientLimits | None = None) -> str:
    """A new client in ``store``; its key."""
    return create_client(store, name, limits or ClientLimits(), time.time()).key
