"""Greedy's rules (service/bots/greedy.py, docs/BOTS.md), each on a position built for it,
and greedy checked against a plain reading of those rules over every legal move."""

from __future__ import annotations

import random

from hypothesis import given

from service.bots.greedy import Greedy, greedy
from service.bots.view import seat_view
from service.rules import Action, GameState, Kind, Move, TilesRemoved, apply, legal_moves
from service.rules.judge import PURPLE_FOR_ACTION
from service.rules.state import row_floor
from service.rules.tiles import TILES_BY_CODE, Tile
from tests.bots.positions import positions
from tests.rules.builders import move, position

OPPONENT = ["orange-2"]
"""The other seat's hand: a tile its row no longer takes (the orange row is closed)."""


def greedy_move(hand: list[str], rows: dict[str, list[str]] | None = None) -> Move:
    """Greedy's move for seat 0 holding ``hand``, with ``rows`` on top of the 1s."""
    state = position([hand, OPPONENT], rows={"orange": ["orange-stop"], **(rows or {})})
    return greedy(seat_view(state, 0), random.Random(0))


def test_a_number_play_comes_before_a_16_alone_that_sheds_more() -> None:
    assert greedy_move(["blue-2", "red-stop"]) == move(0, "play", "blue", "blue-2")


def test_a_16_ending_a_run_is_part_of_a_number_play() -> None:
    hand = ["red-14", "red-15", "red-stop"]
    assert greedy_move(hand) == move(0, "play", "red", "red-14", "red-15", "red-stop")


def test_a_16_alone_is_played_when_no_number_tile_can_be() -> None:
    chosen = greedy_move(["green-restart", "green-7"], rows={"green": ["green-10"]})
    assert chosen == move(0, "play", "green", "green-restart")


def test_a_stop_strands_the_16_kept_behind_it_so_the_restart_goes_first() -> None:
    chosen = greedy_move(["green-stop", "green-restart"], {"green": ["green-10"]})
    assert chosen == move(0, "play", "green", "green-restart")


def test_a_purple_tile_that_pays_is_used_before_a_smaller_play() -> None:
    rows = {"blue": ["blue-5", "blue-14"]}
    chosen = greedy_move(["scissors", "blue-12", "blue-13", "red-2"], rows)
    assert chosen == move(0, "scissors", "blue", "blue-12", "blue-13")


def test_a_purple_tiles_own_points_do_not_count() -> None:
    rows = {"blue": ["blue-5", "blue-14"]}
    run = ["red-2", "red-3", "red-4", "red-5", "red-6", "red-7"]  # 27 points, against the follow-up's 25
    assert greedy_move(["scissors", "blue-12", "blue-13", *run], rows) == move(0, "play", "red", *run)


def test_a_purple_tile_that_does_not_pay_waits_behind_a_16_alone() -> None:
    rows = {"blue": ["blue-5", "blue-14"]}
    assert greedy_move(["scissors", "blue-6", "red-stop"], rows) == move(0, "play", "red", "red-stop")


def test_a_purple_tile_is_used_rather_than_passing() -> None:
    rows = {"blue": ["blue-5", "blue-14"]}
    assert greedy_move(["trash", "blue-3"], rows) == move(0, "trash", "blue", "blue-3")


def test_the_tiles_a_play_strands_count_against_it() -> None:
    assert greedy_move(["blue-3", "blue-9"]) == move(0, "play", "blue", "blue-9")
    assert greedy_move(["blue-3", "blue-4", "blue-5", "blue-9"]) == move(
        0, "play", "blue", "blue-3", "blue-4", "blue-5"
    )


def test_equal_moves_go_in_legal_moves_order() -> None:
    assert greedy_move(["red-5", "blue-5"]) == move(0, "play", "red", "red-5")


def test_greedy_passes_only_when_nothing_can_be_placed() -> None:
    rows = {"blue": ["blue-9"]}
    assert greedy_move(["blue-3", "blue-4"], rows) == move(0, "pass")


def rule_key(state: GameState, candidate: Move) -> tuple[int, int]:
    """Greedy's rules read plainly over one legal move: (tier, minus the net points)."""
    if candidate.action is Action.PASS:
        return (3, 0)
    placed = [TILES_BY_CODE[code] for code in candidate.tiles]
    shed = sum(tile.minus_points for tile in placed)
    if candidate.action is Action.PLAY:
        tier = 0 if any(tile.kind is Kind.NUMBER for tile in placed) else 1
    else:
        tier = 0 if shed >= 20 else 2
    assert candidate.row is not None
    before = state.row(candidate.row)
    row = before
    for event in apply(state, candidate).events:
        if isinstance(event, TilesRemoved):
            row = row[: len(row) - len(event.tiles)]
    after = row + tuple(placed)
    kept = list(state.players[candidate.player].hand)
    purple = PURPLE_FOR_ACTION.get(candidate.action)
    for spent in placed + ([purple] if purple else []):
        kept.remove(spent)

    def takes(row: tuple[Tile, ...], tile: Tile) -> bool:
        floor = row_floor(row)
        return floor is not None and tile.value > floor

    of_colour = [tile for tile in kept if tile.colour is candidate.row]
    stranded = sum(tile.minus_points for tile in of_colour if takes(before, tile) and not takes(after, tile))
    return (tier, stranded - shed)


@given(state=positions)
def test_greedy_plays_the_first_best_legal_move_by_its_rules(state: GameState) -> None:
    moves = legal_moves(state, state.current_player)
    assert greedy(seat_view(state, state.current_player), random.Random(0)) == min(
        moves, key=lambda candidate: rule_key(state, candidate)
    )


@given(state=positions)
def test_greedys_ranking_is_every_legal_move_best_first(state: GameState) -> None:
    ranked = Greedy().ranked(state)
    moves = legal_moves(state, state.current_player)
    assert sorted(map(str, ranked)) == sorted(map(str, moves)) and len(ranked) == len(moves)
    assert [rule_key(state, m) for m in ranked] == sorted(rule_key(state, m) for m in moves)
    assert ranked[0] == Greedy().move(state) and ranked[-1].action is Action.PASS
