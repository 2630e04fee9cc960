"""Every scenario with its two scales: full (``make reliability``) and small (``make test``).

Both scales run the very same functions; only the counts differ.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from reliability.results import ScenarioResult
from reliability.scenarios.clocks import clocks
from reliability.scenarios.faults import redis_kill, script_flush, worker_kill
from reliability.scenarios.fuzz import fuzz
from reliability.scenarios.hostile import hostile
from reliability.scenarios.offers import offers
from reliability.scenarios.races import races
from reliability.scenarios.seats import seats
from reliability.scenarios.tenants import tenants
from reliability.scenarios.webhooks import webhooks


@dataclass(frozen=True)
class Scenario:
    name: str
    run: Callable[..., ScenarioResult]
    full: dict[str, Any] = field(default_factory=dict)
    small: dict[str, Any] = field(default_factory=dict)

    def __call__(self, scale: str) -> ScenarioResult:
        return self.run(**(self.full if scale == "full" else self.small))


SMALL_KILL = {"clients": 8, "per_game": 2, "games": 16, "kills": 1, "moves_between_kills": 30, "outage": 0.5,
              "tail": 0.5}  # fmt: skip

TENANTS_FULL = {"games": 6, "moves": 300, "rounds": 4}
TENANTS_SMALL = {"games": 4, "moves": 20, "rounds": 2, "flooders": 2, "judge_latency": False}

CLOCKS_SMALL = {"games": 20, "faults": ("worker", "redis"), "first_fault": 3.0, "fault_every": 4.0,
                "outage": 0.5, "pass_ramp": 25, "timeout": 45.0}  # fmt: skip

SEATS_SMALL = {"games": 4, "seconds": 6.0, "worker_kills": 1, "redis_kills": 1, "outage": 0.3}

OFFERS_SMALL = {"games": 8, "seconds": 8.0, "faults": ("worker", "redis", "background"), "outage": 0.3}

SCENARIOS = (
    Scenario("races", races, {"games": 48}, {"clients": 16, "per_game": 4, "games": 4, "max_moves": 12}),
    Scenario("redis-kill-always", partial(redis_kill, appendfsync="always"), {"kills": 4}, SMALL_KILL),
    Scenario("redis-kill-everysec", partial(redis_kill, appendfsync="everysec"), {"kills": 4}, SMALL_KILL),
    Scenario("script-flush", script_flush, {"games": 96}, {"clients": 8, "games": 4, "max_moves": 15}),
    Scenario(
        "worker-kill",
        worker_kill,
        {"kills": 12},
        {"clients": 12, "games": 24, "kills": 2, "in_flight": 4, "tail": 0.5},
    ),  # fmt: skip
    Scenario("hostile", hostile),
    Scenario("tenants", tenants, TENANTS_FULL, TENANTS_SMALL),
    Scenario("fuzz", fuzz, {"max_examples": 500}, {"max_examples": 5}),
    Scenario(
        "webhooks",
        webhooks,
        {},
        {"clients": 8, "games": 8, "moves_between_faults": 40, "down": 1.0, "outage": 0.5, "tail": 0.5},
    ),  # fmt: skip
    Scenario("clocks", clocks, {}, CLOCKS_SMALL),
    Scenario("seats", seats, {}, SEATS_SMALL),
    Scenario("offers", offers, {}, OFFERS_SMALL),
)
EXPERIMENTS = (
    # The flooder spending its 50 requests/s evenly, as a token bucket or GCRA limiter would admit
    # them (one request per connection every 80 ms): does spacing alone keep the honest p99 within
    # its bound? Run with --only tenants-paced; not part of make reliability.
    Scenario("tenants-paced", partial(tenants, pace=0.08), TENANTS_FULL, TENANTS_SMALL),
    # The flooder served by an instance of its own at a lower CPU priority (nice 10), the honest
    # client by the first: what isolating a tier of clients from the rest would buy on this
    # machine, where quotas alone do not hold the bound. Run with --only tenants-isolated.
    Scenario("tenants-isolated", partial(tenants, isolated=True, edge=False), TENANTS_FULL, TENANTS_SMALL),
    # Every client straight to gunicorn, as the scenario ran before nginx stood in front (issue 42):
    # what refusing a flood at the edge buys. Run with --only tenants-direct.
    Scenario("tenants-direct", partial(tenants, edge=False), TENANTS_FULL, TENANTS_SMALL),
    # nginx answering the service's own 429 again to the same credential for a second, without asking
    # the service (the client was told Retry-After: 1 or more): what is left of the flood in the
    # service once its refusals are made at the edge too. Run with --only tenants-replay.
    Scenario("tenants-replay", partial(tenants, replay=True), TENANTS_FULL, TENANTS_SMALL),
    # The flooder with 24 connections, enough to keep its in-flight cap (8 a worker) full, with the
    # cap and without it (its own cap raised to 10,000): what the cap buys, measured alone.
    # Run with --only tenants-wide,tenants-wide-uncapped.
    Scenario("tenants-wide", partial(tenants, flooders=24), TENANTS_FULL, TENANTS_SMALL),
    Scenario(
        "tenants-wide-uncapped",
        partial(tenants, flooders=24, flooder_in_flight=10_000),
        TENANTS_FULL,
        TENANTS_SMALL,
    ),
)
BY_NAME = {scenario.name: scenario for scenario in SCENARIOS + EXPERIMENTS}
