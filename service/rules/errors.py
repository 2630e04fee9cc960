"""The rules engine's errors: one small hierarchy, each carrying a stable code."""

from __future__ import annotations

from enum import StrEnum

from service.rules.messages import Message


class Illegal(StrEnum):
    """Stable machine codes for every way a move can be illegal."""

    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    ROW_REQUIRED = "row_required"
    PASS_TAKES_NOTHING = "pass_takes_nothing"
    UNKNOWN_TILE = "unknown_tile"
    TILE_NOT_IN_HAND = "tile_not_in_hand"
    EMPTY_PLAY = "empty_play"
    ONE_PURPLE_PER_TURN = "one_purple_per_turn"
    NOTHING_TO_REMOVE = "nothing_to_remove"
    WRONG_COLOUR = "wrong_colour"
    ROW_CLOSED = "row_closed"
    CLOSING_TILE_NOT_LAST = "closing_tile_not_last"
    NOT_A_RUN = "not_a_run"
    NOT_ASCENDING = "not_ascending"


class RulesError(Exception):
    """Base of every error the rules engine raises."""


class IllegalMove(RulesError):
    """A move the rules forbid: a stable ``code`` and a sentence naming the tiles involved.

    ``message`` keeps the sentence translatable (its template and the tiles, colours and
    seats it names); ``detail`` is the English sentence.
    """

    def __init__(self, code: Illegal, message: Message) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    @property
    def detail(self) -> str:
        return str(self.message)

    def __repr__(self) -> str:
        return f"IllegalMove({self.code.value!r}, {self.detail!r})"


class InvalidSnapshot(RulesError):
    """A snapshot that is not a consistent Restart position; ``problems`` lists every fault found."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


class BadSetup(RulesError, ValueError):
    """A new game asked for with an impossible setup (player count, names, target)."""
