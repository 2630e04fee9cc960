"""Fixtures shared by every test folder: private Redis servers (plain, TLS) and a Redis Cluster, started once
per session, emptied per test."""

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
def redis_tls_server() -> Iterator[RedisServer]:
    """A real redis-server speaking only TLS, with certificates made for it, for the whole session."""
    with RedisServer(tls=True) as server:
        yield server


@pytest.fixture
def redis_tls_url(redis_tls_server: RedisServer) -> str:
    """The TLS server's URL (``rediss://``, its authority's certificate named), emptied first."""
    with redis_tls_server.client() as client:
        client.flushall()
    return redis_tls_server.url


@pytest.fixture(scope="session")
def cluster() -> Iterator[RedisCluster]:
    """A local Redis Cluster of three masters, started once for the tests that need one."""
    with RedisCluster(masters=3) as local:
        yield local


@pytest.fixture
def cluster_url(cluster: RedisCluster) -> str:
    """The cluster's URL, every master emptied first."""
    for client in cluster.node_clients():
        with client:
            client.flushall()
    return cluster.url
