"""What a game's change leaves the background worker, as the outbox entries it writes with itself.

A ``BotTurn``: the turn passed to a seat the service plays (at ``version``). A ``RateGame``: a rated
game that ended, for its pool. A ``Change``: a change to tell its owner's webhooks, with the
sequenced events it logged. Entries are JSON
texts; the game id is the outbox's.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from service.encoding import dumps, loads_trusted
from service.play.stored_game import StoredGame
from service.rules import EndReason, Status


@dataclass(frozen=True, slots=True)
class BotTurn:
    game_id: str
    version: int
    """The version whose turn is the bot's: its move is saved only if the game is still there."""
    seat: int
    kind = "bot"

    def text(self) -> str:
        return dumps({"kind": self.kind, "version": self.version, "seat": self.seat})


@dataclass(frozen=True, slots=True)
class RateGame:
    game_id: str
    version: int
    """The version that finished the game (the worker reads it as it is then: rated once)."""
    kind = "rate"

    def text(self) -> str:
        return dumps({"kind": self.kind, "version": self.version})


@dataclass(frozen=True, slots=True)
class Change:
    game_id: str
    owner: str
    """The client whose webhooks to tell (kept here: a deleted game's record is gone)."""
    type: str
    """``game.created``, ``game.moved``, ``game.finished``, ``game.deleted``, or ``turn.started``."""
    version: int
    events: str
    """The change's events as one JSON array, as the log gives them (each with its ``seq``): written
    once, then spliced into the entry and the delivery's body as it is."""
    at: float
    """When it happened, in epoch seconds."""
    turn: dict[str, Any] | None = None
    """A ``turn.started``'s turn: its seat, its holder's ``player`` reference and its deadline."""
    kind = "change"

    def text(self) -> str:
        document = {"kind": self.kind, "owner": self.owner, "type": self.type, "version": self.version,
                    "at": self.at}  # fmt: skip
        if self.turn is not None:
            document["turn"] = self.turn
        return dumps(document)[:-1] + EVENTS_FIELD + self.events + "}"


Work = BotTurn | RateGame
"""What the worker does of a game's entry itself (a change is told by the deliveries)."""
Entry = BotTurn | RateGame | Change
TURN_STARTED = "turn.started"
"""A change's second webhook type: a turn it started for a person the owner named (``play.turns``)."""
EVENTS_FIELD = ',"events":'
"""What precedes a change's events in its entry: the first such text is it, since a JSON string holds
no bare quote."""


def read_entry(game_id: str, text: str) -> Entry:
    """The entry an outbox holds (written by this service: trusted); a change's events are taken as
    they are written, not parsed."""
    head, found, events = text.partition(EVENTS_FIELD)
    document: dict[str, Any] = loads_trusted(head + "}" if found else text)
    if document["kind"] == BotTurn.kind:
        return BotTurn(game_id, int(document["version"]), int(document["seat"]))
    if document["kind"] == RateGame.kind:
        return RateGame(game_id, int(document["version"]))
    return Change(
        game_id,
        str(document["owner"]),
        str(document["type"]),
        int(document["version"]),
        events[:-1],
        float(document["at"]),
        document.get("turn"),
    )


def left_for_the_worker(
    game_id: str, stored: StoredGame | None, version: int, changes: Sequence[Change] = ()
) -> tuple[str, ...]:
    """What a change that left the game ``stored`` (None: deleted) at ``version`` leaves the worker:
    what to tell the owner's webhooks (when it has some: ``changes``), then the turn, if the service
    plays its seat (a bot, or a stand-in for a seat vacated or left); a rated game that ended, not
    aborted, and is not yet rated: its rating."""
    left = tuple(change.text() for change in changes)
    if stored is None:
        return left
    if stored.snapshot["status"] == Status.FINISHED:
        aborted = stored.snapshot.get("end_reason") == EndReason.ABORTED
        if stored.rated and not stored.rating_told and not aborted:
            return (*left, RateGame(game_id, version).text())
        return left
    seat = stored.snapshot["current_player"]
    if stored.stand_in(seat) is None:
        return left
    return (*left, BotTurn(game_id, version, seat).text())


Told = Callable[[str], bool]
"""Whether a client has webhooks to tell its games' changes (``play.webhook_management.HookedOwners``)."""


def nobody(owner: str) -> bool:
    """No client's changes told: for a caller with no webhooks to tell."""
    return False


def told_changes(
    told: Told,
    owner: str | None,
    game_id: str,
    kind: str,
    version: int,
    events: Sequence[str],
    turn: dict[str, Any] | None = None,
) -> tuple[Change, ...]:
    """What to leave for ``owner``'s webhooks, when ``told`` says it has some: the change
    (``events``: its sequenced events, as the log gives them), then the ``turn.started`` of the
    ``turn`` it started, if any, with the same events."""
    if owner is None or not told(owner):
        return ()
    at, logged = time.time(), f"[{','.join(events)}]"
    change = Change(game_id, owner, kind, version, logged, at)
    if turn is None:
        return (change,)
    return change, Change(game_id, owner, TURN_STARTED, version, logged, at, turn)
