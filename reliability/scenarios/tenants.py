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
import os
import random
import re
import statistics
import time
from collections import Counter
from typing import NamedTuple

from harness.client_apps import register_client
from harness.games import Game
from harness.http_client import Client
from reliability.phase_cpu import PhaseCpu
from reliability.players import choose, create_tables, read_snapshot, send
from reliability.results import Ledger, ScenarioResult
from reliability.scenarios.flood import EDGE, Flood
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
PHASES = ("alone", "beside the neighbour", "under the flood")


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
    replay: bool = False,
) -> ScenarioResult:
    """``rounds`` times, the honest client plays ``moves`` moves over ``games`` new games alone,
    then as many over as many other new games under the flood.

    ``judge_latency``: off in the tests' small run (tests assert no timings; its p99 is still
    reported), on in ``make reliability``. Two experiments: ``pace``, seconds between two
    requests of one flooder connection (0: as fast as answers come); ``isolated``, the flooder
    served by an instance of its own at a lower CPU priority (the honest client keeps the first);
    ``flooder_in_flight``, the flooder's own in-flight cap instead of the default (with many
    ``flooders``: what the cap buys); ``edge`` False, every client straight to gunicorn, without
    nginx (what the edge buys); ``replay``, nginx answering the service's 429 again to the same
    credential for a second (``harness.nginx_conf.with_refusal_replay``).
    """
    name = "tenants-isolated" if isolated else "tenants-paced" if pace else "tenants"
    name = "tenants-direct" if name == "tenants" and not edge else "tenants-replay" if replay else name
    if flooders > 4:
        name = "tenants-wide" if flooder_in_flight is None else "tenants-wide-uncapped"
    result = ScenarioResult(name, TITLE)
    started = time.monotonic()
    ledger = Ledger()
    instances = 2 if isolated else 1
    with stack(workers=workers, instances=instances, edge=edge, edge_replays_refusals=replay) as running:
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
        cpu = PhaseCpu(
            {
                "service": lambda: [pid for service in running.services for pid in service.pids()],
                "Redis": lambda: [running.redis.pid or 0],
                "nginx": running.edge.pids if running.edge is not None else list,
                "honest client": lambda: [os.getpid()],
                "neighbour": lambda: [neighbour.pid],
                "flooder": lambda: [flood.pid],
            }
        )
        try:
            for round_ in range(rounds):
                for side, other in enumerate((None, neighbour, flood)):
                    played = tables[side][round_ * games : (round_ + 1) * games]
                    if other is not None:
                        other.resume()
                    try:
                        rng = random.Random(seed + 3 * round_ + side)
                        with cpu.phase(PHASES[side]):
                            latencies[side].extend(honest_play(url, played, moves, ledger, rng))
                    finally:
                        if other is not None:
                            other.pause()
        finally:
            answers = flood.stop()
            neighbour_answers = neighbour.stop()
        conclude(result, ledger, verify_games(served, [table for side in tables for table in side], ledger),
                 Allowance())  # fmt: skip
        counted = service_counts(served)
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
            "requests the service refused per second of flood": round(counted.refused / flooding, 1),
            "neighbour requests per second of its phases": round(
                sum(neighbour_answers.values()) / sum(ended - began for began, ended in neighbour.phases), 1
            ),
            "CPU ms a second of phase beyond the phases alone": cpu.added(PHASES[0]),
            "requests that waited their turn": int(counted.waited),
            "their mean wait (ms)": round(1000 * counted.waited_seconds / max(counted.waited, 1), 2),
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


class ServiceCounts(NamedTuple):
    """From the service's /metrics, summed over its workers."""

    waited: float
    """Requests that waited for their turn (``CONCURRENT_REQUESTS`` others running in their process)."""
    waited_seconds: float
    refused: float
    """Requests it answered 429 (any code): what reached it to be refused there."""


def service_counts(url: str) -> ServiceCounts:
    client = Client(url)
    try:
        text = client.request("GET", "/metrics").raw.decode()
    finally:
        client.close()
    found = dict(re.findall(r"^(restart_requests_waited(?:_seconds)?_total) (\S+)$", text, re.MULTILINE))
    waited, seconds = "restart_requests_waited_total", "restart_requests_waited_seconds_total"
    refused = re.findall(r'^restart_http_requests_total\{[^}]*status="429"[^}]*\} (\S+)$', text, re.MULTILINE)
    return ServiceCounts(float(found.get(waited, 0)), float(found.get(seconds, 0)), sum(map(float, refused)))


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
