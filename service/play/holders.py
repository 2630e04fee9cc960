"""Who holds each seat: a person (by the seat's token, perhaps under the client app's own player
reference), or nobody, the service standing in for a seat vacated or left.

A game created as before has no holdings stored: each seat is held by its creation token, with no
player reference. A seat's holding changes when its owner hands it to someone else (a new token,
the old one refused at once), vacates it, or its holder leaves for good. A ``player`` reference is
the client app's own name for a person: opaque, bounded, shown to that app's credentials only.

A seat may also carry the owner's open invitation to it (``Invitation``: a single-use token's digest
and when it expires): whoever claims it first takes the seat. The seat remembers the last invitation
it spent, used or revoked, so that a late claim with it is told which.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

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


class Fate(StrEnum):
    """What became of an invitation that is no longer open."""

    USED = "used"
    """Claimed: the seat is its claimant's."""
    REVOKED = "revoked"
    """Revoked by the owner, replaced by another, or voided by the seat's being handed on or left."""


@dataclass(frozen=True, slots=True)
class Invitation:
    """An invitation to a seat: the digest of its single-use token, and when it expires (epoch ms)."""

    digest: str
    until_ms: int

    def to_json(self) -> list[str | int]:
        return [self.digest, self.until_ms]


@dataclass(frozen=True, slots=True)
class Spent:
    """The seat's last invitation that is no longer open: its digest, and what became of it."""

    digest: str
    fate: Fate

    def to_json(self) -> list[str]:
        return [self.digest, self.fate.value]


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
    invitation: Invitation | None = None
    """The owner's open invitation to the seat, if any (perhaps expired: its claim is refused)."""
    spent: Spent | None = None
    """The seat's last invitation no longer open, if any."""

    def to_json(self) -> list[Any]:
        document: list[Any] = [self.state.value, self.player, self.token, self.name]
        if self.invitation is not None or self.spent is not None:
            document += [_json_or_none(self.invitation), _json_or_none(self.spent)]
        return document

    @classmethod
    def from_json(cls, document: list[Any]) -> Holding:
        state, player, token, name = document[:4]
        invitation, spent = document[4:] if len(document) > 4 else (None, None)
        return cls(
            SeatState(str(state)),
            player,
            token,
            name,
            None if invitation is None else Invitation(invitation[0], invitation[1]),
            None if spent is None else Spent(spent[0], Fate(spent[1])),
        )

    def voided(self) -> Spent | None:
        """What the seat remembers spent once its open invitation, if any, is voided."""
        return self.spent if self.invitation is None else Spent(self.invitation.digest, Fate.REVOKED)


def _json_or_none(value: Invitation | Spent | None) -> list[Any] | None:
    return None if value is None else value.to_json()


HELD_AS_CREATED = Holding()


def is_player_reference(text: object) -> bool:
    return isinstance(text, str) and _PLAYER_REFERENCE.fullmatch(text) is not None
