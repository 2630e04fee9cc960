"""Fixtures for the use cases' tests: a store of each kind a change is saved by (one script on one
Redis server, steps in memory and on a cluster), and games made through the use cases themselves."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service.store import Store
from service.store.config import RedisOptions
from service.store.memory import MemoryStore
from service.store.redis import RedisStore

KINDS = ["memory", "redis", "redis-cluster"]


@pytest.fixture(params=KINDS)
def store(request: pytest.FixtureRequest) -> Iterator[Store]:
    if request.param == "memory":
        yield MemoryStore()
        return
    cluster = request.param == "redis-cluster"
    url = request.getfixturevalue("cluster_url" if cluster else "redis_url")
    redis = RedisStore(RedisOptions(url, cluster=cluster))
    yield redis
    redis.close()
