"""``bench.ceiling``'s row: the medians of the rounds' ratios, and the bounds said met or not."""

from __future__ import annotations

from bench.ceiling import Round, table
from bench.load import LoadResult


def result(moves_per_s: float, p99_ms: float) -> LoadResult:
    return LoadResult(
        p50_ms=1.0, p99_ms=p99_ms, requests=1000, non_2xx=0, socket_errors=0, moves_per_s=moves_per_s
    )


def test_the_row_gives_the_median_ratios_of_the_rounds() -> None:
    rounds = [
        Round(
            result(600, 12.0), result(550, 10.0), result(1000, 6.0)
        ),  # 0.60 of the ceiling, 1.20 the floor's p99
        Round(result(800, 9.0), result(560, 10.0), result(1000, 6.0)),  # 0.80, 0.90
        Round(result(700, 15.0), result(540, 10.0), result(1000, 6.0)),  # 0.70, 1.50
    ]
    lines = table(rounds, 5)
    assert [line.split(" | ")[-2:] for line in lines[4:7]] == [
        ["0.60", "1.20 |"],
        ["0.80", "0.90 |"],
        ["0.70", "1.50 |"],
    ]
    assert lines[-1] == (
        "Median: the service makes **0.70×** the ceiling's moves/s (bound ≥ 0.75: not met); "
        "its p99 is **1.20×** the floor's (bound ≤ 1.2: met)."
    )
