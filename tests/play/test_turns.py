"""``play.turns``: whose turn each game is, by the owner's player references.

Every change saves the game's move in its owner's index with itself (one script on one Redis
server; steps in memory and on a cluster), so a listing of a player's turns follows the game move
by move, seat change by seat change, to its end or its deletion; and a change that starts a turn
for a named person tells the owner's webhooks ``turn.started``."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from service.play.commit import NO_RIDER
from service.play.deliveries import change_body
from service.play.games import Seat, create_game, delete_game
from service.play.holders import Holding, Invitation
from service.play.moves import submit_move
from service.play.outbox import TURN_STARTED, Change, read_entry
from service.play.seat_changes import hand_to, leave, take_off
from service.play.stored_game import StoredGame
from service.play.timeouts import rfc3339
from service.play.transitions import created, invited, moved, returned, taken, vacated
from service.play.turns import GONE_AFTER_MS, Turn, list_turns, turn_change, turn_of
from service.rules.clock import ClockSettings
from service.store import Store, Turns
from service.store.memory import MemoryStore
from tests.play.test_seat_changes import NOW, OWNER, START, TURN, a_placing_move, opened

NAMED = (Seat("A", player="ann"), Seat("B", player="bob"))
NOW_MS = round(NOW * 1000)


def game_of(
    clock: ClockSettings | None = TURN, players: tuple[str | None, ...] = ("ann", "bob")
) -> StoredGame:
    made = created(["A", "B"], [None, None], 7, 10, clock, START, players=players)
    assert made.stored is not None
    return made.stored


def named_game(store: Store, game_id: str, clock: ClockSettings | None = TURN, at: float = NOW) -> str:
    create_game(store, game_id, OWNER, at, NAMED, 7, 10, clock=clock)
    return game_id


def waiting_on(store: Store, player: str, owner: str = OWNER, limit: int = 20) -> list[str]:
    return [turn["game_id"] for turn in list_turns(store, owner, player, None, limit, NOW_MS).turns]


def indexed(store: Store, player: str) -> list[str]:
    """The index's own entries for ``player`` (the listing passes over stale ones: this shows them)."""
    return [entry.game_id for entry in store.player_turns(OWNER, player, None, 100)]


def players_of(stored: StoredGame) -> tuple[str, str]:
    """(whose turn it is, the other), by reference."""
    first = stored.snapshot["current_player"]
    names = ("ann", "bob")
    return names[first], names[1 - first]


# What a change does to the index


def test_a_creation_enters_the_first_seat_s_player_scored_by_its_deadline_and_starts_its_turn() -> None:
    stored = game_of()
    turns, started = turn_change(None, stored, True, START)
    seat = stored.snapshot["current_player"]
    assert stored.clock is not None and stored.clock.deadline_ms == START + 60_000
    assert turns == Turns(None, players_of(stored)[0], START + 60_000)
    assert started == Turn(seat, players_of(stored)[0], START + 60_000)


def test_a_move_moves_the_game_from_one_player_s_turns_to_the_other_s_and_starts_a_turn() -> None:
    stored = game_of(clock=None)
    state = created(["A", "B"], [None, None], 7, 10, None, START).state
    assert state is not None
    after = moved(stored, state, a_placing_move(state), None, START + 5_000).stored
    first, second = players_of(stored)
    turns, started = turn_change(stored, after, True, START + 5_000)
    assert turns == Turns(first, second, START + 5_000)  # untimed: scored by when the turn started
    assert started is not None and started.player == second and started.deadline_ms is None


def test_a_game_nobody_named_and_a_change_that_leaves_the_turn_as_it_was_move_nothing() -> None:
    unnamed = game_of(players=(None, None))
    assert turn_change(None, unnamed, True, START) == (None, None)
    stored = game_of()
    seat = stored.snapshot["current_player"]
    noted = invited(stored, seat, Invitation("d" * 64, START + 1000)).stored
    assert turn_change(stored, noted, False, START + 10) == (None, None)


def test_vacating_the_seat_in_turn_takes_the_game_out_and_handing_it_on_enters_the_new_holder() -> None:
    stored = game_of()
    seat = stored.snapshot["current_player"]
    holder, _ = players_of(stored)
    empty = vacated(stored, seat, START + 10).stored
    assert turn_of(empty) is None
    assert turn_change(stored, empty, False, START + 10) == (Turns(holder, None, 0), None)
    handed = taken(stored, seat, Holding(player="zoe", token="t" * 64), START + 20).stored
    assert handed is not None and handed.clock is not None
    turns, started = turn_change(stored, handed, False, START + 20)
    assert turns == Turns(holder, "zoe", handed.clock.deadline_ms or 0)
    assert started == Turn(seat, "zoe", handed.clock.deadline_ms)


def test_the_same_turn_given_a_new_deadline_is_scored_again_without_starting() -> None:
    clock = ClockSettings(turn_ms=60_000, bank_ms=None, increment_ms=0, on_timeout="pass", absent_after=1)
    stored = game_of(clock)
    assert stored.clock is not None
    seat = stored.snapshot["current_player"]
    seats = tuple(
        replace(time, timeouts=1, streak=1, absent=True) if index == seat else time
        for index, time in enumerate(stored.clock.seats)
    )
    absent = replace(stored, clock=replace(stored.clock, seats=seats))
    back = returned(absent, seat, START + 30_000)
    assert back is not None and back.stored is not None and back.stored.clock is not None
    turns, started = turn_change(absent, back.stored, False, START + 30_000)
    assert turns == Turns(None, players_of(stored)[0], START + 90_000) and started is None


# The index, on every store


def test_the_listing_follows_the_game_move_by_move_to_its_end(store: Store) -> None:
    game_id = named_game(store, "t" * 22, clock=None)
    game = opened(store, game_id)
    first, second = players_of(game.stored)
    assert waiting_on(store, first) == [game_id] and waiting_on(store, second) == []
    listed = list_turns(store, OWNER, first, None, 20, NOW_MS).turns[0]
    assert listed == {
        "game_id": game_id,
        "seat": game.snapshot["current_player"],
        "version": 1,
        "round": 1,
        "since": rfc3339(NOW_MS),
        "deadline": None,
    }
    submit_move(store, game, a_placing_move(game.found.state()), None, NOW + 1)
    assert waiting_on(store, first) == [] and waiting_on(store, second) == [game_id]
    assert indexed(store, first) == [] and indexed(store, second) == [game_id]
    for second_ in range(2, 2_000):
        game = opened(store, game_id)
        state = game.found.state()
        if state.outcome is not None:
            break
        submit_move(store, game, a_placing_move(state), None, NOW + second_)
    assert indexed(store, first) == [] and indexed(store, second) == []


def test_vacating_handing_on_and_leaving_move_the_game_between_players(store: Store) -> None:
    game_id = named_game(store, "u" * 22)
    game = opened(store, game_id)
    seat = game.snapshot["current_player"]
    holder, _ = players_of(game.stored)
    take_off(store, game, seat, None, NO_RIDER, NOW + 1)
    assert indexed(store, holder) == []
    hand_to(store, opened(store, game_id), seat, "Zoe", "zoe", None, NO_RIDER, NOW + 2)
    assert waiting_on(store, "zoe") == [game_id] and indexed(store, holder) == []
    leave(store, opened(store, game_id), seat, None, NO_RIDER, NOW + 3)
    assert indexed(store, "zoe") == [] and indexed(store, holder) == []


def test_a_deleted_game_leaves_its_player_s_turns(store: Store) -> None:
    game_id = named_game(store, "v" * 22)
    holder, _ = players_of(opened(store, game_id).stored)
    assert indexed(store, holder) == [game_id]
    delete_game(store, opened(store, game_id), NOW + 1)
    assert indexed(store, holder) == []


def test_turns_come_latest_deadline_first_a_page_at_a_time_ties_included(store: Store) -> None:
    ids = [letter * 22 for letter in "abcde"]
    for index, game_id in enumerate(ids):  # a, b at the same instant: the same deadline
        named_game(store, game_id, at=NOW + (index if index > 1 else 0))
    player = players_of(opened(store, ids[0]).stored)[0]  # seed 7 gives every game the same first seat
    assert waiting_on(store, player) == ["e" * 22, "d" * 22, "c" * 22, "b" * 22, "a" * 22]
    seen: list[str] = []
    cursor = None
    for _ in range(5):
        page = list_turns(store, OWNER, player, cursor, 2, NOW_MS)
        seen += [turn["game_id"] for turn in page.turns]
        cursor = page.next_cursor
        if cursor is None:
            break
    assert seen == ["e" * 22, "d" * 22, "c" * 22, "b" * 22, "a" * 22]


def test_an_entry_a_process_left_behind_is_passed_over_and_one_whose_game_is_gone_removed_once_old(
    store: Store,
) -> None:
    game_id = named_game(store, "w" * 22)
    holder, other = players_of(opened(store, game_id).stored)
    store.turn_given(OWNER, other, game_id, NOW_MS)  # as a cluster's step before a save that never came
    assert waiting_on(store, other) == [] and waiting_on(store, holder) == [game_id]
    store.turn_given(OWNER, other, "x" * 22, NOW_MS)  # a game that is gone, indexed just now
    store.turn_given(OWNER, other, "y" * 22, NOW_MS - GONE_AFTER_MS - 1)  # and long ago
    assert waiting_on(store, other) == []
    left = [entry.game_id for entry in store.player_turns(OWNER, other, None, 10)]
    assert sorted(left) == [game_id, "x" * 22]


def test_one_client_s_player_reference_never_lists_another_client_s_games(store: Store) -> None:
    game_id = named_game(store, "z" * 22)
    holder, _ = players_of(opened(store, game_id).stored)
    assert waiting_on(store, holder) == [game_id]
    assert waiting_on(store, holder, owner="another") == []


# What the owner's webhooks are told


def test_a_move_that_starts_a_named_player_s_turn_leaves_turn_started_after_its_change() -> None:
    store = MemoryStore()
    game_id = "q" * 22
    create_game(store, game_id, OWNER, NOW, NAMED, 7, 10, told=lambda owner: True, clock=TURN)
    game = opened(store, game_id)
    _, second = players_of(game.stored)
    submit_move(store, game, a_placing_move(game.found.state()), None, NOW + 1, told=lambda owner: True)
    entries = [read_entry(game_id, text) for _, text in store.outbox(game_id, 100)]
    changes = [entry for entry in entries if isinstance(entry, Change)]
    assert [change.type for change in changes] == ["game.created", TURN_STARTED, "game.moved", TURN_STARTED]
    started = changes[-1]
    assert started.version == 2 and started.events == changes[-2].events
    assert started.turn == {"seat": 1 - game.snapshot["current_player"], "player": second,
                            "deadline": rfc3339(round((NOW + 1) * 1000) + 60_000)}  # fmt: skip
    body = json.loads(change_body(started))
    assert body["type"] == TURN_STARTED and body["data"]["turn"] == started.turn
    assert body["data"]["game_id"] == game_id and body["data"]["version"] == 2
    assert "turn" not in json.loads(change_body(changes[-2]))["data"]


@pytest.mark.parametrize("told", [False, True])
def test_nothing_is_told_to_an_owner_without_webhooks_and_nobody_s_turn_tells_nothing(told: bool) -> None:
    store = MemoryStore()
    unnamed = (Seat("A"), Seat("B"))
    create_game(store, "r" * 22, OWNER, NOW, unnamed if told else NAMED, 7, 10, told=lambda owner: told)
    types = [getattr(read_entry("r" * 22, text), "type", None) for _, text in store.outbox("r" * 22, 100)]
    assert types == (["game.created"] if told else [])
