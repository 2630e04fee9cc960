"""The levels on the rating scale: the committed table, the calibration that writes it, the lookup."""

import importlib.util
import sys
from collections import Counter
from pathlib import Path

import pytest

import bench.bot_ratings
from bench.arena import play_out
from bench.bot_ratings import calibrate, line_ups, markdown, schedule
from service.bots import LEVEL_NAMES, UnknownLevel
from service.bots.ratings import LEVEL_RATINGS, level_rating
from service.play.ratings import UNRATED, Holder, Rating, Seat, rate, standing

CHEAP = ("random", "greedy")
"""The levels a fast run plays: an expert game costs a second."""


def test_the_committed_table_holds_the_served_levels_weakest_first() -> None:
    assert list(LEVEL_RATINGS) == list(LEVEL_NAMES) == ["random", "greedy", "expert"]
    ordinals = [LEVEL_RATINGS[level].ordinal for level in LEVEL_NAMES]
    assert ordinals == sorted(ordinals) and len(set(ordinals)) == 3
    assert all(found.games > 0 and found.level == level for level, found in LEVEL_RATINGS.items())


def test_a_level_rating_is_the_rating_models_value() -> None:
    found = level_rating("expert")
    rating = Rating(found.mu, found.sigma, found.games)
    assert (found.player, found.ordinal) == ("bot:expert", rating.ordinal)


@pytest.mark.parametrize("name", ["oracle", "nope"])
def test_only_a_served_level_has_a_rating(name: str) -> None:
    with pytest.raises(UnknownLevel):
        level_rating(name)


def test_every_level_meets_every_other_at_every_table_size_in_every_seat() -> None:
    assert line_ups(LEVEL_NAMES) == [
        (("random", "greedy"), ()),
        (("random", "expert"), ()),
        (("greedy", "expert"), ()),
        (("random", "greedy", "expert"), ()),
        (("random", "greedy", "expert"), ("random",)),
        (("random", "greedy", "expert"), ("greedy",)),
        (("random", "greedy", "expert"), ("expert",)),
    ]
    block = schedule(21, seed=7)
    assert Counter(len(table.levels) for table in block) == {2: 6, 3: 3, 4: 12}
    assert all(Counter(table.rated)[True] == len(set(table.levels)) for table in block)
    for seats in (2, 3, 4):
        sat = Counter(
            (seat, level)
            for table in block
            if len(table.levels) == seats
            for seat, (level, rated) in enumerate(zip(table.levels, table.rated, strict=True))
            if rated
        )
        assert len(sat) == seats * 3 and len(set(sat.values())) == 1


def test_the_calibration_is_rate_applied_in_the_schedules_order_whatever_the_processes() -> None:
    calibration = calibrate(12, seed=3, processes=1, levels=CHEAP)
    assert calibrate(12, seed=3, processes=1, levels=CHEAP).ratings == calibration.ratings
    assert calibrate(12, seed=3, processes=2, levels=CHEAP, nice=0).ratings == calibration.ratings

    ratings = dict.fromkeys(CHEAP, UNRATED)
    for table in schedule(12, seed=3, levels=CHEAP):
        game = play_out(table.levels, table.deal_seed)
        places = standing(game.scores, game.outcome.winners, [False] * len(game.scores))
        seats = [
            Seat((Holder(f"bot:{level}", ratings[level]),), place)
            for level, place in zip(table.levels, places, strict=True)
        ]
        for level, (after,), rated in zip(table.levels, rate(seats), table.rated, strict=True):
            if rated:
                ratings[level] = after
    assert calibration.ratings == ratings
    assert [found.games for found in ratings.values()] == [12, 12]
    assert ratings["random"].ordinal < ratings["greedy"].ordinal


def test_write_rewrites_the_numbers_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "ratings.py"
    copy.write_text(bench.bot_ratings.RATINGS_FILE.read_text())
    monkeypatch.setattr(bench.bot_ratings, "RATINGS_FILE", copy)
    ratings = {"random": Rating(1.5, 2.25, 3), "greedy": Rating(30.0, 1.0, 3)}
    bench.bot_ratings.write(ratings, "python -m bench.bot_ratings --games 3 --write", 3)

    spec = importlib.util.spec_from_file_location("rewritten_ratings", copy)
    assert spec is not None and spec.loader is not None
    rewritten = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, rewritten)  # a dataclass looks its module up there
    spec.loader.exec_module(rewritten)
    assert [(f.level, f.mu, f.sigma, f.games) for f in rewritten.LEVEL_RATINGS.values()] == [
        ("random", 1.5, 2.25, 3),
        ("greedy", 30.0, 1.0, 3),
    ]
    assert "`python -m bench.bot_ratings --games 3 --write`:\n# 3 games" in copy.read_text()
    assert rewritten.level_rating.__doc__ == level_rating.__doc__
    assert markdown(ratings)[2] == "| random | 1.50 | 2.25 | -5.25 | 3 |"
