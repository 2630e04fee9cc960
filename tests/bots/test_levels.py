"""The served levels: each returns a legal move, the same one for the same view and seed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harness.players import SAMPLE_NAMES
from service.bots import (
    LEVEL_NAMES,
    LEVELS,
    NotTheSeatsTurn,
    UnknownLevel,
    choose,
    decision_seed,
    level,
    seat_view,
)
from service.rules import GameState, Move, apply, legal_moves, new_game
from tests.bots.positions import positions, reached


def test_the_levels_are_listed_weakest_first_each_with_a_one_line_description() -> None:
    assert LEVEL_NAMES == ("random", "greedy", "expert")
    for served in LEVELS:
        described = served.to_json()
        assert described == {"level": served.name, "description": served.description}
        assert described["description"] and "\n" not in described["description"]


def test_the_oracle_is_not_served() -> None:
    assert "oracle" not in LEVEL_NAMES
    with pytest.raises(UnknownLevel):
        level("oracle")


def test_an_unknown_level_is_refused_with_a_stable_code() -> None:
    view = seat_view(reached(2, seed=1, plies=0), 0)
    with pytest.raises(UnknownLevel) as refused:
        choose("grandmaster", view, 1)
    assert refused.value.code == "unknown_bot_level" and refused.value.level == "grandmaster"
    assert "'grandmaster'" in str(refused.value) and "expert" in str(refused.value)


def test_a_seat_whose_turn_it_is_not_has_no_move_to_choose() -> None:
    state = reached(3, seed=4, plies=5)
    waiting = (state.current_player + 1) % 3
    with pytest.raises(NotTheSeatsTurn) as refused:
        choose("greedy", seat_view(state, waiting), 1)
    assert refused.value.code == "not_the_bots_turn"


def test_a_finished_game_has_no_move_to_choose() -> None:
    state = new_game(SAMPLE_NAMES[:2], 3, target_score=1).state
    while state.outcome is None:
        state = apply(state, legal_moves(state, state.current_player)[0]).state
    with pytest.raises(NotTheSeatsTurn, match="game is over"):
        choose("random", seat_view(state, state.current_player), 1)


def legal_choice(name: str, state: GameState, seed: int) -> Move:
    chosen = choose(name, seat_view(state, state.current_player), seed)
    assert chosen in legal_moves(state, state.current_player)
    return chosen


@pytest.mark.parametrize("name", LEVEL_NAMES)
@settings(max_examples=30)
@given(state=positions, seed=st.integers(0, 2**64 - 1))
def test_every_level_plays_a_legal_move_the_same_for_the_same_seed(
    name: str, state: GameState, seed: int
) -> None:
    """Positions of 2, 3 and 4 players reached by random legal play from seeded deals."""
    assert legal_choice(name, state, seed) == legal_choice(name, state, seed)


def test_decision_seeds_are_pinned_and_differ_by_version_and_seat() -> None:
    assert decision_seed(7, 12, 1) == 0xEAE1C397DAD440E5  # SHA-256 of "restart-bot:7:12:1", first 8 bytes
    seeds = {decision_seed(7, version, seat) for version in range(20) for seat in range(4)}
    assert len(seeds) == 80 and all(0 <= seed < 2**64 for seed in seeds)


def play_seeded_game(levels: list[str], game_seed: int, target_score: int) -> list[Move]:
    """A whole game of bots, each decision seeded from the game's seed, version and seat."""
    state = new_game(SAMPLE_NAMES[: len(levels)], game_seed, target_score).state
    played: list[Move] = []
    while state.outcome is None:
        seat = state.current_player
        chosen = choose(levels[seat], seat_view(state, seat), decision_seed(game_seed, len(played), seat))
        played.append(chosen)
        state = apply(state, chosen).state
    return played


def test_a_seeded_game_of_bots_replays_move_for_move() -> None:
    levels = ["expert", "random", "greedy"]
    first = play_seeded_game(levels, game_seed=21, target_score=40)
    assert len(first) > 20
    assert play_seeded_game(levels, game_seed=21, target_score=40) == first
