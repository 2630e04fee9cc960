"""Where a move request's CPU goes, per app: the app's own Python, and Redis's work for it.

    python -m bench.cpu_split [--requests 400] [--rounds 3]

Each app (the service; the same told; the same handed; the floor and the ceiling of
``../shared/bench``. Told: the games' owner has a webhook, so each move also leaves its change for
the worker. Handed: every seat of the games was handed to a new holder first; named: to a person
the owner names, so that each move also keeps its players' turns) is its WSGI callable
called in this process against one private redis-server, as ``bench.instructions`` calls
it (no gunicorn, no HTTP, no load generator): ``time.process_time`` over the requests is
the app's CPU, and ``INFO cpu`` of the redis-server before and after is Redis's. What is
left of a request's cost under ``wrk`` (gunicorn, gevent, the HTTP parse, the load
generator, the kernel) is about the same for every app, so these parts say how far a
bound stated against the ceiling's moves/s is from what the service does
(docs/PERFORMANCE.md, "The lean move path"). Rounds alternate the apps; each figure is the
median of its rounds, and ``÷ ceiling`` the median of the rounds' ratios.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

from bench.instructions import FLOOR_DIR, WsgiApp, bare_requests, call, floor_requests, service_requests
from harness.redis_server import RedisServer

Requests = Callable[[str], tuple[WsgiApp, Iterator[dict[str, Any]]]]

APPS: dict[str, Requests] = {
    "service": service_requests,
    "told": functools.partial(service_requests, told=True),
    "handed": functools.partial(service_requests, handed=True),
    "named": functools.partial(service_requests, handed=True, named=True),
    "floor": floor_requests,
    "ceiling": functools.partial(bare_requests, "ceiling_app"),
}


def redis_cpu(info: dict[str, Any]) -> float:
    return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])


def split(app: WsgiApp, requests: list[dict[str, Any]], redis: Any) -> tuple[float, float]:
    """(the app's CPU, Redis's CPU) per request, in microseconds."""
    redis_before, app_before = redis_cpu(redis.info("cpu")), time.process_time()
    for env in requests:
        status, body = call(app, env)
        if not status.startswith("200"):
            raise SystemExit(f"a move answered {status}: {body[:300]!r}")
    app_after, redis_after = time.process_time(), redis_cpu(redis.info("cpu"))
    return (app_after - app_before) / len(requests) * 1e6, (redis_after - redis_before) / len(requests) * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--requests",
        type=int,
        default=400,
        help="moves a round, per app (the service's games hold about 1,280)",
    )
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    if not (FLOOR_DIR / "ceiling_app.py").is_file():
        raise SystemExit(f"{FLOOR_DIR} holds no ceiling_app.py: run from a checkout beside ../shared")
    figures: dict[str, list[tuple[float, float]]] = {name: [] for name in APPS}
    with RedisServer() as server, server.client() as redis:
        apps = {}
        for name, build in APPS.items():
            app, requests = build(server.url)
            moves = list(itertools.islice(requests, args.requests * args.rounds + 1))
            if len(moves) <= args.requests * args.rounds:
                raise SystemExit(f"{name} has {len(moves)} moves: ask fewer --requests or --rounds")
            call(app, moves.pop())  # first-call caches are set-up
            apps[name] = (app, moves)
        for round_number in range(args.rounds):
            for name, (app, moves) in apps.items():
                chunk = moves[round_number * args.requests : (round_number + 1) * args.requests]
                figures[name].append(split(app, chunk, redis))
    print(f"CPU per move request, in-process, median of {args.rounds} rounds of {args.requests} (µs)")
    print(f"  {'app':<8} {'app':>8} {'Redis':>8} {'both':>8} {'÷ ceiling':>10}")
    both = {name: [sum(r) for r in rounds] for name, rounds in figures.items()}
    for name, rounds in figures.items():
        own, store = statistics.median(r[0] for r in rounds), statistics.median(r[1] for r in rounds)
        times = statistics.median(b / c for b, c in zip(both[name], both["ceiling"], strict=True))
        print(f"  {name:<8} {own:>8.0f} {store:>8.0f} {own + store:>8.0f} {times:>10.2f}")
    told = statistics.median(t / s for t, s in zip(both["told"], both["service"], strict=True))
    print(f"  told ÷ service: {told:.3f} (a move whose owner has a webhook, against one without)")
    handed = statistics.median(s / h for h, s in zip(both["handed"], both["service"], strict=True))
    print(
        f"  service ÷ handed: {handed:.3f} (a move's throughput where every seat changed hands, against none)"
    )
    named = statistics.median(s / n for n, s in zip(both["named"], both["service"], strict=True))
    print(f"  service ÷ named: {named:.3f} (the same, each seat handed to a person the owner names)")


if __name__ == "__main__":
    main()
