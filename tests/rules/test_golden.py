"""Legal-move counts of committed seeded positions, like python-chess's perft files."""

import json
from collections import Counter
from typing import Any

import pytest

from service.rules import Action, from_snapshot, legal_moves
from tests.rules.builders import move
from tests.rules.make_golden import GOLDEN_FILE, entries, render

GOLDEN: list[dict[str, Any]] = json.loads(GOLDEN_FILE.read_text(encoding="utf-8"))["positions"]


def entry(players: int, seed: int) -> dict[str, Any]:
    return next(e for e in GOLDEN if (e["players"], e["seed"]) == (players, seed))


@pytest.mark.parametrize("position", GOLDEN, ids=lambda e: f"{e['players']}p-seed{e['seed']}")
def test_legal_move_count(position: dict[str, Any]) -> None:
    state = from_snapshot(position["snapshot"])
    assert state.current_player == position["seat"]
    moves = legal_moves(state, position["seat"])
    assert len(moves) == position["legal_moves"]
    by_action = Counter(m.action.value for m in moves)
    assert {action.value: by_action[action.value] for action in Action} == position["by_action"]


def test_the_golden_file_is_small_and_covers_every_rule() -> None:
    assert GOLDEN_FILE.stat().st_size < 1_000_000
    assert len(GOLDEN) >= 60
    assert {e["players"] for e in GOLDEN} == {2, 3, 4}
    tops = Counter(row[-1].split("-")[-1] for e in GOLDEN for row in e["snapshot"]["rows"].values())
    assert tops["stop"] > 20 and tops["restart"] > 10
    assert sum(e["by_action"]["scissors"] > 0 for e in GOLDEN) >= 10
    assert sum(e["by_action"]["trash"] > 0 for e in GOLDEN) >= 5
    assert sum(bool(e["snapshot"]["discarded"]) for e in GOLDEN) >= 20


def test_the_golden_file_is_what_the_generator_writes() -> None:
    assert render(entries()) == GOLDEN_FILE.read_text(encoding="utf-8")


def test_a_golden_count_checked_by_hand_scissors_only() -> None:
    """4 players, seed 24: every row is closed or too high, so only the scissors help.

    Hand: red 5 9, blue 2 3 5 11, orange 2 5 12, gray 3 4 13, two scissors. Cutting red's
    STOP leaves its RESTART (0): red 5 or 9. Cutting blue 12 leaves 7: blue 11. Green: no
    green tile. Orange down to its 1: 2, 5 or 12. Gray down to 8: 13. Each also alone.
    """
    position = entry(4, 24)
    assert position["snapshot"]["rows"]["blue"] == ["blue-1", "blue-7", "blue-12"]
    seat = position["seat"]
    follow_ups = {"red": ["red-5", "red-9"], "blue": ["blue-11"], "green": [],
                  "orange": ["orange-2", "orange-5", "orange-12"], "gray": ["gray-13"]}  # fmt: skip
    expected = {move(seat, "pass")}
    for row, tiles in follow_ups.items():
        expected |= {move(seat, "scissors", row)} | {move(seat, "scissors", row, t) for t in tiles}
    assert set(legal_moves(from_snapshot(position["snapshot"]), seat)) == expected
    assert position["legal_moves"] == 13


def test_a_golden_count_checked_by_hand_restart_on_15() -> None:
    """4 players, seed 4: the red RESTART fits on red 15; scissors open four closed rows.

    Cutting red 15 leaves 14: only the RESTART. Blue down to 11: 15. Green down to 15 and
    orange down to 14: nothing fits. Gray's STOP cut leaves its RESTART: 10, 10-11, 11.
    """
    position = entry(4, 4)
    seat = position["seat"]
    expected = {move(seat, "pass"), move(seat, "play", "red", "red-restart")}
    follow_ups = {"red": [("red-restart",)], "blue": [("blue-15",)], "green": [], "orange": [],
                  "gray": [("gray-10",), ("gray-10", "gray-11"), ("gray-11",)]}  # fmt: skip
    for row, runs in follow_ups.items():
        expected |= {move(seat, "scissors", row)} | {move(seat, "scissors", row, *run) for run in runs}
    assert set(legal_moves(from_snapshot(position["snapshot"]), seat)) == expected
    assert position["legal_moves"] == 12
