"""The rulebook's own examples, replayed move by move (seats: Annika 0, Elias 1, Sofia 2, Matteo 3)."""

import pytest

from service.rules import (
    Colour,
    GameState,
    Illegal,
    RoundDealt,
    RoundEndReason,
    RoundScored,
    TilesPlaced,
    TilesRemoved,
    apply,
    validate,
)
from tests.rules.builders import move, position, row_codes

ANNIKA, ELIAS, SOFIA, MATTEO = range(4)


def test_gameplay_example() -> None:
    state = position(
        hands=[
            ["blue-8", "red-2", "gray-3"],
            ["green-10", "green-11", "green-12", "red-4"],
            ["blue-2", "blue-3", "orange-4", "orange-5", "gray-9"],
            ["red-7", "orange-13"],
        ],
        current=ANNIKA,
    )
    # A) Annika had the red 1 and starts: she may place in any row, and picks the blue 8.
    state, events = apply(state, move(ANNIKA, "play", "blue", "blue-8"))
    assert events == [TilesPlaced(ANNIKA, Colour.BLUE, ("blue-8",))]
    # B) Elias places a run in the green row: 10, 11 and 12.
    state, _ = apply(state, move(ELIAS, "play", "green", "green-10", "green-11", "green-12"))
    assert row_codes(state, "green") == ["green-1", "green-10", "green-11", "green-12"]
    # C) Sofia cannot place her blue 2 and 3 on the blue 8; she plays the orange 4 and 5.
    refusal = validate(state, move(SOFIA, "play", "blue", "blue-2", "blue-3"))
    assert refusal is not None and refusal.code is Illegal.NOT_ASCENDING
    assert "blue-2" in refusal.detail and "blue-8" in refusal.detail
    state, _ = apply(state, move(SOFIA, "play", "orange", "orange-4", "orange-5"))
    assert row_codes(state, "orange") == ["orange-1", "orange-4", "orange-5"]
    assert state.current_player == MATTEO


def test_special_tiles_example() -> None:
    state = position(
        hands=[
            ["gray-4", "gray-5", "gray-6", "red-2"],
            ["green-restart", "scissors", "orange-restart", "red-3"],
            ["orange-14", "orange-15", "orange-stop", "trash", "blue-2", "blue-3", "red-5"],
            ["gray-15", "gray-restart", "red-6"],
        ],
        rows={
            "blue": ["blue-8", "blue-12", "blue-14", "blue-15"],
            "green": ["green-9"],
            "orange": ["orange-10"],
            "gray": ["gray-11"],
        },
        current=ELIAS,
    )
    # A) Elias places the green 16 RESTART.
    state, _ = apply(state, move(ELIAS, "play", "green", "green-restart"))
    # B) Sofia places a run of three: orange 14, 15 and 16 STOP.
    state, _ = apply(state, move(SOFIA, "play", "orange", "orange-14", "orange-15", "orange-stop"))
    # C) Matteo places the gray 15 and 16 RESTART; his turn ends with that.
    state, _ = apply(state, move(MATTEO, "play", "gray", "gray-15", "gray-restart"))
    assert state.current_player == ANNIKA
    # D) Thanks to the RESTART, now worth 0, Annika places the gray 4, 5 and 6.
    state, _ = apply(state, move(ANNIKA, "play", "gray", "gray-4", "gray-5", "gray-6"))
    assert row_codes(state, "gray") == [
        "gray-1", "gray-11", "gray-15", "gray-restart", "gray-4", "gray-5", "gray-6",
    ]  # fmt: skip
    # E) Elias cuts the orange STOP with scissors and continues with the orange RESTART.
    refusal = validate(state, move(ELIAS, "play", "orange", "orange-restart"))
    assert refusal is not None and refusal.code is Illegal.ROW_CLOSED
    state, events = apply(state, move(ELIAS, "scissors", "orange", "orange-restart"))
    assert events == [
        TilesRemoved(ELIAS, Colour.ORANGE, ("orange-stop",), "scissors"),
        TilesPlaced(ELIAS, Colour.ORANGE, ("orange-restart",)),
    ]
    assert row_codes(state, "orange")[-3:] == ["orange-14", "orange-15", "orange-restart"]
    # F) Sofia throws the blue 8, 12, 14 and 15 away with the trash can and places blue 2 and 3.
    state, events = apply(state, move(SOFIA, "trash", "blue", "blue-2", "blue-3"))
    assert events == [
        TilesRemoved(SOFIA, Colour.BLUE, ("blue-8", "blue-12", "blue-14", "blue-15"), "trash"),
        TilesPlaced(SOFIA, Colour.BLUE, ("blue-2", "blue-3")),
    ]
    assert row_codes(state, "blue") == ["blue-1", "blue-2", "blue-3"]
    assert [t.code for t in state.discarded] == [
        "orange-stop", "scissors", "blue-8", "blue-12", "blue-14", "blue-15", "trash",
    ]  # fmt: skip
    assert [len(p.hand) for p in state.players] == [1, 1, 1, 1]


def scoring_example(purple: str, scores: list[int]) -> GameState:
    """The scoring example's hands, late in a round: all four pass in turn to end it."""
    return position(
        hands=[
            ["red-2"],
            [purple, "green-4"],
            ["blue-7", "orange-restart"],
            ["gray-12", "gray-14", "gray-restart"],
        ],
        rows={"red": ["red-stop"], "green": ["green-stop"], "blue": ["blue-stop"], "gray": ["gray-stop"]},
        scores=scores,
    )


@pytest.mark.parametrize("purple", ["scissors", "trash"])
def test_scoring_example(purple: str) -> None:
    state = scoring_example(purple, scores=[10, 0, 30, 50])
    events = []
    for seat in range(4):
        state, happened = apply(state, move(seat, "pass"))
        events += happened
    scored = [event for event in events if isinstance(event, RoundScored)]
    assert scored == [RoundScored(1, RoundEndReason.ALL_PASSED, (2, 24, 23, 42), (12, 24, 53, 92))]
    assert [p.score for p in state.players] == [12, 24, 53, 92]
    assert state.last_round == (2, 24, 23, 42)
    assert isinstance(events[-1], RoundDealt) and state.round == 2


def test_the_player_with_fewest_minus_points_wins_once_someone_reaches_100() -> None:
    state = scoring_example("scissors", scores=[10, 0, 30, 60])
    for seat in range(4):
        state = apply(state, move(seat, "pass")).state
    assert [p.score for p in state.players] == [12, 24, 53, 102]
    assert state.outcome is not None and state.outcome.winners == (ANNIKA,)
