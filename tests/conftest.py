"""Fixtures shared by every test folder: one private Redis per session, clean per test; one Redis Cluster."""

from collections.abc import Iterator

import pytest
from hypothesis import settings

from harness.redis_cluster import RedisCluster
from harness.redis_server import RedisServer

settings.register_profile("ci", deadline=None, derandomize=True, max_examples=100)
settings.load_profile("ci")


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    """A real redis-server on a free port in a temporary directory, for the whole session."""
    with RedisServer() as server:
        yield server


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """The session server's URL, emptied first so each test starts clean."""
    with redis_server.client() as client:
        client.flushall()
    return redis_server.url


@pytest.fixture(scope="session")
def cluster() -> Iterator[RedisCluster]:
    """A local Redis Cluster of three masters, started once for the tests that need one."""
    with RedisCluster(masters=3) as local:
        yield local
