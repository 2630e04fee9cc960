"""``python -m bench.deliveries``: what one delivery costs the background workers, with nothing else running.

Moves are played with one webhook registered and no worker running, so their changes wait in the
outboxes; then ``bench.webhooks.WORKER_PROCESSES`` workers (``WORKER_NICE`` as given, 0 by default:
nothing competes here) drain them to the HTTPS receiver of ``harness.webhook_receiver``. It prints
how many deliveries came, how fast, and the CPU time the workers (user and system) and this process
(the receiver) spent per delivery. ``make bench`` measures deliveries beside moves; this one says what
each costs, which decides how many a machine can send beside its moves.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

from bench import webhooks
from bench.run import WORKERS, Lab
from harness.http_client import Client
from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess
from harness.webhook_receiver import WebhookReceiver
from harness.worker_process import WorkerProcess

QUIET_SECONDS = 2.0
"""No new delivery for this long: the queue is drained."""


def cpu_seconds(pid: int) -> tuple[float, float]:
    """A process's user and system CPU time so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def main() -> None:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("--seconds", type=int, default=4, help="of moves queued before the workers start")
    arguments.add_argument("--nice", default="0", help="WORKER_NICE of the workers")
    options = arguments.parse_args()
    with tempfile.TemporaryDirectory() as workdir, RedisServer() as redis, ExitStack() as running:
        service = running.enter_context(ServiceProcess(redis.url, workers=WORKERS, env=webhooks.SERVICE_ENV))
        receiver = running.enter_context(WebhookReceiver())
        client = Client(service.url)
        hook = client.request(
            "POST", "/v1/webhooks", {"url": receiver.url()}, headers={"X-API-Key": service.api_key}
        )
        if hook.status != 201:
            raise RuntimeError(f"registering the webhook answered {hook.status}: {hook.raw!r}")
        load = Lab(redis, service, None, Path(workdir)).service_load(16, options.seconds, service=service)
        env = {**webhooks.SERVICE_ENV, "WEBHOOK_CA_FILE": receiver.ca_file, "WORKER_NICE": options.nice}
        mine_before = sum(cpu_seconds(os.getpid()))
        started = time.monotonic()
        workers = [
            running.enter_context(WorkerProcess(redis.url, env=env)) for _ in range(webhooks.WORKER_PROCESSES)
        ]
        count, last = -1, time.monotonic()
        while time.monotonic() - last < QUIET_SECONDS:
            time.sleep(0.1)
            if len(received := receiver.received()) != count:
                count, last = len(received), time.monotonic()
        took = last - started
        user = sum(cpu_seconds(worker.pid or 0)[0] for worker in workers)
        system = sum(cpu_seconds(worker.pid or 0)[1] for worker in workers)
        receiving = sum(cpu_seconds(os.getpid())) - mine_before
        client.close()
    print(
        f"{load.moves_per_s * options.seconds:,.0f} moves queued; {count:,} deliveries in {took:.1f} s "
        f"({count / took:,.0f}/s, workers' start included) by {len(workers)} workers, nice {options.nice}; "
        f"workers' CPU per delivery {user / count * 1e6:,.0f} µs user + {system / count * 1e6:,.0f} µs "
        f"system; the receiver's {receiving / count * 1e6:,.0f} µs"
    )


if __name__ == "__main__":
    main()
