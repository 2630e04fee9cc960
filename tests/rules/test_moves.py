"""One test per placement rule and per illegal-move code, judged on hand-built positions."""

from dataclasses import replace

import pytest

from service.rules import (
    Action,
    Colour,
    EndReason,
    GameState,
    Illegal,
    IllegalMove,
    Move,
    Outcome,
    Passed,
    TilesPlaced,
    TilesRemoved,
    apply,
    legal_moves,
    validate,
)
from tests.rules.builders import every_tile, hand_codes, move, position, row_codes, tiles

BASE = position(
    hands=[
        ["red-5", "red-6", "red-8", "red-14", "red-15", "red-stop", "red-restart", "blue-2", "blue-5",
         "blue-9", "green-15", "green-restart", "orange-4", "scissors", "scissors", "trash"],
        ["blue-3", "gray-7", "orange-5", "red-9"],
        ["green-3", "gray-9"],
    ],
    rows={"blue": ["blue-4"], "green": ["green-2", "green-stop"], "orange": ["orange-3", "orange-6"]},
)  # fmt: skip
"""Seat 0 to move. Red and gray hold only their 1; green is closed by its STOP."""

FINISHED = replace(BASE, outcome=Outcome((1,), EndReason.TARGET_REACHED))
SEAT_1_TO_MOVE = replace(BASE, current_player=1)

ILLEGAL = [
    ("game_over", FINISHED, move(0, "play", "red", "red-5"), Illegal.GAME_OVER, ["over"]),
    ("wrong_seat", BASE, move(1, "play", "gray", "gray-7"), Illegal.NOT_YOUR_TURN, ["seat 0", "seat 1"]),
    ("pass_with_row", BASE, move(0, "pass", "red"), Illegal.PASS_TAKES_NOTHING, ["pass"]),
    ("pass_with_tiles", BASE, Move(0, Action.PASS, None, ("red-5",)), Illegal.PASS_TAKES_NOTHING, ["pass"]),
    ("play_without_row", BASE, move(0, "play", None, "red-5"), Illegal.ROW_REQUIRED, ["play"]),
    ("scissors_without_row", BASE, move(0, "scissors"), Illegal.ROW_REQUIRED, ["scissors"]),
    ("unknown_code", BASE, move(0, "play", "red", "red-5", "red-16"), Illegal.UNKNOWN_TILE, ["'red-16'"]),
    ("empty_play", BASE, move(0, "play", "red"), Illegal.EMPTY_PLAY, ["at least one tile"]),
    ("two_scissors", BASE, move(0, "scissors", "blue", "scissors"), Illegal.ONE_PURPLE_PER_TURN,
     ["scissors"]),
    ("scissors_then_trash", BASE, move(0, "scissors", "blue", "blue-5", "trash"),
     Illegal.ONE_PURPLE_PER_TURN, ["trash", "scissors"]),
    ("trash_then_scissors", BASE, move(0, "trash", "blue", "scissors"), Illegal.ONE_PURPLE_PER_TURN,
     ["scissors", "trash"]),
    ("tile_not_held", BASE, move(0, "play", "red", "red-7"), Illegal.TILE_NOT_IN_HAND, ["red-7", "seat 0"]),
    ("tile_twice", BASE, move(0, "play", "red", "red-5", "red-5"), Illegal.TILE_NOT_IN_HAND,
     ["red-5", "2 times"]),
    ("purple_not_held", SEAT_1_TO_MOVE, move(1, "trash", "blue"), Illegal.TILE_NOT_IN_HAND, ["trash"]),
    ("scissors_on_a_bare_row", BASE, move(0, "scissors", "red"), Illegal.NOTHING_TO_REMOVE,
     ["red", "scissors"]),
    ("trash_on_a_bare_row", BASE, move(0, "trash", "red", "red-5"), Illegal.NOTHING_TO_REMOVE,
     ["red", "trash"]),
    ("other_colour", BASE, move(0, "play", "red", "blue-9"), Illegal.WRONG_COLOUR, ["blue-9", "red"]),
    ("purple_in_a_play", BASE, move(0, "play", "red", "red-5", "scissors"), Illegal.WRONG_COLOUR,
     ["scissors", "purple"]),
    ("other_colour_after_scissors", BASE, move(0, "scissors", "blue", "red-5"), Illegal.WRONG_COLOUR,
     ["red-5", "blue"]),
    ("on_a_stop", BASE, move(0, "play", "green", "green-15"), Illegal.ROW_CLOSED, ["green-stop"]),
    ("restart_on_a_stop", BASE, move(0, "play", "green", "green-restart"), Illegal.ROW_CLOSED,
     ["green-stop"]),
    ("stop_in_the_middle", BASE, move(0, "play", "red", "red-15", "red-stop", "red-restart"),
     Illegal.CLOSING_TILE_NOT_LAST, ["red-stop"]),
    ("restart_first", BASE, move(0, "play", "red", "red-restart", "red-5"), Illegal.CLOSING_TILE_NOT_LAST,
     ["red-restart"]),
    ("gap", BASE, move(0, "play", "red", "red-5", "red-6", "red-8"), Illegal.NOT_A_RUN, ["red-8", "red-6"]),
    ("descending", BASE, move(0, "play", "red", "red-6", "red-5"), Illegal.NOT_A_RUN, ["red-5", "red-6"]),
    ("closer_after_a_number_below_15", BASE, move(0, "play", "red", "red-8", "red-stop"), Illegal.NOT_A_RUN,
     ["red-stop", "red-8"]),
    ("lower_than_top", BASE, move(0, "play", "orange", "orange-4"), Illegal.NOT_ASCENDING,
     ["orange-4", "orange-6"]),
    ("run_below_top", SEAT_1_TO_MOVE, move(1, "play", "orange", "orange-5"), Illegal.NOT_ASCENDING,
     ["orange-5", "orange-6"]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("state", "illegal", "code", "named"),
    [pytest.param(*case[1:], id=case[0]) for case in ILLEGAL],
)
def test_illegal_move_gets_its_code_and_names_the_tiles(
    state: GameState, illegal: Move, code: Illegal, named: list[str]
) -> None:
    refusal = validate(state, illegal)
    assert refusal is not None
    assert refusal.code is code
    for word in named:
        assert word in refusal.detail
    with pytest.raises(IllegalMove) as raised:
        apply(state, illegal)
    assert raised.value.code is code
    assert illegal not in legal_moves(state, state.current_player)


def test_every_code_is_covered() -> None:
    assert {case[3] for case in ILLEGAL} == set(Illegal)


@pytest.mark.parametrize(
    ("state", "illegal", "code"),
    [
        (FINISHED, move(1, "pass"), Illegal.GAME_OVER),
        (BASE, move(1, "play", "red", "bogus"), Illegal.NOT_YOUR_TURN),
        (BASE, move(1, "pass", "red"), Illegal.NOT_YOUR_TURN),
        (BASE, move(0, "play", None, "bogus"), Illegal.ROW_REQUIRED),
        (BASE, move(0, "play", "red", "red-7", "bogus"), Illegal.UNKNOWN_TILE),
        (SEAT_1_TO_MOVE, move(1, "scissors", "red", "trash"), Illegal.ONE_PURPLE_PER_TURN),
        (SEAT_1_TO_MOVE, move(1, "scissors", "red"), Illegal.TILE_NOT_IN_HAND),
        (BASE, move(0, "play", "green", "red-7"), Illegal.TILE_NOT_IN_HAND),
        (BASE, move(0, "scissors", "red", "blue-9"), Illegal.NOTHING_TO_REMOVE),
        (BASE, move(0, "play", "green", "red-5"), Illegal.WRONG_COLOUR),
        (BASE, move(0, "play", "green", "green-restart", "green-15"), Illegal.ROW_CLOSED),
        (BASE, move(0, "play", "red", "red-stop", "red-5"), Illegal.CLOSING_TILE_NOT_LAST),
        (BASE, move(0, "play", "blue", "blue-2", "blue-5"), Illegal.NOT_A_RUN),
    ],
)
def test_a_move_with_several_faults_gets_the_first_code_in_check_order(
    state: GameState, illegal: Move, code: Illegal
) -> None:
    refusal = validate(state, illegal)
    assert refusal is not None and refusal.code is code


def test_a_tile_equal_to_the_top_is_not_higher() -> None:
    """Unreachable with unique tiles; pins the rule "higher than", not "higher or equal"."""
    twin = replace(BASE, rows=(BASE.rows[0], tiles(["blue-1", "blue-9"]), *BASE.rows[2:]))
    refusal = validate(twin, move(0, "play", "blue", "blue-9"))
    assert refusal is not None and refusal.code is Illegal.NOT_ASCENDING


@pytest.mark.parametrize(
    "legal",
    [
        move(0, "play", "blue", "blue-9"),
        move(0, "play", "blue", "blue-5"),
        move(0, "play", "red", "red-5", "red-6"),
        move(0, "play", "red", "red-8"),
        move(0, "play", "red", "red-14", "red-15", "red-stop"),
        move(0, "play", "red", "red-14", "red-15", "red-restart"),
        move(0, "play", "red", "red-stop"),
        move(0, "play", "red", "red-restart"),
        move(0, "scissors", "green"),
        move(0, "scissors", "green", "green-15"),
        move(0, "scissors", "green", "green-restart"),
        move(0, "scissors", "orange", "orange-4"),
        move(0, "trash", "orange", "orange-4"),
        move(0, "trash", "blue", "blue-2"),
        move(0, "trash", "blue"),
        move(0, "pass"),
    ],
    ids=str,
)
def test_legal_moves_pass_the_judge_and_are_listed(legal: Move) -> None:
    assert validate(BASE, legal) is None
    assert legal in legal_moves(BASE, 0)


def test_a_single_tile_moves_from_hand_to_row() -> None:
    state, events = apply(BASE, move(0, "play", "blue", "blue-9"))
    assert events == [TilesPlaced(0, Colour.BLUE, ("blue-9",))]
    assert row_codes(state, "blue") == ["blue-1", "blue-4", "blue-9"]
    assert "blue-9" not in hand_codes(state, 0)
    assert len(state.players[0].hand) == len(BASE.players[0].hand) - 1
    assert (state.current_player, state.discarded) == (1, ())


def test_stop_closes_the_row() -> None:
    state, events = apply(BASE, move(0, "play", "red", "red-14", "red-15", "red-stop"))
    assert events == [TilesPlaced(0, Colour.RED, ("red-14", "red-15", "red-stop"))]
    refusal = validate(state, move(1, "play", "red", "red-9"))
    assert refusal is not None and refusal.code is Illegal.ROW_CLOSED


def test_anything_goes_after_a_restart() -> None:
    state, _ = apply(BASE, move(0, "play", "red", "red-14", "red-15", "red-restart"))
    assert row_codes(state, "red")[-1] == "red-restart"
    assert validate(state, move(1, "play", "red", "red-9")) is None


def test_scissors_take_only_the_top_tile() -> None:
    state, events = apply(BASE, move(0, "scissors", "orange"))
    assert events == [TilesRemoved(0, Colour.ORANGE, ("orange-6",), "scissors")]
    assert row_codes(state, "orange") == ["orange-1", "orange-3"]
    assert [t.code for t in state.discarded] == ["orange-6", "scissors"]
    assert hand_codes(state, 0).count("scissors") == 1


def test_scissors_on_a_stop_reopen_the_row() -> None:
    state, events = apply(BASE, move(0, "scissors", "green"))
    assert events == [TilesRemoved(0, Colour.GREEN, ("green-stop",), "scissors")]
    assert row_codes(state, "green") == ["green-1", "green-2"]
    state, _ = apply(state, move(1, "pass"))
    assert validate(state, move(2, "play", "green", "green-3")) is None


def test_the_run_after_scissors_is_judged_against_the_new_top() -> None:
    state, events = apply(BASE, move(0, "scissors", "orange", "orange-4"))
    assert events == [
        TilesRemoved(0, Colour.ORANGE, ("orange-6",), "scissors"),
        TilesPlaced(0, Colour.ORANGE, ("orange-4",)),
    ]
    assert row_codes(state, "orange") == ["orange-1", "orange-3", "orange-4"]
    assert [t.code for t in state.discarded] == ["orange-6", "scissors"]


def test_trash_empties_the_row_down_to_its_1() -> None:
    state, events = apply(BASE, move(0, "trash", "orange", "orange-4"))
    assert events == [
        TilesRemoved(0, Colour.ORANGE, ("orange-3", "orange-6"), "trash"),
        TilesPlaced(0, Colour.ORANGE, ("orange-4",)),
    ]
    assert row_codes(state, "orange") == ["orange-1", "orange-4"]
    assert [t.code for t in state.discarded] == ["orange-3", "orange-6", "trash"]
    assert "trash" not in hand_codes(state, 0) and "orange-4" not in hand_codes(state, 0)


def test_trash_then_a_run_from_2() -> None:
    hands = [["trash", "blue-2", "blue-3", "blue-4"], ["red-3"]]
    state = position(hands, rows={"blue": ["blue-7", "blue-9"]})
    after, _ = apply(state, move(0, "trash", "blue", "blue-2", "blue-3", "blue-4"))
    assert row_codes(after, "blue") == ["blue-1", "blue-2", "blue-3", "blue-4"]
    assert every_tile(after) == every_tile(state)


def test_discarded_tiles_pile_up_over_the_round() -> None:
    state, _ = apply(BASE, move(0, "scissors", "orange"))
    state, _ = apply(state, move(1, "pass"))
    state, _ = apply(state, move(2, "pass"))
    state, _ = apply(state, move(0, "trash", "blue"))
    assert [t.code for t in state.discarded] == ["orange-6", "scissors", "blue-4", "trash"]


def test_pass_is_allowed_even_with_legal_plays() -> None:
    assert validate(BASE, move(0, "pass")) is None
    state, events = apply(BASE, move(0, "pass"))
    assert events == [Passed(0)]
    assert (state.current_player, state.consecutive_passes) == (1, 1)
    assert state.players == BASE.players and state.rows == BASE.rows


def test_a_player_who_passed_may_play_later() -> None:
    state, _ = apply(BASE, move(0, "pass"))
    state, _ = apply(state, move(1, "pass"))
    state, _ = apply(state, move(2, "play", "gray", "gray-9"))
    assert state.consecutive_passes == 0
    assert validate(state, move(0, "play", "blue", "blue-9")) is None


def test_seats_rotate_back_to_the_first() -> None:
    seats = []
    state = BASE
    for turn in (move(0, "pass"), move(1, "pass"), move(2, "play", "gray", "gray-9")):
        seats.append(state.current_player)
        state = apply(state, turn).state
    assert seats + [state.current_player] == [0, 1, 2, 0]


def test_legal_moves_are_empty_out_of_turn_and_after_the_game() -> None:
    assert legal_moves(BASE, 1) == []
    assert legal_moves(FINISHED, 0) == []


def test_legal_moves_of_a_small_hand_counted_by_hand() -> None:
    state = position([["red-14", "red-15", "red-stop", "scissors"], ["gray-3"]], rows={"blue": ["blue-5"]})
    plays = [("red-14",), ("red-14", "red-15"), ("red-14", "red-15", "red-stop"), ("red-15",),
             ("red-15", "red-stop"), ("red-stop",)]  # fmt: skip
    expected = {move(0, "play", "red", *run) for run in plays}
    expected |= {move(0, "scissors", "blue"), move(0, "pass")}
    listed = legal_moves(state, 0)
    assert len(listed) == len(set(listed)) == 8
    assert set(listed) == expected
