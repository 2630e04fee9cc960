"""The harness's gunicorn process: what the reliability experiments ask of it beyond starting and stopping."""

from __future__ import annotations

import os

from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess


def test_renice_lowers_the_arbiter_and_every_worker() -> None:
    with RedisServer() as redis, ServiceProcess(redis.url, workers=2) as service:
        before = os.getpriority(os.PRIO_PROCESS, service.pids()[0])
        service.renice(before + 7)
        assert len(service.pids()) == 3
        assert [os.getpriority(os.PRIO_PROCESS, pid) for pid in service.pids()] == [before + 7] * 3
