"""The full state of a game of Restart, as plain immutable values."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from service.rules.tiles import ROW_INDEX, Colour, Kind, Tile

# The limits of a game, in one place: ``new_game`` and the snapshot loader enforce them,
# the API's schemas quote them, and the contract states them (its drift test compares).
MIN_PLAYERS, MAX_PLAYERS = 2, 4
MAX_NAME_LENGTH = 40
NAME_PATTERN = r"^[^\u0000-\u001f\u007f-\u009f]*$"
"""Names keep every character as sent (nothing is stripped) except control characters."""
DEFAULT_TARGET_SCORE = 100
MAX_TARGET_SCORE = 10_000
MAX_SEED = 2**63 - 1
"""Seeds and targets are bounded so every game ``new_game`` starts fits a snapshot."""
MAX_SCORE = 10**9
MAX_ROUND = 10**9
"""Bounds a snapshot from outside may not pass (a game could not reach them)."""


def is_player_name(name: object) -> bool:
    """1 to ``MAX_NAME_LENGTH`` characters, none of them a control character."""
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME_LENGTH:
        return False
    return re.fullmatch(NAME_PATTERN, name) is not None


class Status(StrEnum):
    PLAYING = "playing"
    FINISHED = "finished"


class EndReason(StrEnum):
    """Why a game is over."""

    HAND_EMPTIED = "hand_emptied"
    """A player placed their last tile: they alone win."""
    TARGET_REACHED = "target_reached"
    """After a round's scoring a total reached the target: the lowest totals win."""
    AGREEMENT = "agreement"
    """The seats agreed to end it: the lowest totals as they stand win (the round in play unscored)."""
    ABORTED = "aborted"
    """The seats agreed to abort it before each had moved: no winner."""


CONSENTED_ENDS = (EndReason.AGREEMENT, EndReason.ABORTED)
"""The ends the seats agree on (docs/OFFERS.md), not the play."""


class RoundEndReason(StrEnum):
    ALL_PASSED = "all_passed"
    NOBODY_CAN_PLAY = "nobody_can_play"
    HAND_EMPTIED = "hand_emptied"


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game: who won and why."""

    winners: tuple[int, ...]
    reason: EndReason


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    hand: tuple[Tile, ...]
    """Kept in canonical order."""
    score: int
    """Minus points accumulated over the scored rounds."""


def lowest_totals(players: tuple[Player, ...]) -> tuple[int, ...]:
    """The seats with the fewest minus points (ties as ties): who ranks first by the scores."""
    lowest = min(player.score for player in players)
    return tuple(seat for seat, player in enumerate(players) if player.score == lowest)


@dataclass(frozen=True, slots=True)
class GameState:
    players: tuple[Player, ...]
    rows: tuple[tuple[Tile, ...], ...]
    """One row per colour, in ``COLOURS`` order, bottom (the 1) first."""
    box: tuple[Tile, ...]
    """Tiles out of play this round, unseen by anyone."""
    discarded: tuple[Tile, ...]
    """Tiles removed by scissors or trash this round, with the purple tiles used: public."""
    current_player: int
    consecutive_passes: int
    round: int
    target_score: int
    seed: int
    outcome: Outcome | None = None
    last_round: tuple[int, ...] | None = None
    """Minus points per seat of the last scored round; None before the first is scored."""

    @property
    def status(self) -> Status:
        return Status.PLAYING if self.outcome is None else Status.FINISHED

    @property
    def winners(self) -> tuple[int, ...]:
        return () if self.outcome is None else self.outcome.winners

    def row(self, colour: Colour) -> tuple[Tile, ...]:
        return self.rows[ROW_INDEX[colour]]


def row_floor(row: tuple[Tile, ...]) -> int | None:
    """The value a tile placed on this row must exceed, or None when a STOP closes it."""
    top = row[-1]
    if top.kind is Kind.STOP:
        return None
    return top.value_on_top
