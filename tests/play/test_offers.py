"""``play.offers`` and ``play.offer_changes`` on every kind of store: a move racing an offer's last
acceptance saves exactly one outcome; a takeback restores the stored game before the move, clock
included; a pause moves the running turn's clock and a resume gives it back what it had left."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.play.commit import NO_RIDER
from service.play.consent import Consent, OfferKind, after_change
from service.play.moves import submit_move
from service.play.offer_changes import answered, offered
from service.play.offers import answer_offer, make_offer
from service.play.records import history
from service.play.refusals import OfferLapsed
from service.play.stored_game import StoredGame
from service.play.transitions import created
from service.rules import IllegalMove
from service.store import Save, SaveOutcome, Store
from service.store.memory import MemoryStore
from tests.play.test_seat_changes import (
    NOW,
    TURN,
    a_placing_move,
    current,
    last_event_types,
    new_game,
    opened,
)

HOUR = 3600


class SavedFirst:
    """A store on which, before the first save of a change, ``first`` is saved: that change then loses
    its race, and is decided again against the game as ``first`` left it."""

    def __init__(self, inner: Store, first: object) -> None:
        self.inner, self.first, self.pending = inner, first, True

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)

    def save(self, change: Save) -> SaveOutcome:
        if self.pending:
            self.pending = False
            self.first()  # type: ignore[operator]
        return self.inner.save(change)


def moved_and_offered(store: Store) -> tuple[str, int, list[str | None], int]:
    """A game whose current seat moved and offered its takeback: the id, the mover, the tokens, the
    offer's id."""
    made = new_game(store)
    tokens = list(made.tokens.players)
    mover = current(opened(store, made.game_id))
    game = opened(store, made.game_id, tokens[mover])
    submit_move(store, game, a_placing_move(game.found.state()), None, NOW + 1)
    offered = make_offer(
        store, opened(store, made.game_id, tokens[mover]), OfferKind.TAKEBACK, None, HOUR, NO_RIDER, NOW + 2
    )
    assert offered.offer["state"] == "open"
    return made.game_id, mover, tokens, offered.offer["id"]


def test_a_move_saved_before_the_last_acceptance_lapses_the_offer_and_only_the_move_is_saved(
    store: Store,
) -> None:
    game_id, mover, tokens, offer_id = moved_and_offered(store)
    other = 1 - mover
    answering = opened(store, game_id, tokens[other])  # the answer's copy, from before the move
    mover_game = opened(store, game_id, tokens[other])

    def move() -> None:
        submit_move(store, mover_game, a_placing_move(mover_game.found.state()), None, NOW + 3)

    with pytest.raises(OfferLapsed):
        answer_offer(SavedFirst(store, move), answering, offer_id, None, True, NO_RIDER, NOW + 3)  # type: ignore[arg-type]
    after = opened(store, game_id)
    assert after.version == 4 and after.stored.consent.offer is None
    assert last_event_types(store, game_id, 1) == ["offer_lapsed"]  # the move's own change lapsed it


def test_an_acceptance_saved_before_a_move_makes_the_move_decided_again_and_refused(store: Store) -> None:
    game_id, mover, tokens, offer_id = moved_and_offered(store)
    other = 1 - mover
    racing = opened(store, game_id, tokens[other])  # the move's copy, from before the takeback

    def accept() -> None:
        answer_offer(store, opened(store, game_id, tokens[other]), offer_id, None, True, NO_RIDER, NOW + 3)

    with pytest.raises(IllegalMove):  # the turn is the proposer's again: not the other seat's
        submit_move(SavedFirst(store, accept), racing, a_placing_move(racing.found.state()), None, NOW + 3)  # type: ignore[arg-type]
    after = opened(store, game_id)
    assert after.version == 4 and last_event_types(store, game_id, 1) == ["taken_back"]
    assert current(after) == mover


def test_a_takeback_saves_the_stored_game_as_it_was_before_the_move_clock_included(store: Store) -> None:
    game_id, mover, tokens, offer_id = moved_and_offered(store)
    before_move = history(opened(store, game_id).stored, store.read_log(game_id), game_id, until=1).stored
    answer_offer(store, opened(store, game_id, tokens[1 - mover]), offer_id, None, True, NO_RIDER, NOW + 30)
    after = opened(store, game_id).stored
    assert after.snapshot == before_move.snapshot
    assert after.clock == before_move.clock  # the turn's deadline as it was: the offer's time was the mover's
    assert after.consent.offer is None and after.seats == before_move.seats


def test_a_pause_pushes_the_running_turn_on_and_its_end_gives_back_exactly_what_was_left() -> None:
    start = round(NOW * 1000)
    made = created(["A", "B"], [None, None], 7, 10, TURN, start)
    assert made.stored is not None
    stored: StoredGame = made.stored
    clock = stored.clock
    assert clock is not None and clock.deadline_ms == start + 60_000
    paused = offered(
        stored, OfferKind.PAUSE, 0, 2, start + HOUR * 1000, start + 20_000, None
    )  # seat 1 to answer
    assert paused.transition.stored is not None
    open_offer = paused.transition.stored
    took = answered(open_offer, 1, True, start + 21_000, None).transition.stored
    assert took is not None and took.clock is not None
    until = took.consent.paused_until
    assert until == start + 21_000 + 7 * 24 * HOUR * 1000
    assert took.clock.remaining_ms(until) == 39_000  # what the turn had left when it was paused
    assert took.clock.due(until - 1) is None
    consent, resumed, events = after_change(took.consent, took.clock, False, start + 100_000)
    assert resumed is not None and resumed.remaining_ms(start + 100_000) == 39_000 and events
    assert consent == replace(Consent(), cooldowns=())


def test_a_pause_past_its_end_is_forgotten_by_the_next_change_without_an_event() -> None:
    consent = Consent(paused_until=1_000)
    kept, clock, events = after_change(consent, None, True, 2_000)
    assert kept.paused_until is None and clock is None and events == ()


def test_a_change_leaves_consent_and_clock_as_they_were_when_there_is_nothing_of_offers() -> None:
    stored = new_game(MemoryStore()).stored
    consent, clock, events = after_change(stored.consent, stored.clock, True, round(NOW * 1000))
    assert consent is stored.consent and clock is stored.clock and events == ()
