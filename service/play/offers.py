"""Consent offers (docs/OFFERS.md): a seat's offer of a takeback, an abort, an end by agreement, a
pause or a resume, made (``POST /v1/games/{id}/offers``) and answered by the other seats
(``POST .../offers/{offer_id}/accept``, ``.../decline``).

Each is a change like a move, decided against the game as each save finds it (``play.commit``):
the offer's checks (one open at a time, the game's policy and cool-downs, what a takeback or an
abort may undo) and its transition (``play.offer_changes``). Any other change of the game lapses the
open offer in its own save, so an acceptance racing a move saves exactly one of them.

What a takeback undoes is found by walking the game's log (``play.records``): the game's last change
but offers' must be the proposer's own move, and must not have ended a round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from service.play.commit import Rider, commit
from service.play.consent import Offer, OfferKind
from service.play.games import OpenGame
from service.play.holders import SeatState
from service.play.offer_changes import OfferChange, OfferState, Takeback, answered, offered
from service.play.outbox import Told, nobody
from service.play.projection import offer_view
from service.play.records import History, history
from service.play.refusals import (
    AbortTooLate,
    InvalidField,
    OfferAfterEnd,
    OfferCooldown,
    OfferLapsed,
    OfferNeedsSeat,
    OfferNotAllowed,
    OfferOpen,
    OwnOffer,
    TakebackRefused,
)
from service.play.stored_game import StoredGame
from service.play.transitions import Found, Transition
from service.rules import Message, Status
from service.store import Store

ENDING = (OfferKind.ABORT, OfferKind.AGREEMENT)


@dataclass(frozen=True, slots=True)
class Answered:
    game: OpenGame
    """The game as the change left it, for its caller."""
    offer: dict[str, Any]
    """The offer as the change left it (``projection.offer_view``), with what became of it."""


def make_offer(
    store: Store, game: OpenGame, kind: OfferKind, seat: int | None, seconds: int, rider: Rider, now: float,
    told: Told = nobody,
) -> Answered:  # fmt: skip
    """``kind`` offered by ``seat`` (a seat's token: its own; the admin names it), open ``seconds``
    from ``now``; answered at once by the seats the service plays."""
    now_ms = round(now * 1000)
    walks = _Walks(store, game.game_id)
    made: list[OfferChange] = []

    def decide(found: Found) -> Transition:
        stored = found.stored
        assert stored is not None  # the game is there
        if stored.snapshot["status"] == Status.FINISHED:
            raise OfferAfterEnd()
        proposer = _acting_seat(game, seat, stored)
        consent = stored.consent
        if consent.offer is not None and consent.offer.open_at(now_ms):
            raise OfferOpen(consent.offer.id)
        _check_allowed(stored, kind, now_ms)
        cooling = consent.cooling(proposer, kind)
        if cooling:
            raise OfferCooldown(proposer, kind.value, cooling)
        takeback = None
        if kind is OfferKind.TAKEBACK:
            takeback = _takeback(walks.of(found), proposer)
        elif kind is OfferKind.ABORT and len(walks.of(found).moved) == len(stored.snapshot["players"]):
            raise AbortTooLate()
        change = offered(stored, kind, proposer, found.version + 1, now_ms + seconds * 1000, now_ms, takeback)
        made.append(change)
        return change.transition

    committed = commit(store, game.found, decide, now, rider, told)
    assert committed is not None  # an offer always changes the game
    return _answered(game, committed.found, made[-1])


def answer_offer(
    store: Store, game: OpenGame, offer_id: int, seat: int | None, accept: bool, rider: Rider, now: float,
    told: Told = nobody,
) -> Answered:  # fmt: skip
    """``seat``'s answer to the open offer ``offer_id``: accepted (the last acceptance makes it take
    effect) or declined. Accepting twice changes nothing."""
    now_ms = round(now * 1000)
    walks = _Walks(store, game.game_id)
    changes: list[OfferChange] = []
    seen: list[tuple[StoredGame, Offer]] = []

    def decide(found: Found) -> Transition | None:
        stored = found.stored
        assert stored is not None  # the game is there
        offer = stored.consent.offer
        finished = stored.snapshot["status"] == Status.FINISHED
        if offer is None or offer.id != offer_id or not offer.open_at(now_ms) or finished:
            raise OfferLapsed(offer_id)
        answering = _acting_seat(game, seat, stored)
        if answering == offer.seat:
            raise OwnOffer(answering)
        if accept and answering in offer.accepted:
            seen.append((stored, offer))
            return None  # accepted already: nothing changes
        takeback = None
        if accept and offer.kind is OfferKind.TAKEBACK:
            takeback = _takeback(walks.of(found), offer.seat)
        change = answered(stored, answering, accept, now_ms, takeback)
        changes.append(change)
        return change.transition

    committed = commit(store, game.found, decide, now, rider, told)
    if committed is None:
        stored, offer = seen[-1]
        return Answered(game, offer_view(stored, offer, OfferState.OPEN))
    return _answered(game, committed.found, changes[-1])


def _answered(game: OpenGame, found: Found, change: OfferChange) -> Answered:
    after = game.after(found)
    return Answered(after, offer_view(after.stored, change.offer, change.state))


def _acting_seat(game: OpenGame, seat: int | None, stored: StoredGame) -> int:
    """The seat the caller acts for: a seat's token its own (naming another is refused); the admin
    the seat it names, which a person must hold."""
    caller = game.caller
    seats = len(stored.snapshot["players"])
    if caller.is_admin:
        if seat is None:
            raise InvalidField("seat", Message("the game's admin names the seat it acts for"))
        if not 0 <= seat < seats:
            raise InvalidField("seat", Message("this game has seats 0 to {last}", last=seats - 1))
        if stored.bot(seat) is not None or stored.holding(seat).state is not SeatState.HELD:
            raise OfferNeedsSeat(
                Message("seat {seat} is played by the service: it answers by rule", seat=seat)
            )
        return seat
    if caller.seat is None or caller.is_service:
        raise OfferNeedsSeat()
    caller.check_holds(stored.seats)  # a token taken from its seat, or left: refused
    if seat is not None and seat != caller.seat:
        raise OfferNeedsSeat()
    return caller.seat


def _check_allowed(stored: StoredGame, kind: OfferKind, now: int) -> None:
    """``kind`` is one the game's policy allows, and one that has sense now: a pause stops a running
    turn's clock; a resume ends a pause; while paused only a resume or an end is offered."""
    consent = stored.consent
    if not consent.policy.allows(kind):
        raise OfferNotAllowed(Message("this game does not allow offers of {kind}", kind=kind.value))
    paused = consent.paused_at(now)
    if kind is OfferKind.RESUME and not paused:
        raise OfferNotAllowed(Message("the game is not paused: there is nothing to resume"))
    if paused and kind is not OfferKind.RESUME and kind not in ENDING:
        raise OfferNotAllowed(
            Message("the game is paused: only a resume, an abort or an agreement is offered")
        )
    if kind is OfferKind.PAUSE:
        clock = stored.clock
        if clock is None:
            raise OfferNotAllowed(Message("a game without a clock has no clock to pause"))
        if clock.deadline_ms is None:
            raise OfferNotAllowed(Message("a pause stops a person's running turn: no turn is timed now"))


def _takeback(walked: History, proposer: int) -> Takeback:
    """What ``proposer``'s takeback undoes: the game's last change but offers', its own move, which
    ended neither a round nor the game."""
    takeback = walked.takeback
    if takeback is None:
        raise TakebackRefused(
            Message(
                "there is no move to take back: the game's last change is not a seat's own move, or that "
                "move ended a round, and no takeback crosses the deal that followed"
            )
        )
    if takeback.seat != proposer:
        raise TakebackRefused(
            Message(
                "seat {seat} moved last: a seat takes back only its own move, before anyone else acts",
                seat=takeback.seat,
            )
        )
    return takeback


class _Walks:
    """The game's history at a version, walked from its log once per version a decision meets."""

    def __init__(self, store: Store, game_id: str) -> None:
        self._store, self._game_id = store, game_id
        self._walked: dict[int, History] = {}

    def of(self, found: Found) -> History:
        assert found.stored is not None
        if found.version not in self._walked:
            log = self._store.read_log(self._game_id)
            self._walked[found.version] = history(found.stored, log, self._game_id, until=found.version)
        return self._walked[found.version]
