"""An offers game's event log cut into changes, one a version (docs/OFFERS.md): what
``offers_replay.Replay`` applies one after another.

A save holds one change of the game or of its offer, with what follows from it (a lapse, a round's
end, an offer taking effect); ``cut`` finds where each save's events begin.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reliability.scenarios.clocks import MOVE_EVENTS

CHANGES = MOVE_EVENTS | {"turn_timed_out", "seat_back"}
"""Events that only a change of the game (not an offer's) logs: each lapses the open offer."""
OFFER_OPENERS = frozenset({"offer_made", "offer_accepted", "offer_declined"})
RATED = "game_rated"
"""A finished game's ratings told (``offers_ratings``): a version of its own, after the game's end."""


@dataclass
class Change:
    """The events of one version; ``awaits`` what must still come for it to be whole (``move`` after a
    ``turn_timed_out``, ``change`` after a lapse by change logged first, ``any`` after an expiry)."""

    version: int
    events: list[dict[str, Any]] = field(default_factory=list)
    awaits: str | None = None

    def has(self, kinds: frozenset[str] | set[str]) -> bool:
        return any(event["type"] in kinds for event in self.events)


def cut(log: list[dict[str, Any]], first_version: int = 2) -> list[Change] | None:
    """The log after the creation's events cut into changes, one a version. A change opens with a
    move (a purple tile's removal and the tiles its seat placed after it on that row are one move),
    ``turn_timed_out`` (then the move played for the seat), ``seat_back``, an offer's making or a
    person's answer, or ``game_rated``; an offer's lapse opens one only when no change came before it
    in its save (then it awaits its change, or after an expiry the next offer). Everything else
    follows its change. None: an event comes before any change."""
    changes: list[Change] = []
    previous: dict[str, Any] = {}
    for event in log:
        kind = event["type"]
        current = changes[-1] if changes else None
        awaits = current.awaits if current else None
        if kind in MOVE_EVENTS:
            purple_follow = (
                previous.get("type") == "tiles_removed" and kind == "tiles_placed"
                and (previous["seat"], previous["row"]) == (event["seat"], event["row"])
            )  # fmt: skip
            opens = not (purple_follow or awaits in ("move", "change", "any"))
            then = None
        elif kind == "turn_timed_out":
            opens, then = awaits not in ("change", "any"), "move"
        elif kind == "seat_back":
            opens, then = awaits not in ("change", "any"), None
        elif kind == "offer_lapsed":
            opens = current is None or not current.has(CHANGES)
            then = ("change" if event.get("reason") == "changed" else "any") if opens else awaits
        elif kind == RATED:
            opens, then = True, None
        elif kind in OFFER_OPENERS and not event.get("by_rule"):
            opens = awaits != "any" or kind != "offer_made"
            then = None
        else:
            opens, then = False, awaits
        if opens:
            changes.append(Change(first_version + len(changes)))
        elif not changes:
            return None
        changes[-1].events.append(event)
        changes[-1].awaits = then
        previous = event
    return changes
