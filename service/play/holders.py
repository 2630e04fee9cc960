"""Who holds each seat: a person (by the seat's token, perhaps under the client app's own player
reference), or nobody, the service standing in for a seat vacated or left.

A game created as before has no holdings stored: each seat is held by its creation token, with no
player reference. A seat's holding changes when its owner hands it to someone else (a new token,
the old one refused at once), vacates it, or its holder leaves for good. A ``player`` reference is
the client app's own name for a person: opaque, bounded, shown to that app's credentials only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

MAX_PLAYER_REFERENCE_LENGTH = 128
PLAYER_REFERENCE_PATTERN = r"^[A-Za-z0-9._:@-]{1,128}$"
"""A player reference: up to 128 characters of letters, digits and ``._:@-`` (an id, an e-mail
address or a URN fits; no spaces, nothing to escape)."""
_PLAYER_REFERENCE = re.compile(PLAYER_REFERENCE_PATTERN)


class SeatState(StrEnum):
    """Who plays a seat a person was given."""

    HELD = "held"
    """A person holds it, by its token."""
    VACATED = "vacated"
    """Its owner took it from its holder: the service plays it until someone is handed it."""
    LEFT = "left"
    """Its holder left for good: the service plays it to the end, and it ranks behind every seat that
    stayed."""


@dataclass(frozen=True, slots=True)
class Holding:
    state: SeatState = SeatState.HELD
    player: str | None = None
    """The client app's reference for the holder (None: none given)."""
    token: str | None = None
    """The digest of the holder's token: None, the seat's token from the creation; ``""`` none (no
    token's digest is empty). A holder who left keeps theirs: it still reads the game, as a
    spectator's would, and is told it left."""
    name: str | None = None
    """The holder's name, when not the seat's first holder's (the rules' snapshot keeps that one)."""

    def to_json(self) -> list[str | None]:
        return [self.state.value, self.player, self.token, self.name]

    @classmethod
    def from_json(cls, document: list[str | None]) -> Holding:
        state, player, token, name = document
        return cls(SeatState(str(state)), player, token, name)


HELD_AS_CREATED = Holding()


def is_player_reference(text: object) -> bool:
    return isinstance(text, str) and _PLAYER_REFERENCE.fullmatch(text) is not None
