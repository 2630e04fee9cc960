"""What each kind of phase of a scenario costs the machine beyond a baseline phase: the CPU time of
each role's processes (the service, Redis, nginx, each client) over the phases of one kind, less
what they spent over the baseline's, per second of the phases of that kind.

The honest client does the same work in every phase; what a phase adds to it is the other
tenant's cost, a rate (it runs as long as the phase lasts). Latency on a shared machine moves
with everything else the machine does; CPU time spent by the run's own processes does not, so
this tells what a flood costs beside a neighbour even when the p99 cannot (docs/RELIABILITY.md,
tenants).
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

    def added(self, baseline: str) -> dict[str, dict[str, float]]:
        """Per kind of phase but ``baseline``, each role's CPU milliseconds per second of those
        phases beyond what it spent over the baseline's."""
        return {
            kind: {
                role: round(1000 * (spent - self._spent[baseline][role]) / self._seconds[kind], 1)
                for role, spent in roles.items()
            }
            for kind, roles in self._spent.items()
            if kind != baseline
        }

    def _now(self) -> dict[str, float]:
        return {role: total_cpu_seconds(pids()) for role, pids in self.roles.items()}
