"""``make bench``: the service's move endpoint against the floor, in one run.

Starts a private Redis, the service and the floor app (``../shared/bench``) under
the same gunicorn settings (gunicorn.conf.py, 2 gevent workers), drives both with
wrk at the same concurrency (at 4 and 64 connections, three alternating pairs of
runs), the service beside the floor and the stack's ceiling (``bench.ceiling``), then
the service on a Redis over TLS against the same on plain TCP (what
production runs: ``rediss://``), moves beside 2,000 open streams, bots answering persons
in 20 games (``bench.bots``) and what they cost other games' moves, moves told to a webhook
(``bench.webhooks``), turn clocks (``bench.clocks``: what a clock costs a move, deadlines firing beside
moves), game records verified against the engine alone (``bench.records``), rating a finished game
against verifying its record and a leaderboard page at a million players (``bench.ratings``), the
engine's share of a move and Redis memory per game. Figures go to stdout and into docs/PERFORMANCE.md
between the ``bench:start`` / ``bench:end`` markers.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from bench import bots, clocks, ratings, records, webhooks
from bench.bare_apps import BARE_APPS, WORKERS, start_bare
from bench.ceiling import ceiling_runs
from bench.engine_micro import measure as measure_engine
from bench.lab import THREADS, WARM_UP_SECONDS, Lab, describe_machine
from bench.load import LoadResult
from bench.memory import memory_per_game
from bench.streams import Viewers, delays, median, play_followed_games
from harness.redis_server import RedisServer
from harness.service_process import REPO, ServiceProcess

MIX = {"BENCH_READ_SHARE": "0.10", "BENCH_VALIDATE_SHARE": "0.10"}
STREAMS = 2_000
PAIRS_PER_POINT = 3
"""Runs of each app at 4 and at 64 connections. One 5 s run's ratios moved by half from run to
run of the same code (at 4 connections a p99 ratio between 0.5 and 1.9; how the connections
fall between the workers is chance, ``bench.split``), so each point's row is its median pair
and every pair is listed."""


def ratio(service: float, floor: float | None) -> str:
    return f"{service / floor:.2f}" if floor else "n/a"


def row(label: str, service: LoadResult, floor: LoadResult | None) -> str:
    floor_cells = (
        f"{floor.moves_per_s:,.0f} | {floor.p50_ms:.2f} | {floor.p99_ms:.2f}" if floor else "n/a | n/a | n/a"
    )
    p99_ratio = ratio(service.p99_ms, floor.p99_ms if floor else None)
    return (
        f"| {label} | {service.moves_per_s:,.0f} | {service.p50_ms:.2f} | {service.p99_ms:.2f} | "
        f"{floor_cells} | {ratio(service.moves_per_s, floor.moves_per_s if floor else None)} | {p99_ratio} |"
    )


HEADER = (
    "| load | service moves/s | p50 ms | p99 ms | floor moves/s | floor p50 ms | floor p99 ms "
    "| moves/s ratio | p99 ratio |\n|---|---|---|---|---|---|---|---|---|"
)


def main_runs(lab: Lab, seconds: int, quick: bool) -> list[str]:
    """Service and floor at the same concurrency; the mixed load; the concurrency points."""
    short = max(3, seconds // 2)
    lab.warm_up()
    floor_main = lab.floor_load(16, seconds)
    service_main = lab.service_load(16, seconds)
    mixed = lab.service_load(16, seconds, MIX)
    with ServiceProcess(lab.redis.url, workers=WORKERS, env={"ACCESS_LOG": "0"}) as quiet:
        floor_again = lab.floor_load(16, seconds)
        without_log = lab.service_load(16, seconds, service=quiet)
    lines = [
        HEADER,
        row("moves only, 16 connections", service_main, floor_main),
        row("mix 80% moves / 10% validate / 10% GET, 16 conn.", mixed, None),
        row("moves only, 16 conn., `ACCESS_LOG=0`", without_log, floor_again),
    ]
    scaling: dict[int, list[tuple[LoadResult, LoadResult | None]]] = {}
    if not quick:
        for connections in (4, 64):
            pairs = [
                (lab.service_load(connections, short), lab.floor_load(connections, short))
                for _ in range(PAIRS_PER_POINT)
            ]
            label = f"moves only, {connections} connections (median of {PAIRS_PER_POINT} pairs, below)"
            lines.append(row(label, *median_pair(pairs)))
            scaling[connections] = pairs
    if floor_main is not None:
        lab.main_ratio = service_main.moves_per_s / floor_main.moves_per_s
    engine = measure_engine(200, 1)["move request (trusted load + apply + dump)"]
    per_request_us = WORKERS * 1e6 / service_main.moves_per_s
    lines += [
        "",
        refusal_note([service_main, mixed]),
        "",
        f"Engine share of a move request: {engine:.0f} µs of engine work (trusted load + apply + dump, "
        f"`bench.engine_micro`) in {per_request_us:.0f} µs of worker time per move ({WORKERS} workers ÷ "
        f"{service_main.moves_per_s:,.0f} moves/s) = **{100 * engine / per_request_us:.1f}%**.",
    ]
    if scaling:
        lines += ["", pairs_table(scaling)]
    return lines


def median_pair(pairs: list[tuple[LoadResult, LoadResult | None]]) -> tuple[LoadResult, LoadResult | None]:
    """The pair whose p99 ratio is the median (the first pair when there is no floor)."""
    if any(floor is None for _, floor in pairs):
        return pairs[0]
    ranked = sorted(pairs, key=lambda pair: pair[0].p99_ms / pair[1].p99_ms)  # type: ignore[union-attr]
    return ranked[len(ranked) // 2]


def pairs_table(scaling: dict[int, list[tuple[LoadResult, LoadResult | None]]]) -> str:
    """Each pair of a scaling point, with how its connections fell between the workers (``bench.split``)."""
    lines = [
        f"Each scaling point is {PAIRS_PER_POINT} alternating pairs of runs (service, then floor), and "
        "its row above the pair with the median p99 ratio. The split is how wrk's connections fell "
        "between the two workers, which is chance:",
        "",
        "| connections | pair | service split | floor split | service moves/s | floor moves/s "
        "| service p99 ms | floor p99 ms | moves/s ratio | p99 ratio |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for connections, pairs in scaling.items():
        for number, (service, floor) in enumerate(pairs, start=1):
            cells = [
                str(connections),
                str(number),
                service.split,
                floor.split if floor else "n/a",
                f"{service.moves_per_s:,.0f}",
                f"{floor.moves_per_s:,.0f}" if floor else "n/a",
                f"{service.p99_ms:.2f}",
                f"{floor.p99_ms:.2f}" if floor else "n/a",
                ratio(service.moves_per_s, floor.moves_per_s if floor else None),
                ratio(service.p99_ms, floor.p99_ms if floor else None),
            ]
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def tls_runs(lab: Lab, seconds: int) -> list[str]:
    """The service on a private Redis that speaks only TLS (certificates made for the run) against
    the same service on plain TCP, in alternating pairs; the pair with the median p99 ratio shown."""
    with RedisServer(tls=True) as tls_redis, ServiceProcess(tls_redis.url, workers=WORKERS) as over_tls:
        lab.service_load(16, WARM_UP_SECONDS, service=over_tls)
        pairs = [
            (lab.service_load(16, seconds, service=over_tls), lab.service_load(16, seconds))
            for _ in range(PAIRS_PER_POINT)
        ]
    over, plain = median_pair(pairs)
    lines = [
        f"Redis over TLS (`rediss://`, a private redis-server with `tls-port`, its certificate checked "
        f"against the authority named by `ssl_ca_certs`) against plain TCP, the same service, 16 "
        f"connections, {PAIRS_PER_POINT} alternating pairs:",
        "",
        "| pair | TLS moves/s | TLS p99 ms | plain moves/s | plain p99 ms | moves/s ratio | p99 ratio |",
        "|---|---|---|---|---|---|---|",
    ]
    for number, (tls, tcp) in enumerate(pairs, start=1):
        figures = f"{tls.moves_per_s:,.0f} | {tls.p99_ms:.2f} | {tcp.moves_per_s:,.0f} | {tcp.p99_ms:.2f}"
        ratios = f"{ratio(tls.moves_per_s, tcp.moves_per_s)} | {ratio(tls.p99_ms, tcp.p99_ms)}"
        lines.append(f"| {number} | {figures} | {ratios} |")
    lines += [
        "",
        f"Median pair: TLS at **{ratio(over.moves_per_s, plain.moves_per_s)}x** plain TCP's moves/s, "
        f"p99 **{ratio(over.p99_ms, plain.p99_ms)}x**.",
    ]
    return lines


def stream_runs(lab: Lab, seconds: int) -> list[str]:
    """2,000 streams held on the service: delays from a move's answer to its frames, moves/s beside them."""
    viewers = Viewers(lab.service, lab.workdir, STREAMS, lab.next_seed)
    lab.next_seed += len(viewers.games)
    try:
        answered = play_followed_games(lab.service, viewers, max(10.0, seconds))
        floor_open = lab.floor_load(16, seconds)
        service_open = lab.service_load(16, seconds)
    finally:
        still_open, arrivals = viewers.close()
    waits = sorted(delays(answered, arrivals))
    p99 = waits[min(len(waits) - 1, int(0.99 * len(waits)))] if waits else float("nan")
    with_streams = service_open.moves_per_s / floor_open.moves_per_s if floor_open else None
    lines = [
        f"Game streams: {STREAMS:,} viewers (the four seats and the spectator of {len(viewers.games)} games) "
        f"held by `bench.stream_client` on the service; a mover played those games at "
        f"{len(answered) / max(10.0, seconds):.0f} events/s while they were open.",
        "",
        "| streams opened | still open at the end | frames timed | delay p50 ms | delay p99 ms |",
        "|---|---|---|---|---|",
        f"| {viewers.opened:,} | {still_open:,} | {len(waits):,} | {median(waits):.1f} | {p99:.1f} |",
        "",
        "Moves beside the open streams (wrk on other games, 16 connections):",
        "",
        HEADER,
        row(f"moves only, 16 connections, {viewers.opened:,} streams open", service_open, floor_open),
    ]
    if with_streams is not None and lab.main_ratio is not None:
        change = (with_streams / lab.main_ratio - 1) * 100
        lines += [
            "",
            f"Ratio with the streams open {with_streams:.2f}, without {lab.main_ratio:.2f}: {change:+.1f}%.",
        ]
    return lines


def bot_runs(lab: Lab, seconds: int) -> list[str]:
    """For each level: persons against bots (``bench.bots``), alone and beside wrk; wrk without bots first."""
    lines = [
        f"Bots: {bots.GAMES} games of a person against a bot at once, the person moving "
        f"{bots.THINK_SECONDS:.0f} s after the bot's answer; {bots.WORKER_PROCESSES} background workers "
        "(`python -m service.worker`) beside the service. The delay runs from the person's 200 to the "
        "bot's first event on the person's stream; first with the persons alone, then beside wrk's "
        "moves on other games (16 connections), whose moves/s is set against the wrk run just before, "
        "without bots. An answer slower than a stream's 10 s hang guard is waited for and measured; "
        "one still awaited when the run ends is counted unanswered.",
        "",
        "| bots | answers timed alone | delay p50 ms | delay p99 ms | answers timed beside wrk "
        "| delay p50 ms | delay p99 ms | unanswered at the end | moves/s beside | moves/s without | change |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for level in ("greedy", "expert"):
        without = lab.service_load(16, seconds)
        run = bots.played_beside(
            lab.redis, lab.service, level, seconds, lab.next_seed, lambda: lab.service_load(16, seconds)
        )
        lab.next_seed += 100_000
        beside: LoadResult = run.result  # type: ignore[assignment]
        change = (beside.moves_per_s / without.moves_per_s - 1) * 100
        cells = [
            level,
            f"{len(run.alone):,}",
            f"{bots.percentile(run.alone, 0.5):.0f}",
            f"{bots.percentile(run.alone, 0.99):.0f}",
            f"{len(run.loaded):,}",
            f"{bots.percentile(run.loaded, 0.5):.0f}",
            f"{bots.percentile(run.loaded, 0.99):.0f}",
            f"{run.unanswered}",
            f"{beside.moves_per_s:,.0f}",
            f"{without.moves_per_s:,.0f}",
            f"{change:+.1f}%",
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def hook_runs(lab: Lab, seconds: int) -> list[str]:
    """Webhooks (``bench.webhooks``): what telling costs a move with no worker running, how soon one
    worker on a core of its own tells moves paced at half what it can deliver, and both together on
    both cores; each on a private Redis and service."""

    def load(stage: webhooks.Stage, length: int) -> LoadResult:
        return lab.service_load(16, length, service=stage.service)

    first_seed, lab.next_seed = lab.next_seed, lab.next_seed + webhooks.SEEDS_USED
    return webhooks.hook_rows(load, seconds, first_seed)


def clock_runs(lab: Lab, seconds: int) -> list[str]:
    """Turn clocks on the main service (``bench.clocks``): a clock's cost to a move, and deadlines
    falling due at 100 a second beside wrk's moves."""
    lines = clocks.clock_runs(lab.redis, lab.service, lab.workdir, lab.next_seed, seconds)
    lab.next_seed += clocks.SEEDS_USED
    return lines


def stored_games_runs(lab: Lab, seconds: int) -> list[str]:
    lines = [
        "Cost against the number of games stored (moves only, 16 connections):",
        "",
        "| games stored | service moves/s | p50 ms | p99 ms |",
        "|---|---|---|---|",
    ]
    for total in (1_000, 10_000, 100_000):
        lab.store_filler_games(total)
        point = lab.service_load(16, seconds)
        lines.append(f"| {total:,} | {point.moves_per_s:,.0f} | {point.p50_ms:.2f} | {point.p99_ms:.2f} |")
    return lines


def bench(seconds: int, quick: bool) -> str:
    with tempfile.TemporaryDirectory(prefix="restart-bench-") as workdir, RedisServer() as redis:
        floor = start_bare(redis, "floor") if BARE_APPS.is_dir() else None
        try:
            with ServiceProcess(redis.url, workers=WORKERS) as service:
                lab = Lab(redis, service, floor, Path(workdir))
                lines = [
                    f"Run {datetime.now(UTC):%Y-%m-%d %H:%M} UTC: {describe_machine()}.",
                    "",
                    f"Both apps: gunicorn.conf.py with {WORKERS} gevent workers, one private redis-server, "
                    f"wrk -t{THREADS}; {seconds} s per main run, {max(3, seconds // 2)} s per scaling point, "
                    f"after a {WARM_UP_SECONDS} s unreported run of each app.",
                    "",
                ]
                if floor is None:
                    lines += ["**The floor app (`../shared/bench`) is absent: no floor figures.**", ""]
                lines += main_runs(lab, seconds, quick) + [""]
                lines += ceiling_runs(lab, max(3, seconds // 2)) + [""]
                lines += tls_runs(lab, max(3, seconds // 2)) + [""]
                lines += stream_runs(lab, seconds) + [""]
                lines += bot_runs(lab, seconds) + [""]
                lines += hook_runs(lab, seconds) + [""]
                lines += clock_runs(lab, seconds) + [""]
                lines += records.record_runs() + [""]
                lines += ratings.rating_runs() + [""]
                if not quick:
                    lines += stored_games_runs(lab, max(3, seconds // 2)) + [""]
                lines.append(memory_per_game(service.url, service.api_key, redis))
        finally:
            if floor is not None:
                floor.stop()
    return "\n".join(lines)


def refusal_note(results: list[LoadResult]) -> str:
    refused = sum(r.non_2xx for r in results)
    errors = sum(r.socket_errors for r in results)
    return f"Service answers in the main runs: {refused} non-2xx, {errors} socket errors."


def update_document(section: str, document: Path) -> None:
    text = document.read_text()
    start, end = "<!-- bench:start -->", "<!-- bench:end -->"
    block = f"{start}\n{section}\n{end}"
    if start in text:
        before, rest = text.split(start, 1)
        text = before + block + rest.split(end, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n## The service against the floor\n\n    make bench\n\n" + block + "\n"
    document.write_text(text)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--quick", action="store_true", help="main runs only, no scaling points")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/PERFORMANCE.md alone")
    args = parser.parse_args(argv)
    random.seed(1)
    section = bench(args.seconds, args.quick)
    print(section)
    if not args.no_write:
        update_document(section, REPO / "docs" / "PERFORMANCE.md")
        print("\nWritten to docs/PERFORMANCE.md")


if __name__ == "__main__":
    main()
