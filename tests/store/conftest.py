"""Fixtures for the store tests: every contract test runs against both stores."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service.store.base import GameStore
from service.store.config import Expiry, RedisOptions
from service.store.memory import MemoryStore
from service.store.redis import RedisStore
from tests.store.helpers import FakeClock, StoreFactory


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=["memory", "redis"])
def store_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def make_store(store_kind: str, request: pytest.FixtureRequest, clock: FakeClock) -> Iterator[StoreFactory]:
    """Build a store of the current kind with chosen TTLs (memory: on the fake clock)."""
    opened: list[RedisStore] = []

    def build(**ttls: int) -> GameStore:
        """``build(idle=1000, finished=100)``: those Expiry fields, the defaults for the others."""
        expiry = Expiry(**ttls)
        if store_kind == "memory":
            return MemoryStore(expiry, clock=clock)
        url = request.getfixturevalue("redis_url")
        store = RedisStore(RedisOptions(url), expiry)
        opened.append(store)
        return store

    yield build
    for store in opened:
        store.close()


@pytest.fixture
def store(make_store: StoreFactory) -> GameStore:
    return make_store()
