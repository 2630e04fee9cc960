"""A hostile tenant: one client app floods creation, moves and adjudication while another plays normally.

The honest client plays games move by move in rounds: in each, a phase alone (the others
paused, none of their requests in flight), a phase beside a neighbour (another client app
sending exactly its requests quota, evenly: what use may cost others), then a phase while
the flooder (in a process of its own, several connections, each sending as fast as
answers come back) creates games, moves in them and adjudicates. Alternating the phases
lets what the shared machine does meanwhile fall on every side alike. Every client goes
through nginx with deploy/nginx.conf, as deployed: it refuses a credential's flood before
the service sees it. The flooder must be held at its limits (what it is answered 2xx stays
within its quotas); the neighbour, at its quota, must never be refused; the honest client
must lose nothing (its games equal the engine's replay of its accepted moves), never be
refused for the flooder's sake, and keep its p99 latency under the flood within 1.2 times
its p99 beside the neighbour (abuse must cost others no more than use) and 1.5 times its
p99 alone.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import random
import re
import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from harness.client_apps import register_client
from harness.games import Game
from harness.http_client import Answer, Client
from reliability.players import choose, create_tables, read_snapshot, send
from reliability.results import Ledger, ScenarioResult
from reliability.stack import stack
from reliability.verify import Allowance, conclude, verify_games
from service.store.client_apps import ClientLimits

TITLE = "Hostile tenant: one client floods, another plays"
FLOODER_LIMITS = ClientLimits(requests_per_second=50, games_per_minute=30, max_open_games=20)
P99_BOUND = 1.5
"""The honest p99 under the flood, at most this many times its p99 alone."""
NEIGHBOUR_BOUND = 1.2
"""The honest p99 under the flood, at most this many times its p99 beside a neighbour at its quota."""
NEIGHBOUR_CONNECTIONS = 4
"""The neighbour's connections, each sending one request every 4/50 s: exactly its 50 a second."""
ISOLATED_NICENESS = 10
"""The experiment ``tenants-isolated``: how much lower the flooder's own instance runs."""
EDGE = "at the edge"
"""How a 429 of nginx's is tallied: ``rate_limited`` without ``RateLimit-Policy``, which the service's
``rate_limited`` always carries."""


def tenants(
    *,
    games: int = 6,
    moves: int = 60,
    rounds: int = 1,
    flooders: int = 4,
    seed: int = 1,
    workers: int = 2,
    judge_latency: bool = True,
    pace: float = 0.0,
    isolated: bool = False,
    flooder_in_flight: int | None = None,
    edge: bool = True,
) -> ScenarioResult:
    """``rounds`` times, the honest client plays ``moves`` moves over ``games`` new games alone,
    then as many over as many other new games under the flood.

    ``judge_latency``: off in the tests' small run (tests assert no timings; its p99 is still
    reported), on in ``make reliability``. Two experiments: ``pace``, seconds between two
    requests of one flooder connection (0: as fast as answers come); ``isolated``, the flooder
    served by an instance of its own at a lower CPU priority (the honest client keeps the first);
    ``flooder_in_flight``, the flooder's own in-flight cap instead of the default (with many
    ``flooders``: what the cap buys); ``edge`` False, every client straight to gunicorn, without
    nginx (what the edge buys).
    """
    name = "tenants-isolated" if isolated else "tenants-paced" if pace else "tenants"
    name = "tenants-direct" if name == "tenants" and not edge else name
    if flooders > 4:
        name = "tenants-wide" if flooder_in_flight is None else "tenants-wide-uncapped"
    result = ScenarioResult(name, TITLE)
    started = time.monotonic()
    ledger = Ledger()
    with stack(workers=workers, instances=2 if isolated else 1, edge=edge) as running:
        url, flood_url = (running.edge_url,) * 2 if edge else (running.urls[0], running.urls[-1])
        served = running.urls[0]
        """The instance itself: what it stored, and its metrics (which the edge does not serve)."""
        if isolated:
            running.services[-1].renice(ISOLATED_NICENESS)
        honest_key = running.api_key
        limits = dataclasses.replace(FLOODER_LIMITS, max_in_flight=flooder_in_flight)
        flooder_key = register_client(running.redis.url, "flooder", limits)
        neighbour_key = register_client(running.redis.url, "neighbour", FLOODER_LIMITS)
        tables = [create_tables(url, honest_key, games * rounds, seed * 10_000 + side * games * rounds)
                  for side in range(3)]  # fmt: skip
        latencies: tuple[list[float], list[float], list[float]] = ([], [], [])
        """The honest client's: alone, beside the neighbour, under the flood."""
        assert FLOODER_LIMITS.requests_per_second is not None
        quota_pace = NEIGHBOUR_CONNECTIONS / FLOODER_LIMITS.requests_per_second
        neighbour = Flood(url, neighbour_key, NEIGHBOUR_CONNECTIONS, quota_pace, steady=True)
        flood = Flood(flood_url, flooder_key, flooders, pace)
        neighbour.start()
        flood.start()
        try:
            for round_ in range(rounds):
                for side, other in enumerate((None, neighbour, flood)):
                    played = tables[side][round_ * games : (round_ + 1) * games]
                    if other is not None:
                        other.resume()
                    try:
                        rng = random.Random(seed + 3 * round_ + side)
                        latencies[side].extend(honest_play(url, played, moves, ledger, rng))
                    finally:
                        if other is not None:
                            other.pause()
        finally:
            answers = flood.stop()
            neighbour_answers = neighbour.stop()
        conclude(result, ledger, verify_games(served, [table for side in tables for table in side], ledger),
                 Allowance())  # fmt: skip
        waits = turns_waited(served)
    baseline, beside, under_flood = latencies
    result.anomalies += judge(latencies, flood.phases, answers, judge_latency)
    refused_neighbour = sum(n for (_, status), n in neighbour_answers.items() if status == 429)
    if refused_neighbour:
        result.anomalies.append(f"the neighbour, at its quota, was refused {refused_neighbour} times")
    flooding = sum(ended - began for began, ended in flood.phases)
    result.figures.update(
        {
            "rounds": rounds,
            "honest requests alone": len(baseline),
            "honest requests beside the neighbour": len(beside),
            "honest requests under the flood": len(under_flood),
            "honest p99 alone (ms)": round(p99(baseline) * 1000, 2),
            "honest p99 beside the neighbour (ms)": round(p99(beside) * 1000, 2),
            "honest p99 under the flood (ms)": round(p99(under_flood) * 1000, 2),
            "p99 ratio": round(p99(under_flood) / p99(baseline), 2),
            "p99 ratio to the neighbour's": round(p99(under_flood) / p99(beside), 2),
            "neighbour answers": by_kind(neighbour_answers),
            "flooder requests": sum(answers.values()),
            "flooder requests refused at the edge": at_the_edge(answers),
            "flooder answers": by_kind(answers),
            "flooder requests admitted per second of flood": round(admitted(answers) / flooding, 1),
            "requests that waited their turn": int(waits[0]),
            "their mean wait (ms)": round(waits[1] / waits[0] * 1000, 2) if waits[0] else 0.0,
        }
    )
    result.seconds = time.monotonic() - started
    return result


def honest_play(url: str, tables: list[Game], moves: int, ledger: Ledger, rng: random.Random) -> list[float]:
    """Read then move, ``moves`` times, over the games in turn; the latency of every request."""
    client, latencies = Client(url), []
    try:
        for turn in range(moves):
            table = tables[turn % len(tables)]
            begun = time.perf_counter()
            _, snapshot = read_snapshot(client, ledger, table)
            latencies.append(time.perf_counter() - begun)
            if snapshot is None or snapshot["status"] != "playing":
                continue
            move = choose(snapshot, rng)
            begun = time.perf_counter()
            send(client, ledger, "move", table, move, table.players[move["player"]], None, None)
            latencies.append(time.perf_counter() - begun)
    finally:
        client.close()
    return latencies


def turns_waited(url: str) -> tuple[float, float]:
    """From the service's /metrics, summed over its workers: the requests that waited for their turn
    (``CONCURRENT_REQUESTS`` others running in their process), and the seconds they waited."""
    client = Client(url)
    try:
        text = client.request("GET", "/metrics").raw.decode()
    finally:
        client.close()
    found = dict(re.findall(r"^(restart_requests_waited(?:_seconds)?_total) (\S+)$", text, re.MULTILINE))
    waited, seconds = "restart_requests_waited_total", "restart_requests_waited_seconds_total"
    return float(found.get(waited, 0)), float(found.get(seconds, 0))


def p99(latencies: list[float]) -> float:
    return statistics.quantiles(latencies, n=100)[98] if len(latencies) > 1 else latencies[0]


def by_kind(answers: Counter[tuple[str, int]]) -> dict[str, int]:
    return dict(sorted((f"{kind} {status}", n) for (kind, status), n in answers.items()))


def at_the_edge(answers: Counter[tuple[str, int]]) -> int:
    return sum(count for (kind, _), count in answers.items() if kind.endswith(EDGE))


def admitted(answers: Counter[tuple[str, int]]) -> int:
    return sum(count for (_, status), count in answers.items() if status != 429)


def bucket_bound(phases: list[tuple[float, float]], quota: int, seconds: int) -> float:
    """The most a token bucket of ``quota`` per ``seconds`` admits over these phases: at most the
    quota at each phase's start, plus what refills during the phase; and never more, over the
    whole stretch from the first phase's start to the last one's end (the bucket refills
    between phases too, but holds no more than the quota), than the quota plus its refill."""
    rate = quota / seconds
    per_phase = sum(quota + rate * (ended - began) for began, ended in phases)
    whole = quota + rate * (phases[-1][1] - phases[0][0]) if phases else 0.0
    return min(per_phase, whole)


def judge(
    latencies: tuple[list[float], list[float], list[float]],
    phases: list[tuple[float, float]],
    answers: Counter[tuple[str, int]],
    judge_latency: bool,
) -> list[str]:
    """What must hold: the flooder within its quotas (``bucket_bound``), the honest p99 under the
    flood within its bounds (to its p99 alone and beside the neighbour)."""
    baseline, beside, under_flood = latencies
    anomalies = []
    assert FLOODER_LIMITS.requests_per_second is not None and FLOODER_LIMITS.games_per_minute is not None
    requests = bucket_bound(phases, FLOODER_LIMITS.requests_per_second, 1)
    if admitted(answers) > requests:
        anomalies.append(f"the flooder got {admitted(answers)} requests through, more than {requests:.0f}")
    created, games = answers[("create", 201)], bucket_bound(phases, FLOODER_LIMITS.games_per_minute, 60)
    if created > games:
        anomalies.append(f"the flooder created {created} games, more than {games:.0f}")
    if sum(n for (_, status), n in answers.items() if status >= 500):
        anomalies.append(f"the flood met server errors: {dict(answers)}")
    bounds = ((P99_BOUND, baseline, "alone"), (NEIGHBOUR_BOUND, beside, "beside the neighbour"))
    for bound, other, where in bounds:
        if judge_latency and p99(under_flood) > bound * p99(other):
            anomalies.append(
                f"the honest client's p99 went from {p99(other) * 1000:.1f} ms {where} to "
                f"{p99(under_flood) * 1000:.1f} ms under the flood (bound: x{bound})"
            )
    return anomalies


class Stopping(Exception):
    """The flood is over: a flooder connection leaves its loop."""


class Flood:
    """The flooder: a process of its own (so that its threads share no interpreter with the
    honest client's), ``connections`` threads each sending as fast as answers come back, or
    one request every ``pace`` seconds. It starts paused; ``resume`` and ``pause`` bound each
    phase of the flood, whose start and end (``time.time()``, the clock the limits' windows
    follow) ``phases`` keeps."""

    def __init__(
        self, url: str, key: str, connections: int, pace: float = 0.0, *, steady: bool = False
    ) -> None:
        self.url, self.key, self.connections, self.pace, self.steady = url, key, connections, pace, steady
        self.phases: list[tuple[float, float]] = []
        self._stop = multiprocessing.Event()
        self._flooding = multiprocessing.Event()
        self._go = multiprocessing.Event()
        self._waiting = multiprocessing.Semaphore(0)
        """Released by each connection as it stops to wait, with no request in flight."""
        self._answers: multiprocessing.Queue[Counter[tuple[str, int]]] = multiprocessing.Queue()
        self._process = multiprocessing.Process(target=self._run, daemon=True)
        self._began = 0.0

    def start(self) -> None:
        """Returns once every connection waits for the first ``resume``."""
        self._process.start()
        self._until_all_wait()

    def resume(self) -> None:
        """Returns once the flood has its first answers: the honest client never plays before it."""
        self._flooding.clear()
        self._began = time.time()
        self._go.set()
        if not self._flooding.wait(timeout=30):
            raise RuntimeError("the flooder got no answer in 30 s")

    def pause(self) -> None:
        """Returns once no request of the flood is in flight."""
        self._go.clear()
        self._until_all_wait()
        self.phases.append((self._began, time.time()))

    def stop(self) -> Counter[tuple[str, int]]:
        self._stop.set()
        self._go.set()
        answers = self._answers.get(timeout=30)
        self._process.join(timeout=30)
        return answers

    def _until_all_wait(self) -> None:
        for _ in range(self.connections):
            if not self._waiting.acquire(timeout=30):
                raise RuntimeError("a flooder connection did not stop in 30 s")

    def _run(self) -> None:
        # The flooder stands for another company's machine: on this one its own client CPU
        # would be taken from the honest client's measurements, not from the service's.
        os.nice(10)
        counted: Counter[tuple[str, int]] = Counter()
        lock = threading.Lock()
        threads = [
            threading.Thread(target=self._flood, args=(n, counted, lock)) for n in range(self.connections)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self._answers.put(counted)

    def _flood(self, number: int, counted: Counter[tuple[str, int]], lock: threading.Lock) -> None:
        client = Client(self.url)
        mine: list[dict[str, Any]] = []
        due = [0.0]
        """When this connection's next request is due, with a ``pace``."""

        def send(kind: str, method: str, path: str, body: dict[str, Any], token: str | None) -> Answer:
            """One request, its answer counted as soon as it comes (a burst cut by ``pause`` or
            ``stop`` keeps what it was answered)."""
            headers = None if token else {"X-API-Key": self.key}
            answer = self._send(client, method, path, body, token, headers, due)
            problem = answer.body if answer.status == 429 and isinstance(answer.body, dict) else {}
            refused = problem.get("code")
            if refused == "rate_limited" and "ratelimit-policy" not in answer.headers:
                refused = f"{refused} {EDGE}"
            with lock:  # a 429 says which limit: its rate, or its in-flight cap (concurrency_limited)
                counted[(f"{kind} {refused}" if refused else kind, answer.status)] += 1
            return answer

        try:
            while True:
                self._burst(send, mine, number)
        except Stopping:
            pass
        finally:
            client.close()

    def _burst(self, send: Callable[..., Answer], mine: list[dict[str, Any]], number: int) -> None:
        """A creation, a move in one of its games (a pass: legal for the seat to play), an adjudication.
        ``steady`` (the neighbour): one game per connection, made once; then a move in it, a read
        of it and an adjudication, within every quota."""
        if not self.steady or not mine:
            created = send("create", "POST", "/v1/games", {"players": ["X", "Y"], "seed": number}, None)
            if created.status == 201:
                mine.append(created.body)
        if self.steady and mine:
            game = mine[-1]
            send("read", "GET", f"/v1/games/{game['game']['id']}", None, game["tokens"]["admin"])
        if mine:
            game = mine[-1]
            seat = game["game"]["current_player"]
            path = f"/v1/games/{game['game']['id']}/moves"
            send("move", "POST", path, {"player": seat, "action": "pass"}, game["tokens"]["admin"])
        send("adjudicate", "POST", "/v1/adjudicate", {"snapshot": {}, "move": {}}, None)

    def _send(
        self,
        client: Client,
        method: str,
        path: str,
        body: dict[str, Any],
        token: str | None,
        headers: dict[str, str] | None,
        due: list[float],
    ) -> Answer:
        """With a ``pace``, requests keep to a schedule (``due``): one every ``pace`` seconds on
        average, a late one followed by the next sooner (at most 4 behind), so that a process
        that the machine holds back still sends its rate."""
        if not self._go.is_set():
            self._waiting.release()
            self._go.wait()
            due[0] = time.monotonic()
        if self._stop.is_set():
            raise Stopping
        due[0] = max(due[0], time.monotonic() - 4 * self.pace)
        answer = client.request(method, path, body, token, headers=headers)
        self._flooding.set()
        if self.pace:
            due[0] += self.pace
            time.sleep(max(0.0, due[0] - time.monotonic()))
        return answer
