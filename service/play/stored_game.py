"""What the use cases keep in the store's opaque snapshot slot: the engine's snapshot, an event count, and
the level of each seat the service plays.

The count lives beside the snapshot so that a move's events get their sequence
numbers before the write, and land in the same atomic step as the snapshot and the
idempotent answer that quotes them. Events are stored without their ``seq`` (the log's
entry id already is it, and a game keeps hundreds of events): ``sequenced`` splices it
into the stored JSON text on the way out, without decoding it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from service.encoding import dumps, loads_trusted
from service.play.consent import NO_CONSENT, Consent
from service.play.holders import HELD_AS_CREATED, Holding, SeatState
from service.rules import Event
from service.rules.clock import PASS, Clock, clock_from_json, clock_to_json
from service.store import CorruptData


@dataclass(frozen=True, slots=True)
class Rematch:
    """A finished game's rematch: the new game's id, and the seed it is dealt with (never shown: it
    would tell the deal)."""

    game_id: str
    seed: int


@dataclass(frozen=True, slots=True)
class StoredGame:
    snapshot: dict[str, Any]
    """The engine's snapshot document (schema 1), as ``to_snapshot`` wrote it."""
    event_count: int
    """Events logged so far: the last one's ``seq``."""
    bots: tuple[str | None, ...] = ()
    """The bot level playing each seat (None: a person); empty when people play every seat."""
    clock: Clock | None = None
    """The game's clock (None: a game without one)."""
    seats: tuple[Holding, ...] = ()
    """Who holds each seat (``play.holders``); empty: each by its creation token, no player named."""
    rematch: Rematch | None = None
    """The finished game's rematch, once one was asked for."""
    consent: Consent = NO_CONSENT
    """Its offers' policy, the offer open, cool-downs and a pause (``play.consent``)."""
    rated: bool = False
    """Its result goes to its owner's rating pool once it ends (``play.rating_games``)."""
    rating_told: bool = False
    """Its ratings were applied and told in its log (event ``game_rated``)."""

    def bot(self, seat: int) -> str | None:
        return self.bots[seat] if self.bots else None

    def holding(self, seat: int) -> Holding:
        return self.seats[seat] if self.seats else HELD_AS_CREATED

    def stand_in(self, seat: int) -> str | None:
        """How the service plays ``seat``, if it does: its bot's level; for a seat vacated or left,
        the game's absent-seat policy (its clock's ``on_timeout``; ``pass`` without a clock)."""
        bot = self.bot(seat)
        if bot is not None or self.holding(seat).state is SeatState.HELD:
            return bot
        return PASS if self.clock is None else self.clock.settings.on_timeout

    def with_holding(self, seat: int, holding: Holding) -> tuple[Holding, ...]:
        """Every seat's holding, ``seat``'s changed."""
        seats = self.seats or (HELD_AS_CREATED,) * len(self.snapshot["players"])
        return (*seats[:seat], holding, *seats[seat + 1 :])


def encode(stored: StoredGame) -> str:
    document: dict[str, Any] = {"event_count": stored.event_count, "snapshot": stored.snapshot}
    if any(stored.bots):
        document["bots"] = list(stored.bots)
    if stored.clock is not None:
        document["clock"] = clock_to_json(stored.clock)
    if stored.seats:
        document["seats"] = [holding.to_json() for holding in stored.seats]
    if stored.rematch is not None:
        document["rematch"] = [stored.rematch.game_id, stored.rematch.seed]
    if stored.consent is not NO_CONSENT:
        consent = stored.consent.to_json()
        if consent:
            document["consent"] = consent
    if stored.rated:
        document["rated"] = 2 if stored.rating_told else 1
    return dumps(document)


def decode(text: str) -> StoredGame:
    """Read back what ``encode`` wrote: trusted, so without ``encoding.loads``' depth walk.

    Anything else in the slot was not written by this service: CorruptData, as the store says it.
    """
    try:
        document = loads_trusted(text)
        clock = document.get("clock")
        rematch = document.get("rematch")
        consent = document.get("consent")
        rated = document.get("rated", 0)
        return StoredGame(
            document["snapshot"],
            document["event_count"],
            tuple(document.get("bots", ())),
            None if clock is None else clock_from_json(clock),
            tuple(Holding.from_json(holding) for holding in document.get("seats", ())),
            None if rematch is None else Rematch(rematch[0], rematch[1]),
            NO_CONSENT if consent is None else Consent.from_json(consent),
            rated > 0,
            rated > 1,
        )
    except (KeyError, TypeError, ValueError) as error:  # JSONDecodeError is a ValueError
        raise CorruptData("the stored snapshot is not one this service wrote") from error


def event_texts(events: Iterable[Event]) -> list[str]:
    """Each event as stored: its wire shape without ``seq``."""
    return [dumps(event.to_json()) for event in events]


def sequenced(seq: int, text: str) -> str:
    """A stored event's wire JSON: ``seq`` put first into the object ``event_texts`` wrote."""
    return f'{{"seq":{seq},{text[1:]}'


def numbered_events(events: Iterable[Event], after: int) -> list[dict[str, Any]]:
    """Each event's wire shape with its ``seq``, numbering on from ``after`` (for replays)."""
    return [{"seq": after + offset, **event.to_json()} for offset, event in enumerate(events, start=1)]
