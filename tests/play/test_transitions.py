"""``play.transitions``: each way a game changes, computed purely; and the history walk, which replays
a game's log through the very same transitions, arriving at exactly what each save stored."""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from service.play.absence import say_back
from service.play.access import Caller
from service.play.bot_seats import play_turn
from service.play.commit import NO_RIDER
from service.play.games import OpenGame, Seat, create_game
from service.play.holders import SeatState
from service.play.moves import play_due_turn, submit_move
from service.play.outbox import BotTurn
from service.play.records import history
from service.play.refusals import SeatLeft
from service.play.seat_changes import hand_to, leave, take_off
from service.play.stored_game import StoredGame, decode
from service.play.transitions import Kind, created, deleted, moved, returned
from service.rules import Action, Move, legal_moves
from service.rules.clock import PASS, ClockSettings, Due
from service.store.memory import MemoryStore

START = 1_800_000_000_000
"""Epoch ms: the transitions' ``now``."""
TURN = ClockSettings(turn_ms=60_000, bank_ms=None, increment_ms=0, on_timeout=PASS, absent_after=2)


def test_a_creation_deals_and_starts_the_first_turn_s_clock() -> None:
    made = created(["A", "B"], [None, None], 7, 10, TURN, START)
    assert made.kind is Kind.CREATED and made.stored is not None and made.state is not None
    clock = made.stored.clock
    assert clock is not None and clock.seat == made.state.current_player
    assert clock.deadline_ms == START + TURN.turn_ms  # type: ignore[operator]
    assert made.stored.event_count == len(made.events) == 1  # the first round dealt
    assert json.loads(made.events[0])["type"] == "round_dealt"


def test_a_bot_s_seat_has_no_clock_and_a_game_of_people_keeps_no_bots() -> None:
    people = created(["A", "B"], [None, None], 7, 10, None, START)
    assert people.stored is not None and people.stored.bots == () and people.stored.clock is None
    with_bot = created(["A", "B"], [None, "greedy"], 7, 10, TURN, START)
    assert with_bot.stored is not None and with_bot.stored.bots == (None, "greedy")
    assert with_bot.stored.clock is not None and not with_bot.stored.clock.seats[1].timed


def test_a_move_takes_its_seat_s_time_and_gives_the_next_turn() -> None:
    made = created(["A", "B"], [None, None], 7, 10, TURN, START)
    assert made.stored is not None and made.state is not None
    seat = made.state.current_player
    move = legal_moves(made.state, seat)[0]
    after = moved(made.stored, made.state, move, None, START + 5_000)
    assert after.kind is Kind.MOVED and after.stored is not None and after.stored.clock is not None
    assert after.stored.clock.seat == (seat + 1) % 2
    assert after.stored.clock.deadline_ms == START + 5_000 + 60_000
    assert after.stored.event_count == made.stored.event_count + len(after.events)


def test_a_timeout_opens_its_change_with_its_time_events_and_the_second_makes_the_seat_absent() -> None:
    made = created(["A", "B"], [None, None], 7, 10, TURN, START)
    assert made.stored is not None and made.state is not None
    seat = made.state.current_player
    first = moved(made.stored, made.state, Move(seat, Action.PASS), Due.TIMEOUT, START + 60_000)
    assert [json.loads(text)["type"] for text in first.events] == ["turn_timed_out", "passed"]
    assert first.stored is not None and first.state is not None
    other = first.state.current_player
    play = next(move for move in legal_moves(first.state, other) if move.action is not Action.PASS)
    between = moved(first.stored, first.state, play, None, START + 61_000)
    assert between.stored is not None and between.state is not None
    second = moved(between.stored, between.state, Move(seat, Action.PASS), Due.TIMEOUT, START + 121_000)
    opened = [json.loads(text)["type"] for text in second.events][:3]
    assert opened == ["turn_timed_out", "seat_absent", "passed"]
    assert second.stored is not None and second.stored.clock is not None
    assert second.stored.clock.seats[seat].absent and not second.stored.clock.seats[other].absent
    back = returned(second.stored, seat, START + 130_000)
    assert back is not None and back.stored is not None and back.stored.clock is not None
    assert [json.loads(text)["type"] for text in back.events] == ["seat_back"]
    assert not back.stored.clock.seats[seat].absent and back.stored.clock.seats[seat].streak == 0


def test_a_return_is_nothing_for_a_seat_that_is_not_absent() -> None:
    made = created(["A", "B"], [None, None], 7, 10, TURN, START)
    assert made.stored is not None
    assert returned(made.stored, 0, START) is None
    untimed = created(["A", "B"], [None, None], 7, 10, None, START)
    assert untimed.stored is not None and returned(untimed.stored, 0, START) is None


def test_a_deletion_leaves_no_game() -> None:
    gone = deleted()
    assert gone.kind is Kind.DELETED and gone.stored is None and gone.events == ()


def saved_versions(store: MemoryStore, game_id: str, steps: list[int], seed: int) -> dict[int, object]:
    """Play ``steps`` on the game, each through its use case: 0 a legal move a second after the last
    change, 1 the turn's timeout a second after its deadline (an absent seat's turn at once), 2
    seat 0 saying it is back, 3 a seat handed on, 4 a seat vacated, 5 a seat left (the seat by the
    step's place; one left stays left); a turn the service stands in for is the worker's, whatever
    the step. What each version stored."""
    now = START / 1000
    kept = {}
    for step in steps:
        row = store.load_game(game_id)
        assert row is not None
        game = OpenGame.of(game_id, row, Caller.admin())
        kept[game.version] = game.stored
        state, clock = game.found.state(), game.stored.clock
        assert clock is not None
        if state.outcome is not None:
            break
        now += 1
        seat = len(kept) % 2
        if step >= 3:
            try:
                if step == 3:
                    name = ("Zoe", None, "A")[(seed + len(kept)) % 3]  # "A": seat 0's own name
                    hand_to(store, game, seat, name, "p-1", None, NO_RIDER, now)
                elif step == 4:
                    take_off(store, game, seat, None, NO_RIDER, now)
                else:
                    leave(store, game, seat, None, NO_RIDER, now)
            except SeatLeft:
                pass
        elif game.stored.stand_in(state.current_player) is not None:
            turn = BotTurn(game_id, game.version, state.current_player)
            assert play_turn(store, turn, now) is not None
        elif step == 2:
            say_back(store, game, 0, NO_RIDER, now)
        elif step == 1 or clock.seats[state.current_player].absent:
            assert clock.deadline_ms is not None
            now = max(now, clock.deadline_ms / 1000) + 1
            assert play_due_turn(store, game_id, now, None)
        else:
            moves = legal_moves(state, state.current_player)
            submit_move(store, game, moves[(seed + len(kept)) % len(moves)], None, now)
    row = store.load_game(game_id)
    assert row is not None
    kept[row.version] = decode(row.snapshot)
    return kept


def as_walked(stored: StoredGame) -> tuple[StoredGame, list[tuple[SeatState, str]]]:
    """What the log keeps of a stored game: all of it, but of its seats' holders only whether each
    holds, and by what name (their tokens and the client app's references are not logged)."""
    names = [player["name"] for player in stored.snapshot["players"]]
    holders = [
        (stored.holding(seat).state, stored.holding(seat).name or name) for seat, name in enumerate(names)
    ]
    return replace(stored, seats=()), holders


@given(seed=st.integers(0, 2**31 - 1), steps=st.lists(st.integers(0, 5), min_size=1, max_size=40))
def test_the_history_walk_arrives_at_what_each_version_stored(seed: int, steps: list[int]) -> None:
    store = MemoryStore()
    created_game = create_game(store, "h" * 22, "owner", START / 1000, (Seat("A"), Seat("B")), seed, 10,
                               clock=TURN)  # fmt: skip
    kept = saved_versions(store, created_game.game_id, steps, seed)
    final = kept[max(kept)]
    log = store.read_log(created_game.game_id)
    for version, stored in kept.items():
        walked = history(final, log, created_game.game_id, until=version)  # type: ignore[arg-type]
        assert (walked.version, as_walked(walked.stored)) == (version, as_walked(stored))  # type: ignore[arg-type]
