"""``/metrics`` under gunicorn: whichever worker answers the scrape, it counts every worker's requests.

Each JSON log line names the process that wrote it, so the access log tells which
worker served which request; the scraped count must be their sum.
"""

from __future__ import annotations

import json
import os
import signal
import threading
from collections import Counter
from collections.abc import Iterator

import pytest
from prometheus_client.parser import text_string_to_metric_families

from harness.http_client import Client
from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess
from tests.service.service_support import CLIENT_TIMEOUT, wait_until

THREADS = 8
BATCH = 25
"""Requests per thread per batch; batches go on until both workers have served some."""
MAX_BATCHES = 20


@pytest.fixture(scope="module")
def service() -> Iterator[ServiceProcess]:
    with RedisServer() as redis, ServiceProcess(redis.url, workers=2) as running:
        yield running


def health_checks_by_worker(service: ServiceProcess) -> Counter[int]:
    served: Counter[int] = Counter()
    for line in service.log_path.read_text(errors="replace").splitlines():
        if line.startswith("{"):
            entry = json.loads(line)
            if entry.get("logger") == "service.access" and entry.get("path") == "/healthz":
                served[entry["pid"]] += 1
    return served


def scraped(service: ServiceProcess, name: str, **labels: str) -> float:
    client = Client(service.url, timeout=CLIENT_TIMEOUT)
    try:
        answer = client.request("GET", "/metrics")
    finally:
        client.close()
    assert answer.status == 200 and answer.headers["content-type"].startswith("text/plain")
    for family in text_string_to_metric_families(answer.raw.decode()):
        for sample in family.samples:
            if sample.name == name and sample.labels == labels:
                return sample.value
    return 0.0


def check_health_concurrently(service: ServiceProcess) -> None:
    def hammer() -> None:
        client = Client(service.url, timeout=CLIENT_TIMEOUT)
        for _ in range(BATCH):
            assert client.request("GET", "/healthz").status == 200
        client.close()

    threads = [threading.Thread(target=hammer) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def test_a_scrape_sums_the_requests_of_both_workers(service: ServiceProcess) -> None:
    for _ in range(MAX_BATCHES):
        check_health_concurrently(service)
        if len(health_checks_by_worker(service)) == 2:
            break
    served = health_checks_by_worker(service)
    assert set(served) == set(service.worker_pids()), served
    total = scraped(service, "restart_http_requests_total", operation="getHealth", status="200")
    assert total == sum(served.values())
    assert scraped(service, "restart_http_request_duration_seconds_count", operation="getHealth") == total


def test_a_dead_workers_requests_stay_counted(service: ServiceProcess) -> None:
    check_health_concurrently(service)
    before = scraped(service, "restart_http_requests_total", operation="getHealth", status="200")
    victim = service.worker_pids()[0]
    os.kill(victim, signal.SIGKILL)
    wait_until(
        lambda: victim not in service.worker_pids() and len(service.worker_pids()) == 2,
        seconds=20,
        what="gunicorn replaces a killed worker",
    )
    after = scraped(service, "restart_http_requests_total", operation="getHealth", status="200")
    assert after == before
