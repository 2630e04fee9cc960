"""Fixtures of the tests that run the service as production does; each module provides ``service``."""

from collections.abc import Iterator

import pytest

from harness.http_client import Client
from harness.service_process import ServiceProcess
from tests.service.service_support import CLIENT_TIMEOUT


@pytest.fixture
def client(service: ServiceProcess) -> Iterator[Client]:
    """A keep-alive client of the module's service, closed after the test."""
    own = Client(service.url, timeout=CLIENT_TIMEOUT)
    yield own
    own.close()
