"""The replay of an offers game's changes (``offers_log.cut``) with the engine (docs/OFFERS.md):
moves are applied, a ``taken_back`` restores the state before the move it names, an abort or an
agreement ends the game by ``end_by_consent``. What each change must satisfy:

- each offer has at most one outcome (took effect, declined or lapsed), made at the version its id
  names; it takes effect only once every other seat has accepted it, and in the very change that
  holds the last acceptance (a ``taken_back`` follows its offer's last acceptance in the same version);
  a change of the game (a move, a timeout, a seat's return) lapses the open offer in the same change;
- a takeback undoes the proposer's own last move standing, made by a person in the round in play;
  an abort comes before every seat has moved; a paused game receives no move until it is resumed;
- a ``game_rated`` is a version of its own, once the game ended other than by an abort.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from reliability.scenarios.clocks import MOVE_EVENTS, move_of
from reliability.scenarios.offers_log import CHANGES, RATED, Change
from reliability.verify import normalised
from service.rules import EndReason, GameState, IllegalMove, Move, apply, end_by_consent, new_game

EFFECTS = {"takeback": "taken_back", "abort": "game_over", "agreement": "game_over",
           "pause": "game_paused", "resume": "game_resumed"}  # fmt: skip
PLAYED = MOVE_EVENTS | {"round_scored", "round_dealt", "game_over"}
"""The engine's events of a move."""
CONSENTED = {"abort": EndReason.ABORTED, "agreement": EndReason.AGREEMENT}
TOOK_EFFECT, DECLINED, LAPSED = "took_effect", "declined", "lapsed"


@dataclass
class Offer:
    id: int
    kind: str
    seat: int
    accepted: dict[int, int] = field(default_factory=dict)
    """Seat -> the version of its acceptance."""
    outcomes: list[tuple[str, int]] = field(default_factory=list)
    """(outcome, version): more than one is an anomaly."""
    lapse_reason: str | None = None
    declined_by: int | None = None


@dataclass
class Standing:
    """A move of the round in play not taken back: its index in the round's record, the state before it."""

    index: int
    seat: int
    move: dict[str, Any]
    by_service: bool
    before: GameState


@dataclass
class OfferVerdict:
    """Findings and tallies of one game (``tally`` sums over games with ``add``)."""

    findings: list[str] = field(default_factory=list)
    tally: Counter[str] = field(default_factory=Counter)


class Replay:
    """The log's changes applied one after another, with what each one must satisfy."""

    def __init__(self, names: tuple[str, ...], seed: int, target: int, verdict: OfferVerdict) -> None:
        self.dealt = new_game(names, seed, target)
        self.state, self.seats, self.verdict = self.dealt.state, len(names), verdict
        self.offers: dict[int, Offer] = {}
        self.open: Offer | None = None
        self.paused = False
        self.absent: set[int] = set()
        self.moved: set[int] = set()
        self.standing: list[Standing] = []
        self.entries: list[dict[str, Any]] = []
        """What the record's moves must be: (round, entry) in order, as plain dicts."""
        self.round_entries: Counter[int] = Counter()
        self.last_change: tuple[int, bool] | None = None
        """The last change that was a move (offers aside): (seat, by the service); None otherwise."""
        self.person_moves: dict[int, dict[str, Any]] = {}
        """Version -> the move a person made there (neither a timeout nor an absent seat's turn)."""
        self.kinds: dict[int, str] = {}

    def note(self, version: int, text: str) -> None:
        self.verdict.findings.append(f"version {version}: {text}")

    def change(self, change: Change) -> bool:
        """Apply one version's change; False when the replay cannot go on."""
        version, open_before = change.version, self.open
        if change.has({RATED}):
            outcome = self.state.outcome
            if len(change.events) != 1 or outcome is None or outcome.reason is EndReason.ABORTED:
                ended = "playing" if outcome is None else outcome.reason.value
                self.note(version, f"{RATED} with {len(change.events) - 1} other events, the game {ended}")
            return True
        moved = [event for event in change.events if event["type"] in MOVE_EVENTS]
        rest = [event for event in change.events if event["type"] not in MOVE_EVENTS]
        if change.has(CHANGES) and self.paused and not change.has({"seat_back"}):
            self.note(version, f"the game was paused, and received {change.events}")
        for event in rest:
            if event["type"] == "seat_back":
                self.absent.discard(event["seat"])
            elif event["type"] == "seat_absent":
                self.absent.add(event["seat"])
            elif (event["type"].startswith("offer_") or event["type"] in EFFECTS.values()) and not (
                self._offer_event(version, event, change)
            ):
                return False
        if moved and not self._move(version, moved, change):
            return False
        if change.has(CHANGES):
            self.kinds[version] = "change"
            if open_before is not None and self.open is open_before:
                self.note(version, f"a change left offer {open_before.id} open: {change.events}")
        if self.open is not None and len(self.open.accepted) == self.seats - 1:
            self.note(version, f"every other seat accepted offer {self.open.id}, which did not take effect")
        return True

    def _move(self, version: int, moved: list[dict[str, Any]], change: Change) -> bool:
        timed_out = change.has({"turn_timed_out"})
        made, seat = move_of(moved), moved[0]["seat"]
        by_service = timed_out or seat in self.absent
        round_number = self.state.round
        try:
            step = apply(self.state, Move.from_json(made))
        except IllegalMove as refusal:
            self.note(version, f"the logged move {made} is illegal: {refusal}")
            return False
        logged = [{k: v for k, v in e.items() if k != "seq"} for e in change.events]
        played = [e for e in logged if e["type"] in PLAYED and not self._consented(e)]
        if normalised([event.to_json() for event in step.events]) != played:
            self.note(version, f"logged {logged}, the engine made {[e.to_json() for e in step.events]}")
            return False
        index = self.round_entries[round_number]
        self.round_entries[round_number] += 1
        self.entries.append({"round": round_number, "seat": seat, "move": made, "timed_out": timed_out,
                             "takes_back": None})  # fmt: skip
        self.standing.append(Standing(index, seat, made, by_service, self.state))
        self.state, self.last_change = step.state, (seat, by_service)
        self.moved.add(seat)
        if self.state.round != round_number or self.state.outcome is not None:
            self.standing = []  # no takeback crosses a round's end
        if not by_service:
            self.person_moves[version] = made
        self.verdict.tally["moves in the logs"] += 1
        self.verdict.tally["timeouts in the logs"] += timed_out
        return True

    def _consented(self, event: dict[str, Any]) -> bool:
        return event["type"] == "game_over" and event.get("reason") in {r.value for r in CONSENTED.values()}

    def _offer_event(self, version: int, event: dict[str, Any], change: Change) -> bool:
        kind = event["type"]
        if kind == "offer_made":
            return self._made(version, event)
        if kind == "game_over" and not self._consented(event):
            return True  # a move's end, checked with the move
        offer = self.open
        named = event.get("offer_id")
        if offer is None or (named is not None and named != offer.id):
            self.note(version, f"{event} names no open offer (open: {offer.id if offer else None})")
            closed = self.offers.get(named) if named is not None else None
            if closed is not None and kind in ("offer_declined", "offer_lapsed"):
                self._outcome(closed, DECLINED if kind == "offer_declined" else LAPSED, version)
            return closed is not None  # an outcome of a closed offer: the replay goes on
        if kind == "offer_accepted":
            if event["seat"] == offer.seat or event["seat"] in offer.accepted:
                self.note(version, f"seat {event['seat']} accepted offer {offer.id} again, or its own")
            offer.accepted[event["seat"]] = version
            self.verdict.tally["acceptances"] += 1
        elif kind == "offer_declined":
            offer.declined_by = event["seat"]
            self._outcome(offer, DECLINED, version)
        elif kind == "offer_lapsed":
            offer.lapse_reason = event.get("reason")
            if offer.lapse_reason == "changed" and not change.has(CHANGES):
                self.note(version, f"offer {offer.id} lapsed by a change, in a version with no change")
            self._outcome(offer, LAPSED, version)
        else:
            return self._took_effect(version, offer, event)
        return True

    def _made(self, version: int, event: dict[str, Any]) -> bool:
        if self.open is not None:
            self.note(version, f"offer {event['offer_id']} made while offer {self.open.id} is open")
        if event["offer_id"] != version or event["offer_id"] in self.offers:
            self.note(version, f"offer {event['offer_id']} made by the save of version {version}")
        offer = Offer(event["offer_id"], event["kind"], event["seat"])
        self.offers[offer.id] = self.open = offer
        self.verdict.tally[f"{offer.kind} offers"] += 1
        return True

    def _outcome(self, offer: Offer, outcome: str, version: int) -> None:
        offer.outcomes.append((outcome, version))
        if len(offer.outcomes) > 1:
            self.note(version, f"offer {offer.id} has a second outcome: {offer.outcomes}")
        if self.open is offer:
            self.open = None

    def _took_effect(self, version: int, offer: Offer, event: dict[str, Any]) -> bool:
        expected = EFFECTS.get(offer.kind)
        reason = event.get("reason")
        if event["type"] != expected or (offer.kind in CONSENTED and reason != CONSENTED[offer.kind].value):
            self.note(version, f"{event} for offer {offer.id} of kind {offer.kind}")
            return False
        others = set(range(self.seats)) - {offer.seat}
        if set(offer.accepted) != others:
            accepted = sorted(offer.accepted)
            self.note(version, f"offer {offer.id} took effect, accepted by {accepted} of {sorted(others)}")
        elif max(offer.accepted.values()) != version:
            self.note(version, f"offer {offer.id} took effect after its last acceptance, at version "
                               f"{max(offer.accepted.values())}")  # fmt: skip
        self._outcome(offer, TOOK_EFFECT, version)
        self.verdict.tally[f"{offer.kind} took effect"] += 1
        if offer.kind == "takeback":
            return self._taken_back(version, offer, event)
        if offer.kind in CONSENTED:
            if offer.kind == "abort" and len(self.moved) == self.seats:
                self.note(version, "aborted after every seat had moved")
            step = end_by_consent(self.state, CONSENTED[offer.kind])
            logged = [{k: v for k, v in event.items() if k != "seq"}]
            if normalised([e.to_json() for e in step.events]) != logged:
                self.note(version, f"logged {event}, the engine ends it {[e.to_json() for e in step.events]}")
            self.state, self.paused = step.state, False  # a game over is paused no more
        elif offer.kind == "pause":
            if self.paused:
                self.note(version, "paused while paused")
            self.paused = True
        else:
            if not self.paused:
                self.note(version, "resumed while not paused")
            self.paused = False
        return True

    def _taken_back(self, version: int, offer: Offer, event: dict[str, Any]) -> bool:
        last = self.standing[-1] if self.standing else None
        if (
            last is None or self.last_change != (offer.seat, False) or last.seat != offer.seat
            or (event["seat"], event["round"], event["index"]) != (offer.seat, self.state.round, last.index)
        ):  # fmt: skip
            self.note(version, f"{event} for seat {offer.seat}, whose last move standing is "
                               f"{None if last is None else (last.seat, last.index, last.by_service)}, "
                               f"the last change {self.last_change}")  # fmt: skip
            return False
        self.standing.pop()
        round_number = self.state.round
        self.entries.append({"round": round_number, "seat": last.seat, "move": last.move, "timed_out": False,
                             "takes_back": last.index})  # fmt: skip
        self.round_entries[round_number] += 1
        self.state, self.last_change = last.before, None
        return True
