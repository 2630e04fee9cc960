"""The expert's determinizations: the tiles the seat cannot see, dealt to the hand sizes it sees."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.bots.belief import (
    CLOSER_WEIGHT,
    DEAD_WEIGHT,
    PURPLE_WEIGHT,
    STUCK_WEIGHT,
    believed_deal,
    draw,
    passed_seats,
    weight,
)
from service.bots.view import seat_view, unseen_tiles
from service.rules import GameState
from service.rules.tiles import TILES_BY_CODE
from tests.bots.positions import positions
from tests.rules.builders import position


@given(state=positions, seed=st.integers(0, 2**32))
def test_a_believed_deal_is_a_position_the_seat_cannot_tell_from_the_real_one(
    state: GameState, seed: int
) -> None:
    view = seat_view(state, state.current_player)
    drawn = believed_deal(view, random.Random(seed))
    assert seat_view(drawn, view.seat) == view
    dealt = [t for seat, p in enumerate(drawn.players) if seat != view.seat for t in p.hand] + list(drawn.box)
    assert Counter(dealt) == Counter(unseen_tiles(view))
    assert believed_deal(view, random.Random(seed)) == drawn


@given(
    weights=st.lists(st.integers(1, 40), min_size=1, max_size=60),
    share=st.floats(0, 1),
    seed=st.integers(0, 2**32),
)
def test_a_draw_takes_exactly_the_count_asked_each_index_once(
    weights: list[int], share: float, seed: int
) -> None:
    count = round(share * len(weights))
    chosen = draw(weights, count, random.Random(seed))
    assert len(chosen) == len(set(chosen)) == count and all(0 <= index < len(weights) for index in chosen)


def test_a_draw_takes_each_index_as_often_as_its_weight_says() -> None:
    weights, count, draws = [20] * 10 + [5] * 10 + [30] * 2, 8, 4000
    taken = Counter(index for seed in range(draws) for index in draw(weights, count, random.Random(seed)))
    total = sum(weights)
    for index in (0, 10, 20):
        assert taken[index] / draws == pytest.approx(count * weights[index] / total, abs=0.03)


def test_a_tile_whose_chance_reaches_one_is_always_taken() -> None:
    for seed in range(50):
        assert 0 in draw([100, 1, 1, 1], 2, random.Random(seed))


def test_the_weights_of_the_unseen_tiles() -> None:
    state = position([["red-9"], ["gray-2"]], rows={"blue": ["blue-6"], "green": ["green-3"]})
    view = seat_view(state, 0)
    tile = TILES_BY_CODE.__getitem__
    assert weight(view, tile("blue-4"), 10, stuck=False) == DEAD_WEIGHT
    assert weight(view, tile("blue-9"), 10, stuck=False) == 10  # live: the holder's hand size
    assert weight(view, tile("blue-9"), 1, stuck=False) == 3 and weight(view, tile("blue-9"), 29, False) == 24
    assert weight(view, tile("blue-7"), 10, stuck=False) == 5  # just above the top: cut to 11/20
    assert weight(view, tile("blue-stop"), 10, stuck=False) == CLOSER_WEIGHT
    assert weight(view, tile("scissors"), 10, stuck=False) == PURPLE_WEIGHT
    assert weight(view, tile("blue-9"), 10, stuck=True) == STUCK_WEIGHT
    assert weight(view, tile("trash"), 10, stuck=True) == STUCK_WEIGHT
    assert weight(view, tile("blue-4"), 10, stuck=True) == DEAD_WEIGHT


def test_the_seats_that_passed_are_those_just_before_the_seat_to_play() -> None:
    state = position([["red-9"], ["gray-2"], ["gray-3"], ["gray-4"]], current=1, consecutive_passes=2)
    assert passed_seats(seat_view(state, 1)) == {0, 3}
    assert passed_seats(seat_view(position([["red-9"], ["gray-2"]]), 0)) == set()
