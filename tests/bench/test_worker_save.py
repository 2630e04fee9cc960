"""``bench.worker_save``: a round of worker saves, in this checkout and in a process of its own."""

from __future__ import annotations

from bench.instructions import REPO
from bench.worker_save import one_round, round_in


def test_a_round_saves_a_move_in_each_game_and_times_it(redis_url: str) -> None:
    wall, cpu = one_round(redis_url, games=20, tag="here")  # a save not made ends it (SystemExit)
    assert wall > 0 and cpu > 0
    wall, cpu = round_in(REPO, redis_url, games=20, tag="apart")
    assert wall > 0 and cpu > 0
