"""Turn clocks under load: what a clock costs a move, and how late deadlines fire beside moves; and
what being rated costs a move.

Part of ``make bench`` (``bench.run``); alone, ``python -m bench.clocks`` starts its own Redis and
service and prints its figures (it writes nothing). Both measurements run on one service under
gunicorn.conf.py (2 gevent workers) with ``WORKER_PROCESSES`` background workers
(``python -m service.worker``, as deploy/docker-compose.yml runs them) beside it, and drive wrk with
``bench/moves.lua`` at 16 connections on fresh games whose moves the engine worked out beforehand.

(a) Moves on games with a clock: a turn of 30 days on every game (none falls due during a run: each
    move only sets the next turn's deadline) against the same moves on games without one, in
    ``PAIRS`` pairs of runs of half the main runs' length that alternate which goes first; every run
    plays new games of the same seeds, so the very same moves. The ratio of moves/s over every pair
    (bound: at least ``MIN_RATIO``), and of the service's CPU time per move.
(b) Deadlines falling due beside moves: ``DUE_GAMES`` games of two seats whose pending turns fall due
    at ``DUE_PER_SECOND`` a second. Each game is created with a turn's length chosen so that its
    deadline lands on its slot, and its first seat passes at once: the second seat's timeout (a pass)
    ends the round and, at target score 1, the game, so each game fires once. A firing's delay is its
    save time less the turn's deadline: the deadline is in the pass's answer; the save time is when the
    game's clock last started (the stored clock's ``started_ms``, set by the save that ended the game),
    read from Redis once the window is over. wrk's moves on other games once those games are made and
    before the window, twice during it and after it. Bound: a firing delay p99 under ``MAX_P99_MS``.
(c) Moves on rated games (every seat a person with a player reference) against the same moves on the
    same games unrated, as (a) pairs them (bound: at least ``MIN_RATIO``); the games that end during
    a run are rated by the background workers beside the moves, on the same two cores.
"""

from __future__ import annotations

import argparse
import calendar
import json
import os
import random
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from bench.bots import percentile
from bench.games import precompute_moves
from bench.lab import describe_machine
from bench.load import LoadResult, run_wrk
from harness.games import Game, create_game
from harness.http_client import Client
from harness.players import SAMPLE_NAMES
from harness.redis_server import RedisServer
from harness.service_process import REPO, ServiceProcess
from harness.worker_process import WorkerProcess
from service.play.stored_game import decode
from service.rules import Move
from service.store.config import RedisOptions
from service.store.redis import RedisStore

T = TypeVar("T")

MOVES_SCRIPT = REPO / "bench" / "moves.lua"
GUNICORN_WORKERS = 2
WORKER_PROCESSES = 2
CONNECTIONS = 16
THREADS = 2
GAMES_PER_SECOND = 110
"""Games of a run per second of it: about 3,500 moves/s at ``MAX_SHARE_PLAYED`` (this machine plays
about 2,300); a run that plays more than that share of its moves is refused (``bench.run``)."""
MAX_SHARE_PLAYED = 0.8
CREATORS = 8
"""Connections that create games (and pass) at once."""
LONG_TURN = 2_592_000
"""30 days, the longest turn: never due during a run."""
PAIRS = 6
"""(a)'s pairs, an even number: the order clock, none, none, clock, clock... cancels a steady drift
(one run's moves/s moves by a tenth from one run to the next here, the code unchanged)."""
WARM_UP_SECONDS = 3
MIN_RATIO = 0.95
DUE_GAMES = 10_000
DUE_PER_SECOND = 100
MAX_P99_MS = 1000.0
SETUP_MARGIN = 1.3
"""The first deadline is set this many times the setup's expected length after the setup starts."""
BESIDE_AT = (0.15, 0.6)
"""When the runs beside the firing start, as shares of the window."""
AFTER_WINDOW = 3.0
"""Seconds after the last deadline before the run without firing, and before reading the delays."""
SEEDS_USED = 20_000
"""Seeds ``clock_runs`` takes from its first, at most (``bench.run`` moves its own on by as many)."""


def epoch_ms(instant: str) -> int:
    """``2027-01-15T08:00:30.250Z`` (a view's deadline, RFC 3339 with milliseconds) in epoch ms."""
    return calendar.timegm(time.strptime(instant[:19], "%Y-%m-%dT%H:%M:%S")) * 1000 + int(instant[20:23])


def in_parallel(url: str, count: int, make: Callable[[Client, int], T]) -> list[T]:
    """``make(client, index)`` for every index below ``count``, ``CREATORS`` connections at once (each
    takes every ``CREATORS``-th index, in order); the results in index order."""

    def share(first: int) -> list[tuple[int, T]]:
        client = Client(url)
        try:
            return [(index, make(client, index)) for index in range(first, count, CREATORS)]
        finally:
            client.close()

    with ThreadPoolExecutor(CREATORS) as pool:
        made = [pair for part in pool.map(share, range(CREATORS)) for pair in part]
    return [item for _, item in sorted(made, key=lambda pair: pair[0])]


@dataclass(frozen=True)
class Prepared:
    """A wrk run's games, made and their moves written (``bench/moves.lua``'s file)."""

    path: Path
    available: int


class Loads:
    """Fresh games for each wrk run on ``service``, their moves worked out once per seed."""

    def __init__(self, service: ServiceProcess, workdir: Path, first_seed: int) -> None:
        self.service, self.workdir, self.first_seed = service, workdir, first_seed
        self.lines: dict[int, list[Move]] = {}
        self.files = 0
        self.created_per_s = 0.0
        """Games created a second, as last measured."""

    def seeds(self, seconds: int) -> range:
        """Seeds enough for a run of ``seconds``: always the same ones (each run plays new games, but
        their lines of play are worked out once)."""
        return range(self.first_seed, self.first_seed + GAMES_PER_SECOND * seconds + 10 * CONNECTIONS)

    def prepare(self, seeds: Sequence[int], variant: Variant | None = None) -> Prepared:
        """Games of ``seeds`` (made as ``variant`` says, if given) and their moves' file."""
        extra, players = ({}, SAMPLE_NAMES) if variant is None else (variant.extra, variant.players)
        started = time.monotonic()
        games = in_parallel(
            self.service.url,
            len(seeds),
            lambda client, index: create_game(
                client, players, seeds[index], key=self.service.api_key, extra=extra
            ),
        )
        self.created_per_s = len(games) / (time.monotonic() - started)
        self.files += 1
        path = self.workdir / f"clock-moves-{self.files}.tsv"
        return Prepared(path, self._write(games, path))

    def _write(self, games: list[Game], path: Path) -> int:
        """One line per move (game index, id, the mover's token, body); the same line of play for a
        seed whatever the game's id, so that two runs on the same seeds play the same moves."""
        total = 0
        with path.open("w") as out:
            for index, game in enumerate(games):
                assert game.seed is not None
                line = self.lines.get(game.seed)
                if line is None:
                    line = self.lines[game.seed] = precompute_moves(game, random.Random(game.seed))
                for move in line:
                    body = json_body(move)
                    out.write(f"{index}\t{game.id}\t{game.players[move.player]}\t{body}\n")
                    total += 1
        return total

    def replay(self, prepared: Prepared, seconds: int) -> LoadResult:
        env = {"BENCH_MOVES_FILE": str(prepared.path)}
        result = run_wrk(
            self.service.url, MOVES_SCRIPT, threads=THREADS, connections=CONNECTIONS, seconds=seconds, env=env
        )
        if result.requests > MAX_SHARE_PLAYED * prepared.available:
            raise RuntimeError(
                f"the run played {result.requests:,} of its {prepared.available:,} moves: "
                "raise GAMES_PER_SECOND"
            )
        return result

    def run(self, seconds: int, variant: Variant | None = None) -> LoadResult:
        return self.replay(self.prepare(self.seeds(seconds), variant), seconds)


def json_body(move: Move) -> str:
    return json.dumps(move.to_json(), separators=(",", ":"))


def cells(result: LoadResult) -> str:
    return f"{result.moves_per_s:,.0f} | {result.p50_ms:.2f} | {result.p99_ms:.2f}"


def met(ok: bool) -> str:
    return "met" if ok else "**not met**"


def service_cpu(service: ServiceProcess) -> float:
    """CPU seconds its workers have used so far (the arbiter only watches them)."""
    ticks = 0
    for pid in service.worker_pids():
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Measured:
    load: LoadResult
    cpu_us: float
    """The service's CPU time (its workers') per move answered 2xx, in µs."""


def measured(loads: Loads, prepared: Prepared, seconds: int) -> Measured:
    before = service_cpu(loads.service)
    load = loads.replay(prepared, seconds)
    return Measured(load, (service_cpu(loads.service) - before) * 1e6 / max(1.0, load.moves_per_s * seconds))


@dataclass(frozen=True)
class Variant:
    """Games made otherwise than the plain ones, whose moves' cost is compared with theirs."""

    name: str
    extra: dict[str, Any]
    """What their creation adds."""
    players: Sequence[str | dict[str, str]] = SAMPLE_NAMES
    bound: str = f"at least {MIN_RATIO}"


CLOCKED = Variant("clock", {"clock": {"turn_seconds": LONG_TURN}})
RATED = Variant(
    "rated",
    {"rated": True},
    [{"name": name, "player": f"bench:{name.lower()}"} for name in SAMPLE_NAMES],
)
"""(c)'s games: rated, the same people at every table (so a finished game is rated in one pool)."""


def cost_of_a_clock(loads: Loads, seconds: int) -> list[str]:
    """(a): alternating runs on games with a 30-day clock and without, the same seeds in every run."""
    return paired_cost(
        loads,
        seconds,
        CLOCKED,
        f"Turn clocks, what a clock costs a move: wrk at {CONNECTIONS} connections on games with a "
        f"clock ({LONG_TURN:,} s a turn: none falls due, each move sets the next deadline) and on "
        "games without one",
    )


def cost_of_rating(loads: Loads, seconds: int) -> list[str]:
    """(c): alternating runs on rated games and unrated ones, the same seeds in every run."""
    return paired_cost(
        loads,
        seconds,
        RATED,
        f"Ratings, what being rated costs a move: wrk at {CONNECTIONS} connections on rated games "
        "(every seat a person with a player reference; a game that ends is rated by the background "
        "workers, beside the moves) and on the same games unrated",
    )


def paired_cost(loads: Loads, seconds: int, variant: Variant, heading: str) -> list[str]:
    """Alternating runs on ``variant``'s games and plain ones, the same seeds (the same moves) in every
    run: the ratio of moves/s over every pair, and of the service's CPU time per move."""
    loads.run(WARM_UP_SECONDS)
    loads.run(WARM_UP_SECONDS, variant)
    seeds = loads.seeds(seconds)
    pairs: list[tuple[Measured, Measured]] = []
    for number in range(PAIRS):
        runs: dict[bool, Measured] = {}
        for varied in (number % 2 == 0, number % 2 == 1):
            runs[varied] = measured(loads, loads.prepare(seeds, variant if varied else None), seconds)
        pairs.append((runs[True], runs[False]))
    ratio = sum(varied.load.moves_per_s for varied, _ in pairs) / sum(
        plain.load.moves_per_s for _, plain in pairs
    )
    ratios = sorted(varied.load.moves_per_s / plain.load.moves_per_s for varied, plain in pairs)
    cpu = sum(varied.cpu_us for varied, _ in pairs) / sum(plain.cpu_us for _, plain in pairs)
    name = variant.name
    lines = [
        f"{heading}; {PAIRS} pairs of {seconds} s runs alternating which goes first, every run "
        f"on new games of the same seeds (the same moves); {WORKER_PROCESSES} background workers beside. "
        "CPU: the service's workers' CPU time per move.",
        "",
        f"| pair | first | {name} moves/s | p50 ms | p99 ms | CPU µs | plain moves/s | p50 ms | p99 ms "
        "| CPU µs | moves/s ratio |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for number, (varied, plain) in enumerate(pairs, start=1):
        first = name if number % 2 == 1 else "plain"
        ratio_cell = f"{varied.load.moves_per_s / plain.load.moves_per_s:.2f}"
        lines.append(
            f"| {number} | {first} | {cells(varied.load)} | {varied.cpu_us:.0f} | {cells(plain.load)} "
            f"| {plain.cpu_us:.0f} | {ratio_cell} |"
        )
    refused = sum(run.load.non_2xx + run.load.socket_errors for pair in pairs for run in pair)
    lines += [
        "",
        f"All pairs: **{ratio:.2f}x** the moves/s {name} (bound: {variant.bound}: "
        f"{met(ratio >= MIN_RATIO)}; median pair {ratios[len(ratios) // 2]:.2f}), **{cpu:.2f}x** the CPU "
        f"per move; {refused} non-2xx answers or socket errors.",
    ]
    return lines


@dataclass(frozen=True)
class Due:
    game_id: str
    seat: int
    """The seat whose turn times out."""
    deadline_ms: int


def make_due_games(service: ServiceProcess, first_seed: int, first_due: float) -> list[Due]:
    """``DUE_GAMES`` games whose pending turns fall due from ``first_due`` (epoch s) at
    ``DUE_PER_SECOND`` a second: each made with the turn that lands its deadline on its slot, then
    its first seat's pass (its answer tells the deadline)."""

    def make(client: Client, index: int) -> Due:
        slot = first_due + index / DUE_PER_SECOND
        clock = {"turn_seconds": max(1, round(slot - time.time())), "absent_after": 0}
        game = create_game(
            client, SAMPLE_NAMES[:2], first_seed + index, 1, key=service.api_key, extra={"clock": clock}
        )
        starter = game.created["game"]["current_player"]
        passed = {"player": starter, "action": "pass"}
        answer = client.request("POST", f"{game.url}/moves", passed, token=game.players[starter])
        if answer.status != 200:
            raise RuntimeError(f"the first pass of {game.id} answered {answer.status}: {answer.raw!r}")
        return Due(game.id, 1 - starter, epoch_ms(answer.body["game"]["clock"]["deadline"]))

    return in_parallel(service.url, DUE_GAMES, make)


def firing_delays(redis: RedisServer, due: Sequence[Due]) -> tuple[list[int], int]:
    """The firing delay (ms) of every game whose turn timed out, and how many had not."""
    store = RedisStore(RedisOptions(redis.url))
    delays, waiting = [], 0
    try:
        for start in range(0, len(due), 500):
            chunk = due[start : start + 500]
            for game, record in zip(chunk, store.load_games([g.game_id for g in chunk]), strict=True):
                clock = None if record is None else decode(record.snapshot).clock
                if record is None or clock is None or clock.seats[game.seat].timeouts != 1:
                    waiting += 1
                    continue
                delays.append(clock.started_ms - game.deadline_ms)
    finally:
        store.close()
    return delays, waiting


def deadlines_beside_moves(redis: RedisServer, loads: Loads, seconds: int) -> list[str]:
    """(b): ``DUE_GAMES`` deadlines falling due at ``DUE_PER_SECOND`` a second, wrk's moves before,
    during and after them."""
    window = DUE_GAMES / DUE_PER_SECOND
    seeds = loads.seeds(seconds)
    runs = {name: loads.prepare(seeds) for name in ("before", "beside 1", "beside 2", "after")}
    setup_seconds = DUE_GAMES * 1.5 / max(loads.created_per_s, 1.0)  # a pass costs about half a creation
    started = time.time()
    first_due = started + SETUP_MARGIN * setup_seconds + seconds + 3
    due = make_due_games(loads.service, loads.first_seed + len(seeds), first_due)
    setup_ended = time.time()
    results: dict[str, LoadResult] = {}
    if first_due - setup_ended > seconds + 1:  # room for the run before the first deadline
        results["before"] = loads.replay(runs["before"], seconds)
    for name, share in zip(("beside 1", "beside 2"), BESIDE_AT, strict=True):
        time.sleep(max(0.0, first_due + share * window - time.time()))
        results[name] = loads.replay(runs[name], seconds)
    time.sleep(max(0.0, first_due + window + AFTER_WINDOW - time.time()))
    results["after"] = loads.replay(runs["after"], seconds)
    delays, waiting = firing_delays(redis, due)
    per_second = Counter(game.deadline_ms // 1000 for game in due)
    lines = [
        f"Turn clocks, deadlines falling due beside moves: {DUE_GAMES:,} games of two seats whose pending "
        f"turns fall due at {DUE_PER_SECOND} a second for {window:.0f} s (each fires once: the timeout's "
        f"pass ends the game), {WORKER_PROCESSES} background workers; wrk at {CONNECTIONS} connections on "
        "other games before the window, twice during it and after it. A firing's delay is the timeout's "
        "save time (the stored clock's `started_ms`) less the turn's deadline (in the first pass's answer).",
        "",
        "| wrk run | deadlines falling due | moves/s | p50 ms | p99 ms |",
        "|---|---|---|---|---|",
    ]
    for name, result in results.items():
        firing = f"{DUE_PER_SECOND}/s" if name.startswith("beside") else "none"
        lines.append(f"| {name} | {firing} | {cells(result)} |")
    beside = sum(results[name].moves_per_s for name in ("beside 1", "beside 2")) / 2
    quiet = [results[name].moves_per_s for name in ("before", "after") if name in results]
    without = sum(quiet) / len(quiet)
    p99 = percentile([float(delay) for delay in delays], 0.99)
    lines += [
        "",
        f"Setup: {setup_ended - started:.0f} s, ended {first_due - setup_ended:.1f} s before the first "
        f"deadline; deadlines in the busiest second: {max(per_second.values())}. Fired: {len(delays):,} of "
        f"{len(due):,} ({waiting} not by {AFTER_WINDOW:.0f} s after the window and a {seconds} s run). "
        f"Firing delay p50 **{percentile([float(d) for d in delays], 0.5):.0f} ms**, p99 **{p99:.0f} ms**, "
        f"max {max(delays, default=0)} ms (bound: p99 under {MAX_P99_MS:.0f} ms: "
        f"{met(p99 < MAX_P99_MS and not waiting)}). Moves/s beside the firing {beside:,.0f}, without "
        f"{without:,.0f} (mean of the runs without): {(beside / without - 1) * 100:+.1f}%.",
    ]
    return lines


def clock_runs(
    redis: RedisServer, service: ServiceProcess, workdir: Path, first_seed: int, seconds: int,
    only: str | None = None,
) -> list[str]:  # fmt: skip
    """The measurements (or ``only`` one, ``a``, ``b`` or ``c``) on ``service``, with the background workers
    started for them; the lines of their figures."""
    loads = Loads(service, workdir, first_seed)
    if len(loads.seeds(seconds)) + DUE_GAMES > SEEDS_USED:
        raise ValueError(f"runs of {seconds} s take more than SEEDS_USED seeds")
    lines: list[str] = []
    with ExitStack() as workers:
        for _ in range(WORKER_PROCESSES):
            workers.enter_context(WorkerProcess(redis.url))
        if only in (None, "a"):
            lines += cost_of_a_clock(loads, max(3, seconds // 2))
        if only is None:
            lines.append("")
        if only in (None, "b"):
            lines += deadlines_beside_moves(redis, loads, seconds)
        if only is None:
            lines.append("")
        if only in (None, "c"):
            lines += cost_of_rating(loads, max(3, seconds // 2))
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.clocks", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=10, help="length of each measured wrk run")
    parser.add_argument(
        "--only", choices=("a", "b", "c"), help="only (a), the cost of a clock, (b), firing, or (c), rating"
    )
    args = parser.parse_args(argv)
    random.seed(1)
    print(f"Run {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC: {describe_machine()}.", flush=True)
    with (
        tempfile.TemporaryDirectory(prefix="restart-bench-") as workdir,
        RedisServer() as redis,
        ServiceProcess(redis.url, workers=GUNICORN_WORKERS) as service,
    ):
        print("\n".join(clock_runs(redis, service, Path(workdir), 1, args.seconds, args.only)))


if __name__ == "__main__":
    main()
