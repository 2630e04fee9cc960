"""Fixtures of the tests that drive the service through the generated clients: gunicorn on a real Redis."""

from collections.abc import Iterator

import pytest

from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess


@pytest.fixture(scope="module")
def service() -> Iterator[ServiceProcess]:
    """The service as production runs it (gevent workers), on a private redis-server; ``api_key`` opens it."""
    with RedisServer() as redis, ServiceProcess(redis.url, workers=2) as served:
        yield served
