"""Webhooks under load, three rows of ``make bench`` (issue 32: webhooks as cheap as a bare sender).

(a) What telling costs a move: wrk's moves at 16 connections with one webhook on the client and no
    worker running (the service only writes each change into its game's outbox) against the same
    moves with no webhook, in ``PAIRS`` pairs (without first, then told first, in turn); the median
    ratio of moves/s (bound: at least ``MIN_TOLD_RATIO``).
(b) How soon one worker tells: one background worker alone on a core of its own, the service, Redis,
    the receiver and the load on the other. It first drains moves queued with no worker running
    (how many deliveries a second one worker makes, as ``bench.deliveries`` measures it), then moves
    are paced at half that rate (``paced_moves``): the delay from a move's save to its receipt,
    p50 and p99 (bound: p99 under ``MAX_P99_MS``).
(c) Everything on both cores, as production runs it: ``WORKER_PROCESSES`` workers beside the service,
    wrk at 16 connections without the webhook, then with it (the row ``make bench`` had before, with
    nginx for the Python receiver it had, which took its share of the same two cores).

The receiver is nginx (``harness.nginx_receiver``), so that receiving costs the machine next to
nothing, with its certificate trusted by the workers (``WEBHOOK_CA_FILE``) and loopback allowed
(``WEBHOOK_ALLOWED_NETWORKS``). A delivery's delay is its receipt, as nginx logged it, less the
change's own time (the body's ``timestamp``, set when the move was saved, a few microseconds before
its 200); a delivery sent twice counts once, at its first. Each row has a private Redis and service,
so that what one leaves (the outboxes of (a)) never reaches another's worker.

``python -m bench.webhooks`` prints the three rows (``--delivery-rate`` skips (b)'s drain).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import socket
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from bench.bots import percentile
from bench.games import create_games, precompute_moves
from bench.lab import Lab
from bench.load import LoadResult
from harness.games import Game
from harness.http_client import Client
from harness.nginx_receiver import Arrival, NginxReceiver
from harness.process_cpu import cpu_seconds
from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess
from harness.webhook_receiver import ALLOWED_NETWORKS
from harness.worker_process import WorkerProcess
from service.rules import Move

GUNICORN_WORKERS = 2
"""As ``bench.run`` runs the service."""
WORKER_PROCESSES = 2
"""Background workers, as deploy/docker-compose.yml runs them."""
SERVICE_ENV = {"WEBHOOK_ALLOWED_NETWORKS": ALLOWED_NETWORKS}
PAIRS = 3
MIN_TOLD_RATIO = 0.95
MAX_P99_MS = 250.0
DRAIN_SECONDS = 60.0
QUIET_SECONDS = 2.0
"""No new delivery for this long: the rest is not coming soon."""
FORGET_SECONDS = 1.5
"""After a webhook's removal, longer than a service process trusts what it read of who has one (1 s)."""
PACERS = 8
"""Threads of ``paced_moves``, each with a connection and its share of the games."""
MOVES_PER_GAME = 20
"""Fewer than a game of four has (about 32 here): games enough for a paced run."""
SEEDS_USED = 100_000
CORES = sorted(os.sched_getaffinity(0))
REST, SENDER = CORES[0], CORES[-1]
"""The sender (one worker, or the bare sender) has a core of its own; everything else shares the other."""


def pin(pids: Iterable[int], cores: set[int]) -> None:
    """Every thread of each process onto ``cores`` (``taskset -a -p -c``); the threads and processes
    they start later inherit it."""
    for pid in pids:
        for thread in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError):  # a thread that just ended
                os.sched_setaffinity(int(thread.name), cores)


@contextlib.contextmanager
def on_core(core: int) -> Iterator[None]:
    """This process on ``core`` for the block: so is whatever it starts meanwhile (Redis, the service,
    nginx, wrk), and a sender is then moved to a core of its own."""
    before = os.sched_getaffinity(0)
    pin([os.getpid()], {core})
    try:
        yield
    finally:
        pin([os.getpid()], before)


@dataclass(frozen=True)
class Drained:
    deliveries: int
    """Each webhook id once."""
    seconds: float
    """From the start to the last delivery."""
    cpu_s: float
    """The sender's CPU time (user and system) meanwhile."""

    @property
    def per_second(self) -> float:
        return self.deliveries / self.seconds if self.seconds else 0.0

    @property
    def cpu_us(self) -> float:
        """The sender's CPU time per delivery, in µs."""
        return self.cpu_s / self.deliveries * 1e6 if self.deliveries else float("nan")


def distinct(arrivals: Iterable[Arrival]) -> list[Arrival]:
    """Each webhook id's first arrival."""
    first: dict[str, Arrival] = {}
    for arrival in arrivals:
        first.setdefault(arrival.webhook_id, arrival)
    return list(first.values())


def drained(receiver: NginxReceiver, pid: int, limit: float = DRAIN_SECONDS) -> Drained:
    """From now until no delivery came for ``QUIET_SECONDS`` (``limit`` at most): the deliveries that
    came, and the CPU time of the process ``pid`` until the last of them."""
    started, cpu_before = time.monotonic(), cpu_seconds(pid)
    since = len(receiver.received())
    count, last, cpu = since, started, cpu_before
    while time.monotonic() - last < QUIET_SECONDS and time.monotonic() - started < limit:
        time.sleep(0.1)
        if (now := len(receiver.received())) != count:
            count, last, cpu = now, time.monotonic(), cpu_seconds(pid)
    return Drained(len(distinct(receiver.received()[since:])), last - started, cpu - cpu_before)


def wait_quiet(receiver: NginxReceiver, limit: float = DRAIN_SECONDS) -> float:
    """Until no delivery came for ``QUIET_SECONDS`` (``limit`` at most): when the last came."""
    started = time.time()
    count, last = -1, started
    while time.time() - last < QUIET_SECONDS and time.time() - started < limit:
        time.sleep(0.2)
        if (now := len(receiver.received())) != count:
            count, last = now, time.time()
    return last


@dataclass
class Stage:
    """A private Redis, the service on it (``SERVICE_ENV``) and the nginx receiver."""

    redis: RedisServer
    service: ServiceProcess
    receiver: NginxReceiver

    @classmethod
    @contextlib.contextmanager
    def open(cls, bodies: bool = False) -> Iterator[Stage]:
        with (
            RedisServer() as redis,
            ServiceProcess(redis.url, workers=GUNICORN_WORKERS, env=SERVICE_ENV) as service,
            NginxReceiver(bodies) as receiver,
        ):
            yield cls(redis, service, receiver)

    def register(self) -> str:
        """A webhook (every event type) to the receiver for the service's client; its id."""
        client = Client(self.service.url)
        try:
            hook = client.request(
                "POST",
                "/v1/webhooks",
                {"url": self.receiver.url()},
                headers={"X-API-Key": self.service.api_key},
            )
        finally:
            client.close()
        if hook.status != 201:
            raise RuntimeError(f"registering the webhook answered {hook.status}: {hook.raw!r}")
        return str(hook.body["id"])

    def unregister(self, webhook_id: str) -> None:
        client = Client(self.service.url)
        try:
            client.request(
                "DELETE", f"/v1/webhooks/{webhook_id}", headers={"X-API-Key": self.service.api_key}
            )
        finally:
            client.close()
        time.sleep(FORGET_SECONDS)

    def worker_env(self, nice: str | None = None) -> dict[str, str]:
        nice_env = {} if nice is None else {"WORKER_NICE": nice}
        return {**SERVICE_ENV, "WEBHOOK_CA_FILE": self.receiver.ca_file, **nice_env}

    def pids(self) -> list[int]:
        """Redis's, the service's (its workers' too) and nginx's."""
        client = self.redis.client()
        try:
            redis_pid = int(client.info("server")["process_id"])
        finally:
            client.close()
        return [redis_pid, *self.service.pids(), *self.receiver.pids()]


Load = Callable[[Stage, int], LoadResult]
"""wrk's moves at 16 connections on fresh games of a stage's service, for so many seconds
(``bench.lab.Lab.service_load``)."""


def move_delays(arrivals: Iterable[Arrival], started: float, stopped: float) -> list[float]:
    """In ms, of the moves' deliveries (``game.moved``, ``game.finished``) whose change was made between
    ``started`` and ``stopped``, each at its first arrival."""
    return [
        (arrival.at - arrival.changed_at) * 1000
        for arrival in distinct(arrivals)
        if arrival.changed_at is not None
        and started <= arrival.changed_at <= stopped
        and arrival.type in ("game.moved", "game.finished")
    ]


def move_request(game: Game, move: Move) -> bytes:
    body = json.dumps(move.to_json(), separators=(",", ":"))
    head = (
        f"POST {game.url}/moves HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Authorization: Bearer {game.players[move.player]}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return (head + body).encode()


def read_status(answers: BinaryIO) -> int:
    """One HTTP/1.1 answer read whole (it has a length): its status."""
    status = int(answers.readline().split()[1])
    length = 0
    while (line := answers.readline()) not in (b"\r\n", b""):
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
    answers.read(length)
    return status


def paced_moves(service: ServiceProcess, rate: float, seconds: float, first_seed: int) -> tuple[int, float]:
    """Moves on fresh games at ``rate`` a second for ``seconds``, each sent at its time (at once when
    late): ``PACERS`` threads, each with its connection and its share of the games, visited in turn.
    Requests are made beforehand and answers read with no more than their status and length, so the
    load costs the core it shares with the service as little as wrk. The moves answered 200, and
    the seconds they took."""
    count = int(rate * seconds)
    games = create_games(service.url, service.api_key, count // MOVES_PER_GAME + PACERS, first_seed)
    chooser = random.Random(first_seed)
    lines = {
        game.id: [move_request(game, move) for move in precompute_moves(game, chooser)] for game in games
    }
    answered = [0] * PACERS
    start = time.monotonic() + 0.1

    def pace(pacer: int) -> None:
        mine = games[pacer::PACERS]
        with socket.create_connection(("127.0.0.1", service.port)) as connection:
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            with connection.makefile("rb") as answers:
                for turn, number in enumerate(range(pacer, count, PACERS)):
                    if not (pending := lines[mine[turn % len(mine)].id]):
                        continue  # that game is over
                    time.sleep(max(0.0, start + number / rate - time.monotonic()))
                    connection.sendall(pending.pop(0))
                    answered[pacer] += read_status(answers) == 200

    threads = [threading.Thread(target=pace, args=(pacer,)) for pacer in range(PACERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(answered), time.monotonic() - start


def median_pair(pairs: list[tuple[LoadResult, LoadResult]]) -> tuple[LoadResult, LoadResult]:
    """The pair whose ratio of moves/s (the second's over the first's) is the median."""
    return sorted(pairs, key=lambda pair: pair[1].moves_per_s / pair[0].moves_per_s)[len(pairs) // 2]


def outbox_cost(load: Load, seconds: int) -> list[str]:
    """Row (a): moves with a webhook and no worker (only the outbox written) against moves without."""
    with Stage.open() as stage:
        load(stage, 3)  # warm up
        pairs = []
        for number in range(PAIRS):
            if number % 2:  # every other pair told first: neither side always meets a Redis the other filled
                hook = stage.register()
                told = load(stage, seconds)
                stage.unregister(hook)
                without = load(stage, seconds)
            else:
                without = load(stage, seconds)
                hook = stage.register()
                told = load(stage, seconds)
                stage.unregister(hook)
            pairs.append((without, told))
    ratios = [told.moves_per_s / without.moves_per_s for without, told in pairs]
    median = statistics.median(ratios)
    lines = [
        f"(a) What telling costs a move: wrk's moves at 16 connections with one webhook on the client and no "
        f"background worker running (each change only written to its game's outbox) against the same "
        f"moves without a webhook, {PAIRS} pairs (the odd ones without first, the even ones told first; "
        f"the split is how wrk's connections fell between the service's two workers, `bench.split`). "
        f"Bound: the median ratio at least {MIN_TOLD_RATIO}.",
        "",
        "| pair | moves/s without | its split | moves/s told | its split | ratio |",
        "|---|---|---|---|---|---|",
    ]
    for number, ((without, told), ratio) in enumerate(zip(pairs, ratios, strict=True), start=1):
        cells = f"{without.moves_per_s:,.0f} | {without.split} | {told.moves_per_s:,.0f} | {told.split}"
        lines.append(f"| {number} | {cells} | {ratio:.3f} |")
    met = "met" if median >= MIN_TOLD_RATIO else "**not met**"
    return [*lines, "", f"Median ratio **{median:.3f}** (bound ≥ {MIN_TOLD_RATIO}: {met})."]


@dataclass(frozen=True)
class Paced:
    drain: Drained | None
    """The worker's drain of the queued moves (None: the rate was given)."""
    rate: float
    """Moves a second asked of the pacer: half what one worker delivers a second."""
    answered: int
    seconds: float
    delays_ms: list[float]


def one_worker_paced(load: Load, seconds: int, first_seed: int, delivery_rate: float | None = None) -> Paced:
    """Row (b): one worker on its own core; its deliveries a second (``delivery_rate``, or drained
    from ``seconds`` of moves queued without it), then moves paced at half that, their delays."""
    with on_core(REST), Stage.open(bodies=True) as stage:
        pin(stage.pids(), {REST})  # started there already; again, should one have reset it
        stage.register()
        if delivery_rate is None:
            load(stage, seconds)
        with WorkerProcess(stage.redis.url, env=stage.worker_env()) as worker:
            pin([worker.pid or 0], {SENDER})
            drain = drained(stage.receiver, worker.pid or 0) if delivery_rate is None else None
            rate = (drain.per_second if drain else delivery_rate or 0.0) / 2
            started = time.time()
            answered, took = paced_moves(stage.service, rate, seconds, first_seed)
            stopped = time.time()
            wait_quiet(stage.receiver)
        delays = move_delays(stage.receiver.received(), started, stopped)
    return Paced(drain, rate, answered, took, delays)


def paced_lines(paced: Paced) -> list[str]:
    p99 = percentile(paced.delays_ms, 0.99)
    drain = paced.drain
    measured = (
        f"it delivered {drain.deliveries:,} queued changes in {drain.seconds:.1f} s "
        f"({drain.per_second:,.0f}/s, {drain.cpu_us:,.0f} µs of CPU each)"
        if drain
        else "its delivery rate given"
    )
    met = "met" if p99 < MAX_P99_MS else "**not met**"
    return [
        f"(b) How soon one worker tells: one background worker alone on core {SENDER} (the service, Redis, "
        f"nginx and the load on core {REST}); {measured}; then moves paced at half that rate by "
        f"{PACERS} threads. The delay runs from the change's own time (its delivery's `timestamp`, set as "
        f"the move is saved) to its first arrival at the receiver. Bound: p99 under {MAX_P99_MS:.0f} ms.",
        "",
        "| moves/s asked | moves/s made | move deliveries received | delay p50 ms | delay p99 ms |",
        "|---|---|---|---|---|",
        f"| {paced.rate:,.0f} | {paced.answered / paced.seconds:,.0f} | {len(paced.delays_ms):,} "
        f"| {percentile(paced.delays_ms, 0.5):.1f} | {p99:.1f} |",
        "",
        f"p99 **{p99:.1f} ms** (bound < {MAX_P99_MS:.0f} ms: {met}).",
    ]


def both_cores(load: Load, seconds: int) -> list[str]:
    """Row (c): ``WORKER_PROCESSES`` workers beside the service, wrk without then with the webhook."""
    with Stage.open(bodies=True) as stage, contextlib.ExitStack() as workers:
        load(stage, 3)  # warm up
        for _ in range(WORKER_PROCESSES):
            workers.enter_context(WorkerProcess(stage.redis.url, env=stage.worker_env()))
        without = load(stage, seconds)
        stage.register()
        started = time.time()
        told = load(stage, seconds)
        stopped = time.time()
        last = wait_quiet(stage.receiver)
        arrivals = stage.receiver.received()
    delays = move_delays(arrivals, started, stopped)
    change = (told.moves_per_s / without.moves_per_s - 1) * 100
    return [
        f"(c) Everything on both cores: {WORKER_PROCESSES} background workers beside the service, wrk's "
        "moves at 16 connections first without the webhook, then with it; delays as in (b).",
        "",
        "| moves/s without | moves/s told | change | move deliveries received | delay p50 ms "
        "| delay p99 ms | last delivery after wrk stopped, s |",
        "|---|---|---|---|---|---|---|",
        f"| {without.moves_per_s:,.0f} | {told.moves_per_s:,.0f} | {change:+.1f}% | {len(delays):,} "
        f"| {percentile(delays, 0.5):.0f} | {percentile(delays, 0.99):.0f} "
        f"| {max(0.0, last - stopped):.1f} |",
    ]


def hook_rows(load: Load, seconds: int, first_seed: int, delivery_rate: float | None = None) -> list[str]:
    """The three rows, each with its figures and bound; ``seconds`` per run."""
    paced = one_worker_paced(load, seconds, first_seed, delivery_rate)
    return [
        "Webhooks: the client app's every change told to one webhook, nginx answering 204 over TLS on "
        "this machine (`harness.nginx_receiver`).",
        "",
        *outbox_cost(load, seconds),
        "",
        *paced_lines(paced),
        "",
        *both_cores(load, seconds),
    ]


def main() -> None:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("--seconds", type=int, default=10, help="of each run")
    arguments.add_argument("--delivery-rate", type=float, help="of one worker, a second (else measured)")
    options = arguments.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        seeds = [SEEDS_USED]

        def load(stage: Stage, length: int) -> LoadResult:
            lab = Lab(stage.redis, stage.service, None, Path(workdir), next_seed=seeds[0])
            try:
                return lab.service_load(16, length)
            finally:
                seeds[0] = lab.next_seed

        print("\n".join(hook_rows(load, options.seconds, 1, options.delivery_rate)))


if __name__ == "__main__":
    main()
