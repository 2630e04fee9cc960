"""Retries: at once, then each delay of the schedule jittered within 10% either way, then no more."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.webhooks.config import STANDARD_WEBHOOKS_SCHEDULE
from service.webhooks.schedule import JITTER, next_attempt_at

NOW = 1_700_000_000.0


def test_the_first_attempt_is_at_once() -> None:
    assert next_attempt_at(0, NOW, STANDARD_WEBHOOKS_SCHEDULE, random.Random(1)) == NOW


@given(st.integers(min_value=0, max_value=2**32))
def test_each_retry_waits_its_delay_within_the_jitter(seed: int) -> None:
    rng = random.Random(seed)
    for made, delay in enumerate(STANDARD_WEBHOOKS_SCHEDULE, start=1):
        due = next_attempt_at(made, NOW, STANDARD_WEBHOOKS_SCHEDULE, rng)
        assert due is not None
        assert NOW + delay * (1 - JITTER) <= due <= NOW + delay * (1 + JITTER)


def test_the_jitter_spreads_retries_that_failed_together() -> None:
    rng = random.Random(7)
    dues = {next_attempt_at(3, NOW, STANDARD_WEBHOOKS_SCHEDULE, rng) for _ in range(100)}
    assert len(dues) == 100


def test_after_the_last_delay_the_schedule_is_exhausted() -> None:
    rng = random.Random(3)
    schedule = (0.1, 0.2)
    assert [next_attempt_at(made, NOW, schedule, rng) is None for made in range(5)] == [
        False,
        False,
        False,
        True,
        True,
    ]
    assert next_attempt_at(1, NOW, (), rng) is None
    assert next_attempt_at(8, NOW, STANDARD_WEBHOOKS_SCHEDULE, rng) is None


def test_a_negative_count_is_a_mistake() -> None:
    with pytest.raises(ValueError, match="zero or more"):
        next_attempt_at(-1, NOW, STANDARD_WEBHOOKS_SCHEDULE, random.Random())
