"""The harness's HTTP client (``harness.http_client``) against gunicorn's keep-alive timeout."""

from __future__ import annotations

import time

from harness.http_client import Client
from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess

KEEPALIVE_SECONDS = 1


def test_a_connection_the_server_closed_while_idle_is_replaced_not_used() -> None:
    """Sent on as it was, the second request met RemoteDisconnected or a broken pipe: the
    client's fault, which reliability's races counted as the service's "no answer"."""
    with (
        RedisServer() as redis,
        ServiceProcess(redis.url, workers=1, env={"GUNICORN_KEEPALIVE": str(KEEPALIVE_SECONDS)}) as service,
    ):
        client = Client(service.url)
        try:
            assert client.request("GET", "/healthz").status == 200
            time.sleep(KEEPALIVE_SECONDS + 1.0)  # gunicorn closes the idle connection meanwhile
            assert client.request("GET", "/healthz").status == 200
        finally:
            client.close()
