"""What one refusal costs where it is made (docs/DEPLOY.md, "Floods at the edge"):
``python -m bench.edge_refusals [--seconds S]``.

One client floods for ``--seconds`` from ``CONNECTIONS`` connections, each sending as fast as
answers come, three times:

- **at the edge**: through nginx with deploy/nginx.conf, its requests allowance one a minute (so
  that nearly every request is nginx's 429), in front of the service;
- **the service, a known refusal**: straight to gunicorn, a key over its requests quota (refused
  by admission before any store call, each after a 0.25 s pause in the gevent worker);
- **the service, a creation over its games quota**: refused after the admission's Redis round trip.

Each row gives the refusals and the CPU time that nginx's, gunicorn's and Redis's processes spent
per refusal (/proc), less what each spent idle for as long (measured first). CPU time, unlike
latency, is the process's own whatever else the machine runs.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from harness.client_apps import register_client
from harness.http_client import Client
from harness.nginx import Nginx
from harness.nginx_conf import Allowance
from harness.process_cpu import total_cpu_seconds
from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess
from service.store.client_apps import ClientLimits

CONNECTIONS = 8
"""The service's in-flight cap a worker (8): every paused refusal holds one of them."""
OVER_QUOTA = ClientLimits(requests_per_second=1, games_per_minute=1, max_open_games=10**6)
UNLIMITED = ClientLimits(requests_per_second=10**6, games_per_minute=10**6, max_open_games=10**6)
AT_THE_EDGE = {"edge_requests": Allowance("1r/m", 1), "edge_creations": Allowance("1r/m", 1)}
"""Past a credential's first two requests, every one is nginx's 429 (nginx takes no burst of 0)."""


def flood(
    url: str, seconds: float, method: str, path: str, headers: dict[str, str], body: Any
) -> Counter[int]:
    """Statuses answered to ``CONNECTIONS`` connections sending for ``seconds``."""
    statuses: Counter[int] = Counter()
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def connection() -> None:
        with contextlib.closing(Client(url)) as client:
            while time.monotonic() < deadline:
                answer = client.request(method, path, body, headers=headers)
                with lock:
                    statuses[answer.status] += 1

    threads = [threading.Thread(target=connection) for _ in range(CONNECTIONS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def measured(
    roles: dict[str, Callable[[], Sequence[int]]], idle: dict[str, float], run: Callable[[], Counter[int]]
) -> str:
    """A row: the refusals ``run`` got and each role's CPU per refusal, idle time taken out."""
    before, began = {role: total_cpu_seconds(pids()) for role, pids in roles.items()}, time.monotonic()
    statuses = run()
    took = time.monotonic() - began
    refused = statuses[429]
    spent = {
        role: max(0.0, total_cpu_seconds(pids()) - before[role] - idle[role] * took)
        for role, pids in roles.items()
    }
    return f"{refused:,} | " + " | ".join(f"{spent[role] / max(refused, 1) * 1e6:,.0f}" for role in roles)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.edge_refusals", description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    seconds = parser.parse_args(argv).seconds
    with (
        RedisServer() as redis,
        ServiceProcess(redis.url, workers=1, env={"TRUSTED_PROXIES": "127.0.0.1/32"}) as service,
        Nginx([service.port], allowances=AT_THE_EDGE) as edge,
    ):
        assert redis.pid is not None
        roles = {"nginx": edge.pids, "gunicorn": service.pids, "Redis": lambda: [redis.pid or 0]}
        before = {role: total_cpu_seconds(pids()) for role, pids in roles.items()}
        time.sleep(seconds)
        idle = {role: (total_cpu_seconds(pids()) - before[role]) / seconds for role, pids in roles.items()}
        over, unlimited = (register_client(redis.url, name, limits) for name, limits in
                           (("over", OVER_QUOTA), ("unlimited", UNLIMITED)))  # fmt: skip
        creation = {"players": ["Annika", "Elias"]}
        floods = [
            ("at the edge", edge.url, "GET", "/v1/games", unlimited, None),
            ("the service, a known refusal", service.url, "GET", "/v1/games", over, None),
            (
                "the service, a creation over its games quota",
                service.url,
                "POST",
                "/v1/games",
                unlimited_games(redis.url),
                creation,
            ),
        ]
        print(f"{CONNECTIONS} connections, {seconds:g} s each; CPU µs a refusal, idle time taken out\n")
        print("| refused where | refusals | nginx | gunicorn | Redis |")
        print("| --- | --- | --- | --- | --- |")
        for name, url, method, path, key, body in floods:
            run = functools.partial(flood, url, seconds, method, path, {"X-API-Key": key}, body)
            print(f"| {name} | {measured(roles, idle, run)} |", flush=True)
    return 0


def unlimited_games(redis_url: str) -> str:
    """A key whose requests are never refused and whose creations are, past the first."""
    return register_client(
        redis_url,
        "creator",
        ClientLimits(requests_per_second=10**6, games_per_minute=1, max_open_games=10**6),
    )


if __name__ == "__main__":
    raise SystemExit(main())
