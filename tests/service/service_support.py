"""Helpers for the service-level tests: real gunicorn processes on real Redis, driven over HTTP.

A ``harness.games.Game`` remembers how it was created (names, seed, target) so that the engine can
replay the moves the service accepted and the tests can compare the two.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from harness.games import Game
from harness.http_client import Answer, Requester
from service.rules import Move, apply, from_snapshot, legal_moves, new_game, to_snapshot

CLIENT_TIMEOUT = 5.0
"""Seconds any one request may take: the guard against a hang, not a speed requirement."""


def local_legal_moves(snapshot: dict[str, Any]) -> list[dict[str, Any]]:
    """The current seat's legal moves, by the engine, on a snapshot the service gave."""
    state = from_snapshot(snapshot)
    return [move.to_json() for move in legal_moves(state, snapshot["current_player"])]


def replay(game: Game, moves: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The snapshot the engine reaches from the game's seed through ``moves`` (wire shape)."""
    state = new_game(game.names, game.seed, game.target_score).state
    for move in moves:
        state = apply(state, Move.from_json(move)).state
    return to_snapshot(state)


def snapshot(client: Requester, game: Game) -> tuple[int, dict[str, Any]]:
    """The admin's snapshot and its version (from the ETag)."""
    answer = client.request("GET", f"{game.url}/snapshot", token=game.admin)
    assert answer.status == 200, answer.raw
    return int(answer.headers["etag"].strip('"')), answer.body


def events(client: Requester, game: Game) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    while True:
        answer = client.request("GET", f"{game.url}/events?after={len(found)}&limit=500", token=game.admin)
        assert answer.status == 200, answer.raw
        if not answer.body["events"]:
            return found
        found += answer.body["events"]


def assert_problem(answer: Answer, status: int, code: str) -> None:
    assert answer.status == status, (answer.status, answer.raw)
    assert answer.headers["content-type"] == "application/problem+json", answer.headers
    assert answer.body["code"] == code and answer.body["status"] == status, answer.body


def wait_until(condition: Callable[[], bool], seconds: float, what: str) -> None:
    """Poll ``condition``; ``seconds`` only bounds a test that would otherwise never end."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"{what}: still not true after {seconds} s"
        time.sleep(0.05)
