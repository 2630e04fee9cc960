"""The rating model: Weng–Lin's Plackett–Luce model for a free-for-all of 2 to 4 seats (``openskill``).

Pure: a seat's rating before a game and the game's result in, each seat's rating after out. A seat is
one team of one; a seat that changed hands is one team of its holders, each weighted by the share of
the game they played (the model's partial-play weights). A tie is a tie (equal ranks). A seat that
left for good ranks last, below every seat that finished. What a leaderboard shows is the
conservative value, the ordinal μ − 3σ (docs/RATINGS.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
"""The model with the package's defaults (μ 25, σ 25/3, β 25/6, τ 25/300)."""
MODEL.weight_bounds = None  # a share is taken as it is, not rescaled into [1, 2]
MIN_SEATS, MAX_SEATS = 2, 4


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float
    games: int = 0
    """Rated games played: 0 for a player never rated (the model's starting values)."""

    @property
    def ordinal(self) -> float:
        """The conservative value a leaderboard shows: μ − 3σ."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal, "games": self.games}

    @staticmethod
    def from_json(document: dict[str, Any]) -> Rating:
        return Rating(float(document["mu"]), float(document["sigma"]), int(document["games"]))


UNRATED = Rating(MODEL.mu, MODEL.sigma, 0)
"""Where every player starts."""


@dataclass(frozen=True, slots=True)
class Holder:
    """One holder of a seat: their rating before the game and the share of the game they played."""

    player: str
    before: Rating
    share: float = 1.0


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat's holders (one, unless it changed hands) and where it finished: 1 is first; equal
    places are a tie."""

    holders: tuple[Holder, ...]
    place: int


def standing(scores: Sequence[int], winners: Sequence[int], left: Sequence[bool]) -> tuple[int, ...]:
    """Each seat's place (1: first; equal places tie): the winners first, then the fewest minus points;
    a seat that left for good after every seat that did not, the seats that left by their points."""
    keys = [
        (gone, seat not in winners, score)
        for seat, (score, gone) in enumerate(zip(scores, left, strict=True))
    ]
    ladder = sorted(set(keys))
    return tuple(ladder.index(key) + 1 for key in keys)


def rate(seats: Sequence[Seat]) -> tuple[tuple[Rating, ...], ...]:
    """Each holder's rating after the game, seat by seat (holders in the order given)."""
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise ValueError(f"a rated game has {MIN_SEATS} to {MAX_SEATS} seats, not {len(seats)}")
    teams = [
        [MODEL.rating(holder.before.mu, holder.before.sigma) for holder in seat.holders] for seat in seats
    ]
    weights = [[holder.share for holder in seat.holders] for seat in seats]
    ranks: list[float] = [seat.place for seat in seats]
    rated = MODEL.rate(teams, ranks=ranks, weights=weights)
    return tuple(
        tuple(
            Rating(after.mu, after.sigma, holder.before.games + 1)
            for holder, after in zip(seat.holders, team, strict=True)
        )
        for seat, team in zip(seats, rated, strict=True)
    )


@dataclass(frozen=True, slots=True)
class Prediction:
    chances: tuple[float, ...]
    """Each seat's chance to finish first (they sum to 1)."""
    ranks: tuple[int, ...]
    """Each seat's expected place (1: first; equal places where the model cannot tell them apart)."""


def predict(ratings: Sequence[Rating]) -> Prediction:
    """A prospective table's chances and expected places, one rating a seat."""
    if not MIN_SEATS <= len(ratings) <= MAX_SEATS:
        raise ValueError(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {len(ratings)}")
    teams = [[MODEL.rating(rating.mu, rating.sigma)] for rating in ratings]
    chances = tuple(float(chance) for chance in MODEL.predict_win(teams))
    ranks = tuple(int(rank) for rank, _ in MODEL.predict_rank(teams))
    return Prediction(chances, ranks)
