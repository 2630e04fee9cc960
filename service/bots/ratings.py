"""Where each served level stands on the rating scale: a rated player of its own (``bot:expert``) in the
public pool, placed by seeded games against the other levels (``python -m bench.bot_ratings``,
docs/BOTS.md, "On the rating scale").

Plain numbers: the rating model is ``service.play.ratings``, which this room may not import (``play``
imports the bots, never the other way round); ``Rating(found.mu, found.sigma, found.games)`` is the
same value there.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.bots.levels import UnknownLevel

PLAYER_PREFIX = "bot:"


@dataclass(frozen=True, slots=True)
class LevelRating:
    level: str
    mu: float
    sigma: float
    games: int
    """The calibration's games the level was rated in."""

    @property
    def player(self) -> str:
        """The level's name in the rating pool."""
        return PLAYER_PREFIX + self.level

    @property
    def ordinal(self) -> float:
        """The conservative value a leaderboard shows: μ − 3σ."""
        return self.mu - 3 * self.sigma


# Written by `nice -n 19 python -m bench.bot_ratings --games 630 --seed 1 --write`:
# 630 games (2 cores, shared), 2026-12-06; do not edit by hand.
LEVEL_RATINGS: dict[str, LevelRating] = {
    found.level: found
    for found in (
        LevelRating("random", 4.928694, 2.417554, 570),
        LevelRating("greedy", 30.735680, 1.770384, 570),
        LevelRating("expert", 34.584860, 1.792299, 570),
    )
}
"""The served levels, weakest first."""


def level_rating(level: str) -> LevelRating:
    """The served level's place on the rating scale; ``UnknownLevel`` for any other name."""
    found = LEVEL_RATINGS.get(level)
    if found is None:
        raise UnknownLevel(level)
    return found
