"""When a failed delivery is tried again: a schedule of delays, each jittered by up to 10% either way.

The first attempt is at once; after the n-th failed attempt the next waits the schedule's n-th delay
(Standard Webhooks': 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), so a schedule of k delays makes
k + 1 attempts. The jitter spreads the retries of many deliveries that failed together (a receiver's
outage) so they do not all come back in the same second.
"""

from __future__ import annotations

import random

JITTER = 0.1
"""A delay is multiplied by a uniform factor in [1 - JITTER, 1 + JITTER]."""


def next_attempt_at(
    attempts_made: int, now: float, schedule: tuple[float, ...], rng: random.Random
) -> float | None:
    """When the next attempt is due, after ``attempts_made`` failed ones; None: the schedule is exhausted."""
    if attempts_made < 0:
        raise ValueError(f"attempts_made must be zero or more, not {attempts_made}")
    if attempts_made == 0:
        return now
    if attempts_made > len(schedule):
        return None
    return now + schedule[attempts_made - 1] * rng.uniform(1 - JITTER, 1 + JITTER)
