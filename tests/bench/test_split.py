"""The bench's connection split counts each open connection once, under the worker that holds it."""

from __future__ import annotations

import time

from bench.split import connections_per_worker
from harness.http_client import Client
from harness.service_process import ServiceProcess


def test_each_open_connection_is_counted_under_one_worker(redis_url: str) -> None:
    with ServiceProcess(redis_url, workers=2) as service:
        clients = [Client(service.url) for _ in range(3)]
        try:
            for client in clients:
                assert client.request("GET", "/healthz").status == 200  # accepted and kept alive
            split = connections_per_worker(service)
        finally:
            for client in clients:
                client.close()
        assert len(split) == 2 and sum(split) == 3
        assert split == sorted(split, reverse=True)
        deadline = time.monotonic() + 10
        while connections_per_worker(service) != [0, 0] and time.monotonic() < deadline:
            time.sleep(0.05)  # the workers see the clients' closes in their own time
        assert connections_per_worker(service) == [0, 0]  # closed connections are not counted
