"""What a seat sees: its own hand and the public facts, and never what would let a bot cheat."""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.bots import LEVEL_NAMES, SeatView, choose, seat_view
from service.bots.view import any_position, hidden_position, unseen_tiles
from service.rules import ALL_TILES, GameState, legal_moves
from tests.bots.positions import positions, reached, redealt

ROOT = Path(__file__).resolve().parents[2]


def test_a_view_holds_only_public_facts_and_its_own_hand() -> None:
    assert {field.name for field in fields(SeatView)} == {
        "seat", "hand", "rows", "discarded", "hand_sizes", "scores", "current_player",
        "consecutive_passes", "round", "target_score", "last_round", "outcome",
    }  # fmt: skip


def test_seat_view_copies_the_seats_hand_and_the_public_state() -> None:
    state = reached(3, seed=5, plies=20)
    view = seat_view(state, 1)
    assert view.hand == state.players[1].hand
    assert view.hand_sizes == tuple(len(player.hand) for player in state.players)
    assert view.scores == tuple(player.score for player in state.players)
    assert (view.rows, view.discarded) == (state.rows, state.discarded)
    assert (view.current_player, view.consecutive_passes) == (state.current_player, state.consecutive_passes)
    assert (view.round, view.target_score, view.player_count) == (state.round, state.target_score, 3)


def test_a_seat_outside_the_game_has_no_view() -> None:
    with pytest.raises(ValueError, match="seat 4"):
        seat_view(reached(2, seed=1, plies=0), 4)


@given(state=positions)
def test_the_unseen_tiles_are_the_other_hands_and_the_box(state: GameState) -> None:
    view = seat_view(state, state.current_player)
    others = [tile for seat, player in enumerate(state.players) if seat != view.seat for tile in player.hand]
    unseen = unseen_tiles(view)
    assert sorted(tile.order for tile in unseen) == sorted(tile.order for tile in others + list(state.box))
    seen = len(view.hand) + sum(map(len, view.rows)) + len(view.discarded)
    assert seen + len(unseen) == len(ALL_TILES)


@given(state=positions)
def test_a_position_rebuilt_from_the_view_gives_the_seat_the_same_moves(state: GameState) -> None:
    view = seat_view(state, state.current_player)
    rebuilt = any_position(view)
    assert seat_view(rebuilt, view.seat) == view
    assert legal_moves(rebuilt, view.seat) == legal_moves(state, view.seat)


def test_hidden_position_refuses_too_few_hidden_tiles() -> None:
    view = seat_view(reached(2, seed=3, plies=4), 0)
    with pytest.raises(ValueError, match="hand sizes"):
        hidden_position(view, unseen_tiles(view)[:3], seed=0)


@settings(max_examples=40)
@given(state=positions, shuffle_seed=st.integers(0, 2**32), decision_seed=st.integers(0, 2**64 - 1))
def test_fair_play_a_redeal_of_what_the_seat_cannot_see_changes_nothing(
    state: GameState, shuffle_seed: int, decision_seed: int
) -> None:
    """The other hands and the box dealt anew (same sizes) and another seed: the same view,
    and every served level chooses the same move."""
    other = redealt(state, random.Random(shuffle_seed))
    seat = state.current_player
    assert seat_view(other, seat) == seat_view(state, seat)
    for level in LEVEL_NAMES:
        assert choose(level, seat_view(other, seat), decision_seed) == choose(
            level, seat_view(state, seat), decision_seed
        )


def test_a_bot_handed_the_full_state_is_refused_at_run_time() -> None:
    state = reached(2, seed=2, plies=3)
    with pytest.raises(TypeError, match="SeatView"):
        choose("greedy", state, 0)  # type: ignore[arg-type]


def test_mypy_refuses_to_hand_a_bot_the_full_state(tmp_path: Path) -> None:
    cheat = tmp_path / "cheat.py"
    cheat.write_text(
        "from service.bots import choose\n"
        "from service.bots.greedy import greedy\n"
        "from service.rules import GameState\n"
        "import random\n\n"
        "def cheat(state: GameState) -> None:\n"
        "    choose('expert', state, 1)\n"
        "    greedy(state, random.Random(1))\n"
    )
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--follow-imports=silent", str(cheat)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert checked.returncode == 1, checked.stdout
    assert checked.stdout.count('incompatible type "GameState"; expected "SeatView"') == 2, checked.stdout
