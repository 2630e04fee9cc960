"""Fixtures for the store tests: every contract test runs against every store the service can use:
in memory, and on Redis over plain TCP, over TLS and as a cluster."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service.store import Store
from service.store.config import Expiry, RedisOptions
from service.store.memory import MemoryStore
from service.store.redis import RedisStore
from tests.store.helpers import FakeClock, StoreFactory

STORE_KINDS = ["memory", "redis", "redis-tls", "redis-cluster"]


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=STORE_KINDS)
def store_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def redis_options(kind: str, request: pytest.FixtureRequest) -> RedisOptions:
    """The options of an emptied Redis of ``kind``, started once per session."""
    if kind == "redis-cluster":
        return RedisOptions(request.getfixturevalue("cluster_url"), cluster=True)
    return RedisOptions(request.getfixturevalue("redis_tls_url" if kind == "redis-tls" else "redis_url"))


@pytest.fixture
def make_store(store_kind: str, request: pytest.FixtureRequest, clock: FakeClock) -> Iterator[StoreFactory]:
    """Build a store of the current kind with chosen TTLs (memory: on the fake clock)."""
    opened: list[RedisStore] = []

    def build(**ttls: int) -> Store:
        """``build(idle=1000, finished=100)``: those Expiry fields, the defaults for the others."""
        expiry = Expiry(**ttls)
        if store_kind == "memory":
            return MemoryStore(expiry, clock=clock)
        store = RedisStore(redis_options(store_kind, request), expiry)
        opened.append(store)
        return store

    yield build
    for store in opened:
        store.close()


@pytest.fixture
def store(make_store: StoreFactory) -> Store:
    return make_store()
