"""The store's rating pools (``play.rating_games``): each player's rating, a leaderboard, each player's
last ratings, and the games applied, in the order they were.

Ratings are opaque JSON texts here; a leaderboard's order is the number given with each (its
ordinal). A game is applied once: ``apply_ratings`` writes it only over the pool as it was read
(``applied``: its count of games), and a game applied before answers what it wrote then.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

HISTORY_KEPT = 100
"""A player's last ratings kept (their history; the pool's order of games keeps every game)."""


class PoolRead(NamedTuple):
    applied: int
    """The pool's count of applied games (what a change is written over)."""
    ratings: list[str | None]
    """Each player's rating (None: never rated)."""
    histories: list[str | None]
    """Each player's history (a JSON array, newest first; None: never rated)."""


class RatedPlayer(NamedTuple):
    player: str
    rating: str
    """The rating's JSON."""


@dataclass(frozen=True, slots=True)
class PlayerRating:
    player: str
    rating: str
    ordinal: float
    """What orders the leaderboard."""
    history: str
    """The player's history as it is to be kept: a JSON array, newest first, at most ``HISTORY_KEPT``."""


@dataclass(frozen=True, slots=True)
class RatingChange:
    pool: str
    game_id: str
    applied: int
    """The pool's count of applied games the ratings were computed over."""
    players: tuple[PlayerRating, ...]
    outcome: str
    """What the game did to each seat (JSON), answered again to a second application."""


class RatingStore(Protocol):
    def load_ratings(self, pool: str, players: Sequence[str], histories: bool = True) -> PoolRead:
        """The pool as a change is computed over: its count of games, the players' ratings and (unless
        ``histories`` is False: a read that only needs the ratings) their histories."""

    def apply_ratings(self, change: RatingChange) -> str | None:
        """The change written, if its game was not applied and the pool is still at ``applied``: the
        game's outcome, written now or before; None when the pool moved on (nothing written)."""

    def rating_board(self, pool: str, start: int, count: int) -> tuple[int, list[RatedPlayer]]:
        """The pool's size and its players from place ``start`` (0: the first), highest first."""

    def rating_place(self, pool: str, player: str) -> tuple[str, int] | None:
        """The player's rating and place (0: the first); None when the pool never rated them."""

    def rating_history(self, pool: str, player: str) -> str | None:
        """The player's history (a JSON array, newest first); None when the pool never rated them."""

    def rated_games(self, pool: str) -> list[tuple[str, str]]:
        """Every game the pool applied, in the order it was, with its outcome."""
