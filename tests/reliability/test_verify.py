"""The reliability checks themselves: each must catch the fault it exists for (no processes needed).

Games here are played by the engine alone; the "service" answers are made up, so that
a lost, doubled or invented move can be planted and must be found.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from harness.games import Game
from harness.players import SAMPLE_NAMES
from reliability.players import choose
from reliability.results import Exchange
from reliability.verify import Allowance, GameVerdict, check_answers, check_game, check_keys
from service.play.stored_game import numbered_events
from service.rules import Move, apply, new_game, to_snapshot

TABLE = Game(
    id="g" * 22,
    admin="admin",
    players=("s0", "s1", "s2"),
    names=SAMPLE_NAMES[:3],
    seed=7,
    target_score=100,
    created={},
)
PROBLEM = "application/problem+json"


def played(moves: int) -> tuple[list[dict[str, Any]], dict[str, Any], list[Any]]:
    """``moves`` legal moves from TABLE's deal, the final snapshot and the event log."""
    chooser = random.Random(1)
    transition = new_game(TABLE.names, TABLE.seed, TABLE.target_score)
    state, events, line = transition.state, numbered_events(transition.events, 0), []
    for _ in range(moves):
        move = choose(to_snapshot(state), chooser)
        step = apply(state, Move.from_json(move))
        state, events = step.state, events + numbered_events(step.events, len(events))
        line.append(move)
    return line, to_snapshot(state), events


def answered(move: dict[str, Any], version: int, **extra: Any) -> Exchange:
    return Exchange("move", TABLE.id, 200, version=version, move=move, **{"if_match": version - 1, **extra})


def verdict_of(moves: list[Exchange], final: dict[str, Any], version: int, events: list[Any]) -> GameVerdict:
    verdict = GameVerdict()
    check_game(TABLE, final, version, events, moves, verdict)
    return verdict


def test_a_faithful_game_passes() -> None:
    line, final, events = played(8)
    verdict = verdict_of([answered(move, number + 2) for number, move in enumerate(line)], final, 9, events)
    assert verdict.anomalies == [] and verdict.accepted == 8 and verdict.lost == 0


def test_a_move_nobody_was_told_of_is_found() -> None:
    line, final, events = played(8)
    told = [answered(move, number + 2) for number, move in enumerate(line) if number != 4]
    assert "made by no move" in " ".join(verdict_of(told, final, 9, events).anomalies)


def test_a_version_told_twice_is_a_lost_move() -> None:
    line, final, events = played(8)
    told = [answered(move, number + 2) for number, move in enumerate(line)] + [answered(line[3], 5)]
    verdict = verdict_of(told, final, 9, events)
    assert verdict.lost == 1 and "each told" in " ".join(verdict.anomalies)


def test_an_acknowledged_move_the_store_lacks_is_lost() -> None:
    line, final, events = played(8)
    _, earlier, earlier_events = played(7)
    verdict = verdict_of(
        [answered(move, number + 2) for number, move in enumerate(line)], earlier, 8, earlier_events
    )
    assert verdict.lost == 1


def test_a_lost_answer_is_placed_by_the_event_log() -> None:
    line, final, events = played(8)
    told = [answered(move, number + 2) for number, move in enumerate(line)]
    told[5] = Exchange("move", TABLE.id, None, move=line[5], if_match=6, key="k")
    verdict = verdict_of(told, final, 9, events)
    assert verdict.anomalies == [] and verdict.placed_by_log == 1


def test_a_stored_game_unlike_the_replay_is_found() -> None:
    line, final, events = played(8)
    final = {**final, "current_player": (final["current_player"] + 1) % 3}
    anomalies = verdict_of(
        [answered(move, number + 2) for number, move in enumerate(line)], final, 9, events
    ).anomalies
    assert any("differs from the stored game" in anomaly for anomaly in anomalies)


def problem(status: int, code: str, **extra: Any) -> Exchange:
    body = {"status": status, "code": code}
    return Exchange("move", TABLE.id, status, code, content_type=PROBLEM, body=body, **extra)


@pytest.mark.parametrize(
    ("exchange", "allowance"),
    [
        (problem(500, "internal_error"), Allowance(unavailable=True)),
        (problem(503, "storage_unavailable"), Allowance()),
        (problem(503, "storage_unavailable"), Allowance(unavailable=True)),  # no Retry-After
        (problem(412, "version_mismatch"), Allowance()),  # without If-Match
        (problem(422, "not_your_turn", if_match=3), Allowance()),  # the engine disagrees with itself
        (problem(409, "idempotency_key_in_flight"), Allowance()),  # without a key
        (problem(422, "idempotency_key_reused", key="k"), Allowance()),
        (Exchange("move", TABLE.id, 400, "bad", content_type="text/html"), Allowance()),
        (Exchange("move", TABLE.id, None, error="reset"), Allowance(unavailable=True)),
    ],
)
def test_answers_a_scenario_cannot_excuse(exchange: Exchange, allowance: Allowance) -> None:
    assert check_answers([exchange], allowance)


def test_a_key_that_ran_twice_is_found() -> None:
    twice = [answered({"player": 0}, 5, key="k"), answered({"player": 0}, 6, key="k")]
    assert check_keys(twice)


def test_a_replay_unlike_the_answer_is_found() -> None:
    first = answered({"player": 0}, 5, key="k", raw=b"first")
    assert check_keys([first, answered({"player": 0}, 5, key="k", raw=b"other", replayed=True)])
    assert not check_keys([first, answered({"player": 0}, 5, key="k", raw=b"first", replayed=True)])
