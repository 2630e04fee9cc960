"""The changes of a consent offer, as pure code computes them (docs/OFFERS.md): an offer made,
answered, and taking effect: a takeback, an abort, an end by agreement, a pause or its end.

Like ``play.transitions``, nothing here reads a store or a clock: the use cases (``play.offers``)
decide whether an offer may be made or answered, and hand these the game and ``now``; the history
walk (``play.records``) makes them again from the log. The seats the service plays answer by rule,
in the same change as the offer's making.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from service.encoding import dumps
from service.play.consent import RESUMED, Consent, Cooldown, Offer, OfferKind, lapsed, shifted
from service.play.holders import SeatState
from service.play.stored_game import StoredGame, event_texts
from service.play.timeouts import rfc3339
from service.play.transitions import Kind, Transition
from service.rules import EndReason, GameState, Move, end_by_consent, from_snapshot, to_snapshot
from service.rules.clock import give_turn


class OfferState(StrEnum):
    """What became of an offer, as an answer tells it."""

    OPEN = "open"
    TOOK_EFFECT = "took_effect"
    DECLINED = "declined"
    LAPSED = "lapsed"


ENDS = {OfferKind.ABORT: EndReason.ABORTED, OfferKind.AGREEMENT: EndReason.AGREEMENT}


@dataclass(frozen=True, slots=True)
class Takeback:
    """The change a takeback undoes: the game's last change but offers', a seat's own move that ended
    neither its round nor the game; and the game as it was before it."""

    seat: int
    round: int
    index: int
    """The move's place in its round's moves of the record."""
    move: Move
    before: StoredGame


@dataclass(frozen=True, slots=True)
class OfferChange:
    transition: Transition
    offer: Offer
    """The offer, as the change leaves it (its acceptances)."""
    state: OfferState


def by_rule(stored: StoredGame, seat: int, kind: OfferKind) -> bool | None:
    """How the service answers for ``seat``: a bot accepts all but an end by agreement (it never
    lets a game it may be winning end); a seat nobody holds, or whose holder is away, declines
    everything (nobody consents for an absent person). None: its holder answers."""
    if stored.bot(seat) is not None:
        return kind is not OfferKind.AGREEMENT
    away = stored.clock is not None and stored.clock.seats[seat].absent
    if stored.holding(seat).state is not SeatState.HELD or away:
        return False
    return None


def offered(
    stored: StoredGame, kind: OfferKind, seat: int, offer_id: int, until_ms: int, now: int,
    takeback: Takeback | None,
) -> OfferChange:  # fmt: skip
    """``seat``'s offer of ``kind`` made at ``now`` (the version ``offer_id``), open until ``until_ms``,
    answered at once by the seats the service plays; an offer open before it, expired, lapses first.
    ``takeback``: what a takeback undoes (the use case found there is such a change)."""
    events: list[str] = []
    if stored.consent.offer is not None:
        events.append(lapsed(stored.consent.offer, now))
    offer = Offer(offer_id, kind, seat, until_ms)
    made = {"type": "offer_made", "offer_id": offer_id, "kind": kind.value, "seat": seat,
            "expires_at": rfc3339(until_ms)}  # fmt: skip
    events.append(dumps(made))
    for other in range(len(stored.snapshot["players"])):
        answer = None if other == seat else by_rule(stored, other, kind)
        if answer is None:
            continue
        events.append(_answer(offer, other, answer, by_rule=True))
        if not answer:
            return _settled(stored, replace(stored.consent, offer=None), events, offer, OfferState.DECLINED)
        offer = replace(offer, accepted=(*offer.accepted, other))
    return _agreed_or_open(stored, offer, events, now, takeback)


def answered(stored: StoredGame, seat: int, accept: bool, now: int, takeback: Takeback | None) -> OfferChange:
    """``seat``'s holder's answer at ``now`` to the open offer: a decline ends it, and its proposer may
    not offer that kind again for the game's cool-down; the last acceptance makes it take effect."""
    consent, offer = stored.consent, stored.consent.offer
    assert offer is not None  # the use case answers an open offer
    events = [_answer(offer, seat, accept, by_rule=False)]
    if not accept:
        policy = consent.policy
        cooldowns = tuple(
            left for left in consent.cooldowns if (left.seat, left.kind) != (offer.seat, offer.kind)
        )
        if policy.cooldown_moves:
            cooldowns = (*cooldowns, Cooldown(offer.seat, offer.kind, policy.cooldown_moves))
        return _settled(
            stored, replace(consent, offer=None, cooldowns=cooldowns), events, offer, OfferState.DECLINED
        )
    offer = replace(offer, accepted=(*offer.accepted, seat))
    return _agreed_or_open(stored, offer, events, now, takeback)


def waiting(stored: StoredGame, offer: Offer) -> tuple[int, ...]:
    """The seats whose answer ``offer`` still waits for."""
    seats = range(len(stored.snapshot["players"]))
    return tuple(seat for seat in seats if seat != offer.seat and seat not in offer.accepted)


def _answer(offer: Offer, seat: int, accept: bool, by_rule: bool) -> str:
    kind = "offer_accepted" if accept else "offer_declined"
    return dumps({"type": kind, "offer_id": offer.id, "seat": seat, "by_rule": by_rule})


def _agreed_or_open(
    stored: StoredGame, offer: Offer, events: list[str], now: int, takeback: Takeback | None
) -> OfferChange:
    """``offer`` kept open while a seat's answer is still to come; else taking effect now."""
    if waiting(stored, offer):
        return _settled(stored, replace(stored.consent, offer=offer), events, offer, OfferState.OPEN)
    consent = replace(stored.consent, offer=None)
    kind = offer.kind
    if kind is OfferKind.TAKEBACK:
        assert takeback is not None and takeback.seat == offer.seat  # the use case found the move
        return _taken_back(stored, consent, offer, events, takeback)
    if kind in ENDS:
        state = from_snapshot(stored.snapshot, verify=False)
        step = end_by_consent(state, ENDS[kind])
        events += event_texts(step.events)
        clock = None if stored.clock is None else give_turn(stored.clock, None, now)
        after = replace(
            stored,
            snapshot=to_snapshot(step.state),
            event_count=stored.event_count + len(events),
            clock=clock,
            consent=replace(consent, paused_until=None),
        )
        return OfferChange(
            Transition(Kind.FINISHED, after, tuple(events), step.state), offer, OfferState.TOOK_EFFECT
        )
    if kind is OfferKind.PAUSE:
        until = now + consent.policy.max_pause_ms
        clock = shifted(stored.clock, until - now)
        consent = replace(consent, paused_until=until)
        events.append(dumps({"type": "game_paused", "until": rfc3339(until)}))
    else:
        assert consent.paused_until is not None  # a resume ends a pause
        clock = shifted(stored.clock, now - consent.paused_until)
        consent = replace(consent, paused_until=None)
        events.append(RESUMED)
    after = replace(stored, event_count=stored.event_count + len(events), clock=clock, consent=consent)
    return OfferChange(Transition(Kind.MOVED, after, tuple(events)), offer, OfferState.TOOK_EFFECT)


def _taken_back(
    stored: StoredGame, consent: Consent, offer: Offer, events: list[str], takeback: Takeback
) -> OfferChange:
    """The game as it was before the move ``takeback`` undoes, clock included (the turn is the
    proposer's again, with the deadline it had: the offer's time was theirs), saved as a new version."""
    events.append(dumps({"type": "taken_back", "seat": takeback.seat, "round": takeback.round,
                         "index": takeback.index}))  # fmt: skip
    before = takeback.before
    after = replace(
        stored,
        snapshot=before.snapshot,
        event_count=stored.event_count + len(events),
        clock=before.clock,
        consent=consent,
    )
    state: GameState = from_snapshot(before.snapshot, verify=False)
    return OfferChange(Transition(Kind.MOVED, after, tuple(events), state), offer, OfferState.TOOK_EFFECT)


def _settled(
    stored: StoredGame, consent: Consent, events: list[str], offer: Offer, state: OfferState
) -> OfferChange:
    """A change of the offer alone: the game's play and clock as they were."""
    after = replace(stored, event_count=stored.event_count + len(events), consent=consent)
    return OfferChange(Transition(Kind.MOVED, after, tuple(events)), offer, state)
