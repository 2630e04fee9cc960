"""When a round ends, how it is scored, how the next is dealt, and when the game is over."""

from collections.abc import Sequence

import pytest

from service.rules import (
    COLOURS,
    Colour,
    EndReason,
    Event,
    GameOver,
    GameState,
    Illegal,
    IllegalMove,
    Move,
    Passed,
    RoundDealt,
    RoundEndReason,
    RoundScored,
    Status,
    TilesPlaced,
    apply,
    legal_moves,
    new_game,
    validate,
)
from service.rules.deal import deal
from tests.rules.builders import move, position

THREE_CAN_PLAY = position(
    hands=[["red-5", "blue-9"], ["red-6", "gray-4"], ["green-3", "gray-9"]],
    discarded=["orange-7", "scissors"],
    rows={"orange": ["orange-5"]},
    scores=[7, 0, 12],
    seed=5,
)


def play(state: GameState, moves: Sequence[Move]) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for turn in moves:
        state, happened = apply(state, turn)
        events += happened
    return state, events


def scored(events: list[Event]) -> list[RoundScored]:
    return [event for event in events if isinstance(event, RoundScored)]


def test_the_round_goes_on_after_one_pass_fewer_than_the_players() -> None:
    state, events = play(THREE_CAN_PLAY, [move(0, "pass"), move(1, "pass")])
    assert events == [Passed(0), Passed(1)]
    assert (state.round, state.consecutive_passes, state.current_player) == (1, 2, 2)


def test_the_round_ends_when_every_player_passed_in_a_row() -> None:
    _, events = play(THREE_CAN_PLAY, [move(0, "pass"), move(1, "pass"), move(2, "pass")])
    assert events[:4] == [
        Passed(0),
        Passed(1),
        Passed(2),
        RoundScored(1, RoundEndReason.ALL_PASSED, (14, 10, 12), (21, 10, 24)),
    ]


def test_a_play_starts_the_count_of_passes_again() -> None:
    turns = [move(0, "pass"), move(1, "pass"), move(2, "play", "green", "green-3"), move(0, "pass")]
    state, events = play(THREE_CAN_PLAY, [*turns, move(1, "pass")])
    assert (state.round, state.consecutive_passes) == (1, 2)
    assert not scored(events)
    _, events = play(state, [move(2, "pass")])
    assert scored(events)[0].reason is RoundEndReason.ALL_PASSED


def test_the_next_round_is_dealt_like_the_first() -> None:
    state, events = play(THREE_CAN_PLAY, [move(0, "pass"), move(1, "pass"), move(2, "pass")])
    dealt = deal(5, 2, 3)
    sizes = tuple(len(hand) for hand in dealt.hands)
    assert events[-1] == RoundDealt(2, dealt.starter, sizes, dealt.ones_placed_by)
    assert dealt.starter == dealt.ones_placed_by[Colour.RED]
    assert state.round == 2 and state.current_player == dealt.starter
    assert tuple(p.hand for p in state.players) == dealt.hands
    assert [[t.code for t in row] for row in state.rows] == [[f"{c.value}-1"] for c in COLOURS]
    assert (state.box, state.discarded, state.consecutive_passes) == (dealt.box, (), 0)
    assert [p.score for p in state.players] == [21, 10, 24]
    assert state.last_round == (14, 10, 12)
    assert state.outcome is None


def test_two_players_next_round_starter_comes_from_the_seeded_deal() -> None:
    state = position([["red-5"], ["red-6"]], seed=9)
    state, events = play(state, [move(0, "pass"), move(1, "pass")])
    assert isinstance(events[-1], RoundDealt)
    assert state.current_player == events[-1].starter == deal(9, 2, 2).starter
    assert set(events[-1].ones_placed_by.values()) == {None}


STUCK_AFTER_RED_15 = position(
    hands=[["red-15", "blue-3"], ["blue-2", "gray-9"]],
    rows={"red": ["red-14"], "blue": ["blue-5"], "gray": ["gray-stop"]},
)
"""Once seat 0 places the red 15, no tile fits anywhere and nobody holds a purple tile."""


def test_the_round_ends_at_once_when_nobody_can_play() -> None:
    state, events = apply(STUCK_AFTER_RED_15, move(0, "play", "red", "red-15"))
    assert events[:2] == [
        TilesPlaced(0, Colour.RED, ("red-15",)),
        RoundScored(1, RoundEndReason.NOBODY_CAN_PLAY, (3, 11), (3, 11)),
    ]
    assert isinstance(events[2], RoundDealt) and state.round == 2


@pytest.mark.parametrize(
    ("seat", "extra", "goes_on"),
    [
        (1, "scissors", True),
        (1, "trash", True),
        (1, "green-2", True),
        (1, "red-restart", True),
        (0, "blue-6", True),
        (1, "gray-10", False),
        (1, "blue-4", False),
    ],
    ids=["scissors", "trash", "open_row", "closer_on_15", "mover_still_can", "closed_row", "too_low"],
)
def test_the_round_goes_on_only_while_someone_can_play(seat: int, extra: str, goes_on: bool) -> None:
    hands = [[t.code for t in player.hand] for player in STUCK_AFTER_RED_15.players]
    hands[seat].append(extra)
    rows = {"red": ["red-14"], "blue": ["blue-5"], "gray": ["gray-stop"]}
    after, events = apply(position(hands, rows), move(0, "play", "red", "red-15"))
    assert bool(scored(events)) is not goes_on
    assert after.round == (1 if goes_on else 2)


def test_placing_the_last_tile_wins_alone_even_with_the_highest_total() -> None:
    state = position([["gray-9"], ["red-15"], ["blue-10", "blue-11"]], scores=[99, 50, 3])
    state, events = apply(state, move(0, "play", "gray", "gray-9"))
    assert events == [
        TilesPlaced(0, Colour.GRAY, ("gray-9",)),
        RoundScored(1, RoundEndReason.HAND_EMPTIED, (0, 15, 21), (99, 65, 24)),
        GameOver((0,), EndReason.HAND_EMPTIED),
    ]
    assert state.status is Status.FINISHED and state.winners == (0,)
    assert [p.score for p in state.players] == [99, 65, 24]
    assert (state.round, state.last_round) == (1, (0, 15, 21))


def test_placing_the_last_tile_wins_even_when_another_total_reaches_the_target() -> None:
    state = position([["gray-9"], ["red-15"]], scores=[60, 90])
    state, events = apply(state, move(0, "play", "gray", "gray-9"))
    assert events[-1] == GameOver((0,), EndReason.HAND_EMPTIED)
    assert [p.score for p in state.players] == [60, 105]


def test_a_scissors_as_the_last_tile_empties_the_hand_too() -> None:
    state = position([["scissors"], ["red-15"]], rows={"blue": ["blue-4"]})
    state, events = apply(state, move(0, "scissors", "blue"))
    assert events[-1] == GameOver((0,), EndReason.HAND_EMPTIED)


@pytest.mark.parametrize(
    ("scores", "target", "winners"),
    [
        ([0, 0, 0], 100, None),
        ([40, 89, 85], 100, None),
        ([40, 90, 10], 100, (2,)),
        ([36, 90, 47], 100, (0, 2)),
        ([0, 0, 0], 14, (2,)),
        ([0, 0, 0], 15, None),
    ],
    ids=["far", "99_is_not_enough", "100_ends", "tie_shares", "low_target", "just_below_target"],
)
def test_after_scoring_a_total_at_the_target_ends_the_game_and_the_lowest_win(
    scores: list[int], target: int, winners: tuple[int, ...] | None
) -> None:
    hands = [["red-5", "blue-9"], ["red-6", "gray-4"], ["green-3"]]
    state = position(hands, scores=scores, target_score=target)
    state, events = play(state, [move(0, "pass"), move(1, "pass"), move(2, "pass")])
    totals = scored(events)[0].totals
    assert list(totals) == [scores[0] + 14, scores[1] + 10, scores[2] + 3]
    if winners is None:
        assert state.outcome is None and isinstance(events[-1], RoundDealt)
    else:
        assert events[-1] == GameOver(winners, EndReason.TARGET_REACHED)
        assert state.winners == winners and state.round == 1


def test_the_target_score_is_set_per_game() -> None:
    assert new_game(["a", "b"], seed=1).state.target_score == 100
    assert new_game(["a", "b"], seed=1, target_score=30).state.target_score == 30


@pytest.mark.parametrize("seat", [0, 1])
def test_no_move_is_accepted_after_the_game(seat: int) -> None:
    state, _ = apply(position([["gray-9"], ["red-15"]]), move(0, "play", "gray", "gray-9"))
    assert legal_moves(state, seat) == []
    for attempt in (move(seat, "pass"), move(seat, "play", "red", "red-15")):
        refusal = validate(state, attempt)
        assert refusal is not None and refusal.code is Illegal.GAME_OVER
        with pytest.raises(IllegalMove):
            apply(state, attempt)
