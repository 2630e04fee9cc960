"""``play.seat_changes``: a seat handed on, vacated or left, as transitions and as use cases.

A seat changing hands keeps everything of the seat in the game (hand, score, bank, timeouts) and
changes only who may act for it: the last holder's token opens nothing from that version on, and
while nobody holds it the service plays it, untimed, by the game's absent-seat policy."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from service.bots.levels import choose
from service.play.access import Caller, hash_token, identify
from service.play.bot_seats import play_turn
from service.play.commit import NO_RIDER
from service.play.games import CreatedGame, OpenGame, Seat, create_game
from service.play.holders import Holding, SeatState
from service.play.moves import submit_move
from service.play.outbox import BotTurn, read_entry
from service.play.refusals import (
    BotSeat,
    Forbidden,
    GameFinished,
    SeatLeft,
    SeatNotFound,
    SeatVacated,
    Unauthorized,
    VersionMismatch,
)
from service.play.seat_changes import hand_to, leave, take_off
from service.play.stored_game import StoredGame, decode
from service.play.transitions import created, moved, taken, vacated
from service.rules import Action, GameState, Move, legal_moves
from service.rules.clock import PASS, ClockSettings, Due
from service.store import Save, SaveOutcome, Store
from service.store.memory import MemoryStore

NOW = 1_800_000_000.0
START = round(NOW * 1000)
OWNER = "owner1"
TWO = (Seat("A"), Seat("B"))
BANK = ClockSettings(turn_ms=None, bank_ms=300_000, increment_ms=5_000, on_timeout=PASS, absent_after=2)
TURN = ClockSettings(turn_ms=60_000, bank_ms=None, increment_ms=0, on_timeout=PASS, absent_after=2)


def new_game(
    store: Store, clock: ClockSettings | None = TURN, seats: tuple[Seat, ...] = TWO, game_id: str = "s" * 22
) -> CreatedGame:
    return create_game(store, game_id, OWNER, NOW, seats, 7, 10, clock=clock)


def opened(store: Store, game_id: str, token: str | None = None) -> OpenGame:
    """The game as one read finds it, for the admin or for whoever ``token`` identifies now."""
    row = store.load_game(game_id)
    assert row is not None
    game = OpenGame.of(game_id, row, Caller.admin())
    return game if token is None else replace(game, caller=identify(row.tokens, token, game.stored.seats))


def current(game: OpenGame) -> int:
    seat: int = game.snapshot["current_player"]
    return seat


def a_placing_move(state: GameState) -> Move:
    options = legal_moves(state, state.current_player)
    return next((move for move in options if move.action is not Action.PASS), options[0])


def owed(store: Store, game_id: str) -> list[BotTurn]:
    entries = [read_entry(game_id, text) for _, text in store.outbox(game_id, 100)]
    return [entry for entry in entries if isinstance(entry, BotTurn)]


def last_event_types(store: Store, game_id: str, count: int) -> list[str]:
    return [json.loads(text)["type"] for _, text in store.read_events(game_id, 0, 1000)[-count:]]


# The transitions


def played_twice(clock: ClockSettings) -> tuple[StoredGame, GameState, int]:
    """A game where the first seat moved (10 s of thought) and the second (10 s), its turn again."""
    made = created(["A", "B"], [None, None], 7, 10, clock, START)
    assert made.stored is not None and made.state is not None
    stored, state = made.stored, made.state
    seat = state.current_player
    for at in (START + 10_000, START + 20_000):
        step = moved(stored, state, a_placing_move(state), None, at)
        assert step.stored is not None and step.state is not None
        stored, state = step.stored, step.state
    assert state.current_player == seat
    return stored, state, seat


def test_a_hand_over_keeps_the_seat_s_hand_score_and_bank_and_restarts_its_turn_with_it() -> None:
    stored, _, seat = played_twice(BANK)
    assert stored.clock is not None
    bank = stored.clock.seats[seat].bank_ms
    assert bank == 300_000 - 10_000 + 5_000  # its first move's thought taken, the increment added
    at = START + 50_000  # 30 s into its turn: the new holder's turn starts now, with the whole bank
    step = taken(stored, seat, Holding(SeatState.HELD, "p-2", "d" * 64, "Zoe"), at)
    after = step.stored
    assert after is not None and after.clock is not None
    assert after.snapshot == stored.snapshot  # hands, scores, rows: the game's own state is untouched
    assert after.clock.seats[seat].bank_ms == bank
    assert (after.clock.seat, after.clock.started_ms, after.clock.deadline_ms) == (seat, at, at + bank)
    assert after.holding(seat) == Holding(SeatState.HELD, "p-2", "d" * 64, "Zoe")
    assert after.holding(1 - seat) == Holding()
    assert [json.loads(text) for text in step.events] == [{"type": "seat_taken", "seat": seat, "name": "Zoe"}]
    assert after.event_count == stored.event_count + 1


def test_a_hand_over_keeps_the_seat_s_timeouts_but_not_its_streak_nor_its_absence() -> None:
    made = created(["A", "B"], [None, None], 7, 10, TURN, START)
    assert made.stored is not None and made.state is not None
    seat = made.state.current_player
    out = moved(made.stored, made.state, Move(seat, Action.PASS), Due.TIMEOUT, START + 60_000)
    assert out.stored is not None and out.stored.clock is not None
    assert out.stored.clock.seats[seat].streak == 1
    step = taken(out.stored, seat, Holding(SeatState.HELD, token="d" * 64), START + 70_000)
    assert step.stored is not None and step.stored.clock is not None
    held = step.stored.clock.seats[seat]
    assert (held.timed, held.timeouts, held.streak, held.absent) == (True, 1, 0, False)
    other = step.stored.clock  # not its turn: the other seat's turn runs on untouched
    assert (other.seat, other.deadline_ms) == (out.stored.clock.seat, out.stored.clock.deadline_ms)
    name = json.loads(step.events[0])["name"]
    assert name == "AB"[seat]  # no name given: the seat's own


def test_a_vacated_seat_s_turn_is_untimed_and_taking_it_gives_the_turn_back_timed() -> None:
    stored, _, seat = played_twice(TURN)
    step = vacated(stored, seat, START + 30_000)
    assert step.stored is not None and step.stored.clock is not None
    clock = step.stored.clock
    assert (clock.seat, clock.deadline_ms) == (None, None)  # the service stands in: no deadline
    assert not clock.seats[seat].timed
    assert step.stored.holding(seat).state is SeatState.VACATED
    assert step.stored.stand_in(seat) == PASS
    back = taken(step.stored, seat, Holding(SeatState.HELD, token="d" * 64), START + 40_000)
    assert back.stored is not None and back.stored.clock is not None
    clock = back.stored.clock
    assert clock.seats[seat].timed
    assert (clock.seat, clock.deadline_ms) == (seat, START + 40_000 + 60_000)
    assert back.stored.stand_in(seat) is None


@pytest.mark.parametrize(("clock", "stand_in"), [(None, PASS), (TURN, PASS),
                                                 (replace(TURN, on_timeout="random"), "random")])  # fmt: skip
def test_the_stand_in_is_the_clock_s_policy_or_a_pass(clock: ClockSettings | None, stand_in: str) -> None:
    made = created(["A", "B"], [None, None], 7, 10, clock, START)
    assert made.stored is not None
    assert made.stored.stand_in(0) is None  # held: a person plays it
    gone = vacated(made.stored, 0, START).stored
    assert gone is not None and gone.stand_in(0) == stand_in and gone.stand_in(1) is None


# The use cases: tokens


def test_after_a_hand_over_the_old_token_opens_nothing_and_the_new_one_opens_the_seat(store: Store) -> None:
    made = new_game(store)
    old = made.tokens.players[0]
    assert old is not None
    handed = hand_to(store, opened(store, made.game_id), 0, "Zoe", "app:p-1", None, NO_RIDER, NOW + 1)
    assert handed.game.version == 2 and handed.token != old
    row = store.load_game(made.game_id)
    assert row is not None
    seats = decode(row.snapshot).seats
    with pytest.raises(Unauthorized):
        identify(row.tokens, old, seats)
    assert identify(row.tokens, handed.token, seats) == Caller.player(0, hash_token(handed.token))
    other = made.tokens.players[1]
    assert other is not None and identify(row.tokens, other, seats).seat == 1  # the other seat's as it was
    assert identify(row.tokens, made.tokens.spectator, seats).role.value == "spectator"
    assert seats[0].player == "app:p-1" and seats[0].name == "Zoe"
    again = hand_to(store, opened(store, made.game_id), 0, None, None, None, NO_RIDER, NOW + 2)
    row = store.load_game(made.game_id)
    assert row is not None
    with pytest.raises(Unauthorized):  # a holder's token replaced in turn
        identify(row.tokens, handed.token, decode(row.snapshot).seats)
    assert identify(row.tokens, again.token, decode(row.snapshot).seats).seat == 0


def test_only_the_admin_hands_or_vacates_a_seat_and_only_its_holder_or_the_admin_leaves_it() -> None:
    store = MemoryStore()
    made = new_game(store)
    tokens = made.tokens.players
    assert tokens[0] is not None and tokens[1] is not None
    holder = opened(store, made.game_id, tokens[0])
    with pytest.raises(Forbidden):
        hand_to(store, holder, 0, None, None, None, NO_RIDER, NOW)
    with pytest.raises(Forbidden):
        take_off(store, holder, 0, None, NO_RIDER, NOW)
    with pytest.raises(Forbidden):
        leave(store, opened(store, made.game_id, tokens[1]), 0, None, NO_RIDER, NOW)
    assert opened(store, made.game_id).version == 1
    gone = leave(store, holder, 0, None, NO_RIDER, NOW)
    assert gone.caller == Caller.spectator(left=0)  # the holder reads on, as a spectator
    row = store.load_game(made.game_id)
    assert row is not None
    assert identify(row.tokens, tokens[0], decode(row.snapshot).seats) == Caller.spectator(left=0)


# The use cases: the service standing in


@pytest.mark.parametrize("clock", [None, TURN])
def test_a_vacated_seat_whose_turn_it_is_is_owed_the_worker_who_passes_for_it(
    store: Store, clock: ClockSettings | None
) -> None:
    made = new_game(store, clock)
    game = opened(store, made.game_id)
    seat = current(game)
    after = take_off(store, game, seat, None, NO_RIDER, NOW + 1)
    assert after.version == 2 and after.stored.holding(seat).state is SeatState.VACATED
    assert owed(store, made.game_id)[-1] == BotTurn(made.game_id, 2, seat)
    if clock is not None:
        assert after.stored.clock is not None and after.stored.clock.seat is None  # untimed meanwhile
    again = take_off(store, after, seat, None, NO_RIDER, NOW + 2)  # already vacated: nothing saved
    assert again.version == 2 and opened(store, made.game_id).version == 2
    played = play_turn(store, BotTurn(made.game_id, 2, seat), NOW + 3)
    assert played is not None and played.version == 3
    assert last_event_types(store, made.game_id, 1) == ["passed"]
    now = opened(store, made.game_id)
    assert current(now) != seat
    if clock is not None:
        assert now.stored.clock is not None and now.stored.clock.seats[seat].timeouts == 0  # no timeout


def test_the_stand_in_plays_the_clock_s_on_timeout_level() -> None:
    store = MemoryStore()
    made = new_game(store, replace(TURN, on_timeout="greedy"))
    game = opened(store, made.game_id)
    seat = current(game)
    take_off(store, game, seat, None, NO_RIDER, NOW + 1)
    asked: list[str] = []

    def think(level: str, view: object, seed: int) -> Move:
        asked.append(level)
        return choose(level, view, seed)  # type: ignore[arg-type]

    assert play_turn(store, BotTurn(made.game_id, 2, seat), NOW + 2, think) is not None
    assert asked == ["greedy"]


def test_the_vacated_seat_s_turn_comes_later_and_is_owed_the_worker_then() -> None:
    store = MemoryStore()
    made = new_game(store)
    game = opened(store, made.game_id)
    other = 1 - current(game)
    after = take_off(store, game, other, None, NO_RIDER, NOW + 1)
    assert owed(store, made.game_id) == []  # not its turn: nothing for the worker yet
    moved_on = submit_move(store, after, a_placing_move(after.found.state()), None, NOW + 2)
    assert owed(store, made.game_id) == [BotTurn(made.game_id, moved_on.version, other)]
    stored = opened(store, made.game_id).stored
    assert stored.clock is not None and stored.clock.seat is None


def test_a_move_sent_for_a_vacated_or_left_seat_is_refused(store: Store) -> None:
    made = new_game(store)
    game = opened(store, made.game_id)
    seat = current(game)
    move = a_placing_move(game.found.state())
    vacant = take_off(store, game, seat, None, NO_RIDER, NOW + 1)
    with pytest.raises(SeatVacated):
        vacant.authorize_move(move)
    with pytest.raises(SeatVacated):  # the admin's too, and inside the save as well
        submit_move(store, vacant, move, None, NOW + 2)
    gone = leave(store, vacant, seat, None, NO_RIDER, NOW + 3)
    with pytest.raises(SeatLeft):
        gone.authorize_move(move)
    assert opened(store, made.game_id).version == 3


def test_taking_a_vacated_seat_gives_its_turn_back_timed_and_its_token_back() -> None:
    store = MemoryStore()
    made = new_game(store)
    game = opened(store, made.game_id)
    seat = current(game)
    vacant = take_off(store, game, seat, None, NO_RIDER, NOW + 1)
    handed = hand_to(store, vacant, seat, "Zoe", None, None, NO_RIDER, NOW + 5)
    clock = handed.game.stored.clock
    assert clock is not None and clock.seat == seat and clock.deadline_ms == round((NOW + 5) * 1000) + 60_000
    assert play_turn(store, BotTurn(made.game_id, 2, seat), NOW + 6) is None  # the worker's turn is stale
    holder = opened(store, made.game_id, handed.token)
    saved = submit_move(store, holder, a_placing_move(holder.found.state()), None, NOW + 7)
    assert saved.version == 4


# The use cases: refusals


def test_a_seat_left_cannot_be_left_again_handed_or_vacated() -> None:
    store = MemoryStore()
    made = new_game(store)
    game = leave(store, opened(store, made.game_id), 1, None, NO_RIDER, NOW + 1)
    assert game.stored.holding(1).state is SeatState.LEFT
    for change in (
        lambda: leave(store, opened(store, made.game_id), 1, None, NO_RIDER, NOW + 2),
        lambda: hand_to(store, opened(store, made.game_id), 1, None, None, None, NO_RIDER, NOW + 2),
        lambda: take_off(store, opened(store, made.game_id), 1, None, NO_RIDER, NOW + 2),
    ):
        with pytest.raises(SeatLeft):
            change()
    assert opened(store, made.game_id).version == 2


def played_out(store: Store, game_id: str) -> OpenGame:
    """The game played to its end by the admin, placing tiles when it can, and by the worker for the
    seats the service plays."""
    for second in range(2_000):
        game = opened(store, game_id)
        state = game.found.state()
        if state.outcome is not None:
            return game
        if game.stored.stand_in(state.current_player) is not None:
            play_turn(store, BotTurn(game_id, game.version, state.current_player), NOW + second)
        else:
            submit_move(store, game, a_placing_move(state), None, NOW + second)
    raise AssertionError("the game did not finish")


def test_no_seat_of_a_finished_game_changes_hands() -> None:
    store = MemoryStore()
    made = new_game(store, clock=None)
    game = played_out(store, made.game_id)
    for change in (
        lambda: hand_to(store, game, 0, None, None, None, NO_RIDER, NOW),
        lambda: take_off(store, game, 0, None, NO_RIDER, NOW),
        lambda: leave(store, game, 0, None, NO_RIDER, NOW),
    ):
        with pytest.raises(GameFinished):
            change()
    assert opened(store, made.game_id).version == game.version


def test_a_bot_s_seat_never_changes_hands() -> None:
    store = MemoryStore()
    made = new_game(store, seats=(Seat("A"), Seat("Bot", "random")))
    game = opened(store, made.game_id)
    for change in (
        lambda: hand_to(store, game, 1, None, None, None, NO_RIDER, NOW),
        lambda: take_off(store, game, 1, None, NO_RIDER, NOW),
        lambda: leave(store, game, 1, None, NO_RIDER, NOW),
    ):
        with pytest.raises(BotSeat):
            change()
    with pytest.raises(SeatNotFound):
        take_off(store, game, 2, None, NO_RIDER, NOW)
    assert opened(store, made.game_id).version == 1


def test_if_match_on_another_version_saves_nothing(store: Store) -> None:
    made = new_game(store)
    game = opened(store, made.game_id)
    events = len(store.read_events(made.game_id, 0, 1000))
    for change in (
        lambda: hand_to(store, game, 0, None, None, 7, NO_RIDER, NOW),
        lambda: take_off(store, game, 0, 7, NO_RIDER, NOW),
        lambda: leave(store, game, 0, 7, NO_RIDER, NOW),
    ):
        with pytest.raises(VersionMismatch):
            change()
    assert opened(store, made.game_id).version == 1
    assert len(store.read_events(made.game_id, 0, 1000)) == events
    assert hand_to(store, game, 0, None, None, 1, NO_RIDER, NOW).game.version == 2  # the right one: saved


# Races


class HandedFirst:
    """A store on which, before the first save of a change, the admin hands ``seat`` to someone else:
    that change then loses its race to the hand-over, and is decided again."""

    def __init__(self, inner: Store, game_id: str, seat: int) -> None:
        self.inner, self.game_id, self.seat = inner, game_id, seat
        self.pending = True

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)

    def save(self, change: Save) -> SaveOutcome:
        if self.pending:
            self.pending = False
            hand_to(self.inner, opened(self.inner, self.game_id), self.seat, "Zoe", None, None, NO_RIDER, NOW)
        return self.inner.save(change)


def test_a_move_decided_before_a_hand_over_saved_first_is_refused_and_only_the_hand_over_saved(
    store: Store,
) -> None:
    made = new_game(store)
    seat = current(opened(store, made.game_id))
    token = made.tokens.players[seat]
    assert token is not None
    holder = opened(store, made.game_id, token)  # the old holder's copy, from before the hand-over
    racing = HandedFirst(store, made.game_id, seat)
    with pytest.raises(Unauthorized):
        submit_move(racing, holder, a_placing_move(holder.found.state()), None, NOW + 1)  # type: ignore[arg-type]
    after = opened(store, made.game_id)
    assert after.version == 2 and last_event_types(store, made.game_id, 1) == ["seat_taken"]
    assert after.snapshot == made.stored.snapshot  # no move saved


def test_a_leave_decided_before_a_hand_over_saved_first_is_refused(store: Store) -> None:
    made = new_game(store)
    token = made.tokens.players[0]
    assert token is not None
    holder = opened(store, made.game_id, token)
    with pytest.raises(Unauthorized):
        leave(HandedFirst(store, made.game_id, 0), holder, 0, None, NO_RIDER, NOW + 1)  # type: ignore[arg-type]
    after = opened(store, made.game_id)
    assert after.version == 2 and after.stored.holding(0).state is SeatState.HELD
