"""What a player asks to do on their turn."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from service.rules.tiles import Colour


class Action(StrEnum):
    PLAY = "play"
    SCISSORS = "scissors"
    TRASH = "trash"
    PASS = "pass"


@dataclass(frozen=True, slots=True)
class Move:
    """One turn as asked for, not yet judged.

    ``tiles`` holds wire codes in placement order; they are judged (and may be
    unknown) by the engine. For scissors and trash, ``tiles`` is the optional
    follow-up run on the same row; the purple tile itself is implied by the action.
    """

    player: int
    action: Action
    row: Colour | None = None
    tiles: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, document: dict[str, Any]) -> Move:
        """The move of a wire document already checked for shape (the API's schema does that)."""
        row = document.get("row")
        return cls(
            document["player"],
            Action(document["action"]),
            Colour(row) if row else None,
            tuple(document.get("tiles", ())),
        )

    def to_json(self) -> dict[str, Any]:
        """The wire shape: pass carries no row and no tiles."""
        if self.action is Action.PASS:
            return {"player": self.player, "action": self.action.value}
        return {
            "player": self.player,
            "action": self.action.value,
            "row": self.row.value if self.row else None,
            "tiles": list(self.tiles),
        }

    def __str__(self) -> str:
        if self.action is Action.PASS:
            return f"seat {self.player} passes"
        row = self.row.value if self.row else "?"
        follow = f" then {', '.join(self.tiles)}" if self.tiles else ""
        if self.action is Action.PLAY:
            return f"seat {self.player} plays {', '.join(self.tiles)} on {row}"
        return f"seat {self.player} plays {self.action.value} on {row}{follow}"
