"""The service's moves beside the floor's and the ceiling's, a row of ``make bench`` (issue 33).

The floor (``../shared/bench/floor_app.py``) is what a plain Flask app must do for a move; the
ceiling (``ceiling_app.py``) is the stack's limit: a bare WSGI callable and one Lua round trip.
All three run under the project's gunicorn.conf.py (2 gevent workers) on one private
Redis, driven by wrk at 16 connections, in ``ROUNDS`` rounds of service, floor, ceiling, one
after the other, so that the machine's drift falls on all three alike. The bounds: the service's
moves/s at least ``MIN_CEILING_RATIO`` of the ceiling's, and its p99 at most ``MAX_FLOOR_P99_RATIO``
of the floor's, each the median of the rounds' ratios.

``python -m bench.ceiling`` prints the row and its rounds.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bench.bare_apps import BARE_APPS, WORKERS, bare_load, start_bare
from bench.lab import Lab
from bench.load import LoadResult
from bench.routing import copies
from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess

ROUNDS = 3
CONNECTIONS = 16
MIN_CEILING_RATIO = 0.75
MAX_FLOOR_P99_RATIO = 1.2


@dataclass(frozen=True, slots=True)
class Round:
    service: LoadResult
    floor: LoadResult
    ceiling: LoadResult

    @property
    def of_ceiling(self) -> float:
        return self.service.moves_per_s / self.ceiling.moves_per_s

    @property
    def p99_of_floor(self) -> float:
        return self.service.p99_ms / self.floor.p99_ms


def ceiling_runs(lab: Lab, seconds: int) -> list[str]:
    """The rounds against the lab's floor and a ceiling started here; the lines of the row."""
    if lab.floor is None or not (BARE_APPS / "ceiling_app.py").is_file():
        return ["**The floor or the ceiling app (`../shared/bench`) is absent: no ceiling row.**"]
    ceiling = start_bare(lab.redis, "ceiling")
    try:
        bare_load(ceiling, 3, CONNECTIONS)  # its first run after a start is slower, as every app's
        rounds = []
        before = copies(lab.service)
        for _ in range(ROUNDS):
            service = lab.service_load(CONNECTIONS, seconds)
            floor, bare = bare_load(lab.floor, seconds, CONNECTIONS), bare_load(ceiling, seconds, CONNECTIONS)
            rounds.append(Round(service, floor, bare))
        found = copies(lab.service) - before
    finally:
        ceiling.stop()
    moves = sum(found.values())
    return [
        *table(rounds, seconds),
        "",
        f"The service's moves in these rounds found their game: this worker's copy current (one round "
        f"trip) {found['hit'] / moves:.0%}, stale {found['stale'] / moves:.0%}, none (read) "
        f"{found['read'] / moves:.0%} (`restart_move_game_copies_total`; wrk's connections visit a "
        f"thread's games in turn, so a game's moves come to either worker).",
    ]


def table(rounds: list[Round], seconds: int) -> list[str]:
    of_ceiling = statistics.median(one.of_ceiling for one in rounds)
    p99_of_floor = statistics.median(one.p99_of_floor for one in rounds)
    lines = [
        f"The service, the floor and the ceiling, {CONNECTIONS} connections, {ROUNDS} rounds of {seconds} s "
        "runs (service, floor, ceiling):",
        "",
        "| round | service moves/s | floor moves/s | ceiling moves/s | service p99 ms | floor p99 ms "
        "| ceiling p99 ms | service ÷ ceiling | service p99 ÷ floor p99 |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for number, one in enumerate(rounds, start=1):
        lines.append(
            f"| {number} | {one.service.moves_per_s:,.0f} | {one.floor.moves_per_s:,.0f} "
            f"| {one.ceiling.moves_per_s:,.0f} | {one.service.p99_ms:.2f} | {one.floor.p99_ms:.2f} "
            f"| {one.ceiling.p99_ms:.2f} | {one.of_ceiling:.2f} | {one.p99_of_floor:.2f} |"
        )
    ceiling_met = "met" if of_ceiling >= MIN_CEILING_RATIO else "not met"
    floor_met = "met" if p99_of_floor <= MAX_FLOOR_P99_RATIO else "not met"
    lines += [
        "",
        f"Median: the service makes **{of_ceiling:.2f}×** the ceiling's moves/s "
        f"(bound ≥ {MIN_CEILING_RATIO}: "
        f"{ceiling_met}); its p99 is **{p99_of_floor:.2f}×** the floor's (bound ≤ {MAX_FLOOR_P99_RATIO}: "
        f"{floor_met}).",
    ]
    return lines


def main() -> None:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("--seconds", type=int, default=5, help="of each run")
    options = arguments.parse_args()
    with tempfile.TemporaryDirectory(prefix="restart-bench-") as workdir, RedisServer() as redis:
        floor = start_bare(redis, "floor")
        try:
            with ServiceProcess(redis.url, workers=WORKERS) as service:
                lab = Lab(redis, service, floor, Path(workdir))
                lab.warm_up()
                print("\n".join(ceiling_runs(lab, options.seconds)))
        finally:
            floor.stop()


if __name__ == "__main__":
    main()
