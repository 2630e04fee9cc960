"""What each kind of phase of a scenario costs the machine: the CPU time of each role's processes
(the service, Redis, nginx, each client) over the phases of one kind, per second of them.

Latency on a shared machine moves with everything else the machine does; CPU time spent by the
run's own processes does not, so it tells what a flood costs beside a neighbour even when the
p99 cannot (docs/RELIABILITY.md, tenants).
"""

from __future__ import annotations

import contextlib
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence

from harness.process_cpu import total_cpu_seconds

Pids = Callable[[], Sequence[int]]


class PhaseCpu:
    """``roles``: a name, and what gives its processes' ids now (they may change: a worker restarted)."""

    def __init__(self, roles: Mapping[str, Pids]) -> None:
        self.roles = dict(roles)
        self._spent: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        self._seconds: dict[str, float] = defaultdict(float)

    @contextlib.contextmanager
    def phase(self, kind: str) -> Iterator[None]:
        before, began = self._now(), time.monotonic()
        try:
            yield
        finally:
            after = self._now()
            self._seconds[kind] += time.monotonic() - began
            for role, spent in after.items():
                self._spent[kind][role] += spent - before[role]

    def percent(self) -> dict[str, dict[str, float]]:
        """Per kind of phase, each role's CPU time as a percentage of one core over those phases."""
        return {
            kind: {role: round(100 * spent / self._seconds[kind], 1) for role, spent in roles.items()}
            for kind, roles in self._spent.items()
        }

    def _now(self) -> dict[str, float]:
        return {role: total_cpu_seconds(pids()) for role, pids in self.roles.items()}
