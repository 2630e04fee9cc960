"""What happened when a move was applied: public facts only, never a hidden tile."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from service.rules.state import EndReason, RoundEndReason
from service.rules.tiles import Colour

MAX_EVENTS_PER_MOVE = 4
"""The most events one move makes: a purple tile's removal, the tiles placed after it, the
round's score, then the next deal or the game's end (the contract's ``maxItems``)."""


@dataclass(frozen=True, slots=True)
class RoundDealt:
    """A round was dealt. Only what lies face up is told: hand sizes and who placed which 1."""

    round: int
    starter: int
    hand_sizes: tuple[int, ...]
    ones_placed_by: dict[Colour, int | None]
    """Seat that placed each colour's 1; None where the 1 started the row (two players)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "round_dealt",
            "round": self.round,
            "starter": self.starter,
            "hand_sizes": list(self.hand_sizes),
            "ones_placed_by": {colour.value: seat for colour, seat in self.ones_placed_by.items()},
        }


@dataclass(frozen=True, slots=True)
class TilesPlaced:
    seat: int
    row: Colour
    tiles: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "tiles_placed", "seat": self.seat, "row": self.row.value, "tiles": list(self.tiles)}


@dataclass(frozen=True, slots=True)
class TilesRemoved:
    """A purple tile removed tiles from a row; both leave play face up."""

    seat: int
    row: Colour
    tiles: tuple[str, ...]
    purple: str

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "tiles_removed",
            "seat": self.seat,
            "row": self.row.value,
            "tiles": list(self.tiles),
            "purple": self.purple,
        }


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "passed", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class RoundScored:
    """Scored hands are public at a round's end, so the minus points may be told."""

    round: int
    reason: RoundEndReason
    minus_points: tuple[int, ...]
    totals: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "round_scored",
            "round": self.round,
            "reason": self.reason.value,
            "minus_points": list(self.minus_points),
            "totals": list(self.totals),
        }


@dataclass(frozen=True, slots=True)
class GameOver:
    winners: tuple[int, ...]
    reason: EndReason

    def to_json(self) -> dict[str, Any]:
        return {"type": "game_over", "winners": list(self.winners), "reason": self.reason.value}


Event = RoundDealt | TilesPlaced | TilesRemoved | Passed | RoundScored | GameOver
