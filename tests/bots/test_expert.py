"""The expert and the oracle: legal moves, a budget counted in simulations, and strength."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harness.players import SAMPLE_NAMES
from service.bots import choose, decision_seed, seat_view
from service.bots.expert import EXPERT_BUDGETS, expert_search
from service.bots.greedy import Greedy
from service.bots.oracle import oracle
from service.bots.search import Budget, search
from service.rules import Action, GameState, apply, legal_moves, new_game
from tests.bots.positions import positions, reached
from tests.rules.builders import move, position

SMALL = Budget(simulations=24, candidates=4)


@settings(max_examples=40)
@given(state=positions, seed=st.integers(0, 2**64 - 1), simulations=st.integers(0, 40))
def test_the_search_runs_within_its_budget_and_returns_a_legal_move(
    state: GameState, seed: int, simulations: int
) -> None:
    budget = Budget(simulations=simulations, candidates=5)
    result = expert_search(seat_view(state, state.current_player), random.Random(seed), budget)
    assert result.move in legal_moves(state, state.current_player)
    assert result.simulations <= simulations
    assert sum(candidate.simulations for candidate in result.candidates) == result.simulations


def test_the_search_counts_its_simulations_one_per_candidate_per_drawn_position() -> None:
    state = reached(2, seed=8, plies=6)
    drawn: list[GameState] = []

    def sample(_: random.Random) -> GameState:
        drawn.append(state)
        return state

    ranked = Greedy().ranked(state)
    result = search(ranked, sample, state.current_player, state.target_score, SMALL, random.Random(1))
    # Two halving rounds: 4 candidates in 3 positions, then the better 2 in 6 more.
    assert len(drawn) == 3 + 6 and result.simulations == SMALL.simulations == 24
    assert sorted(candidate.simulations for candidate in result.candidates) == [3, 3, 9, 9]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_expert_budget_is_spent_in_full_on_a_real_choice(players: int) -> None:
    """In full but for what the last halving round cannot share out evenly (less than one per survivor)."""
    state = reached(players, seed=3, plies=10)
    budget = EXPERT_BUDGETS[players]
    result = expert_search(seat_view(state, state.current_player), random.Random(2), budget)
    assert budget.simulations - 2 < result.simulations <= budget.simulations


def test_a_forced_pass_is_played_without_a_search() -> None:
    state = position([["blue-3"], ["red-9"]], rows={"blue": ["blue-9"]})
    result = expert_search(seat_view(state, 0), random.Random(0), EXPERT_BUDGETS[2])
    assert result.move == move(0, "pass") and result.simulations == 0


def test_the_pass_is_always_a_candidate() -> None:
    state = reached(2, seed=5, plies=2)
    result = expert_search(seat_view(state, state.current_player), random.Random(0), SMALL)
    assert result.candidates[-1].move.action is Action.PASS


@settings(max_examples=30)
@given(state=positions, seed=st.integers(0, 2**32))
def test_the_oracle_plays_a_legal_move(state: GameState, seed: int) -> None:
    assert oracle(state, random.Random(seed)) in legal_moves(state, state.current_player)


def test_expert_beats_random_in_a_small_seeded_arena() -> None:
    """Four short games (target 40), each level in each seat twice: counted, not timed."""
    wins = 0.0
    for game in range(4):
        levels = ["expert", "random"] if game % 2 == 0 else ["random", "expert"]
        game_seed = 100 + game // 2
        state = new_game(SAMPLE_NAMES[:2], game_seed, target_score=40).state
        version = 0
        while state.outcome is None:
            seat = state.current_player
            chosen = choose(levels[seat], seat_view(state, seat), decision_seed(game_seed, version, seat))
            state = apply(state, chosen).state
            version += 1
        expert_seat = levels.index("expert")
        winners = state.outcome.winners
        wins += 1 / len(winners) if expert_seat in winners else 0
    assert wins == 4
