"""The bounds the contract states for the engine's lists (``maxItems``), proved rather than guessed.

``MAX_LEGAL_MOVES`` is an upper bound computed from the shape of move generation: the
number of runs ``runs`` can return for n numbers and k closers of a colour, summed over
the plays and the purple follow-ups of the largest hand a deal gives. The formula is
checked against ``runs`` on random positions (hands of any size), the bound recomputed
from it here, and random games checked against both bounds.
"""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from harness.players import SAMPLE_NAMES
from service.rules import (
    COLOURS,
    GameOver,
    GameState,
    Kind,
    RoundScored,
    TilesPlaced,
    TilesRemoved,
    apply,
    legal_moves,
    new_game,
)
from service.rules.deal import HAND_SIZE
from service.rules.events import MAX_EVENTS_PER_MOVE
from service.rules.judge import PURPLE_FOR_ACTION
from service.rules.legal import MAX_LEGAL_MOVES, runs
from service.rules.tiles import Tile
from tests.rules.builders import move, position, random_position

NUMBERS_IN_HAND = 14
"""A colour's 2 to 15: its 1 is placed as soon as it is dealt."""
CLOSERS = 2
"""A colour's STOP and RESTART."""


def runs_bound(numbers: int, closers: int) -> int:
    """The most runs of one colour: every stretch of consecutive numbers, each ending at 15 with a closer,
    and each closer alone."""
    return numbers * (numbers + 1) // 2 + numbers * closers + closers


@cache
def best_runs(colours: int, tiles: int) -> int:
    """The most runs, summed over ``colours`` colours, that ``tiles`` coloured tiles can give."""
    if colours == 0:
        return 0
    return max(
        runs_bound(numbers, closers) + best_runs(colours - 1, tiles - numbers - closers)
        for numbers in range(NUMBERS_IN_HAND + 1)
        for closers in range(CLOSERS + 1)
        if numbers + closers <= tiles
    )


def legal_moves_bound(hand_size: int) -> int:
    """Plays, then per purple tile held a bare play on each row and its follow-up runs, then the pass."""
    return max(
        (1 + purples) * best_runs(len(COLOURS), hand_size - purples) + purples * len(COLOURS) + 1
        for purples in range(min(len(PURPLE_FOR_ACTION), hand_size) + 1)
    )


def per_colour(hand: tuple[Tile, ...]) -> dict[object, tuple[int, int]]:
    counts = {}
    for colour in COLOURS:
        numbers = sum(1 for t in hand if t.colour is colour and t.kind is Kind.NUMBER)
        closers = sum(1 for t in hand if t.colour is colour and t.is_closer)
        counts[colour] = (numbers, closers)
    return counts


def test_the_legal_moves_bound_is_that_of_the_largest_dealt_hand() -> None:
    assert legal_moves_bound(max(HAND_SIZE.values())) == MAX_LEGAL_MOVES


def check_runs_formula(state: GameState) -> None:
    hand = state.players[state.current_player].hand
    counts = per_colour(hand)
    for colour, row in zip(COLOURS, state.rows, strict=True):
        rows = [row, row[:-1], row[:1]] if len(row) > 1 else [row]  # as played, after scissors, after trash
        for left in rows:
            assert len(runs(hand, colour, left)) <= runs_bound(*counts[colour])
    assert len(legal_moves(state, state.current_player)) <= legal_moves_bound(len(hand))


@settings(max_examples=150)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**40))
def test_the_runs_formula_bounds_every_random_position(players: int, seed: int) -> None:
    check_runs_formula(random_position(random.Random(seed), players))


@settings(max_examples=30)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**40), chooser_seed=st.integers(0, 2**40))
def test_random_games_keep_within_the_bounds(players: int, seed: int, chooser_seed: int) -> None:
    chooser = random.Random(chooser_seed)
    state = new_game(SAMPLE_NAMES[:players], seed, target_score=60).state
    while state.outcome is None:
        assert all(len(player.hand) <= HAND_SIZE[players] for player in state.players)
        check_runs_formula(state)
        moves = legal_moves(state, state.current_player)
        assert len(moves) <= MAX_LEGAL_MOVES
        state, events = apply(state, chooser.choice(moves))
        assert 1 <= len(events) <= MAX_EVENTS_PER_MOVE


def test_a_purple_move_that_ends_the_game_makes_the_most_events() -> None:
    """The bound is reached: a removal, a placement, the round's score and the game's end."""
    state = position([["scissors", "red-5"], ["blue-2"]], rows={"red": ["red-3", "red-9"]})
    _, events = apply(state, move(0, "scissors", "red", "red-5"))
    kinds = [type(event) for event in events]
    assert kinds == [TilesRemoved, TilesPlaced, RoundScored, GameOver]
    assert len(events) == MAX_EVENTS_PER_MOVE
