"""Complete seeded games played through HTTP only, then replayed by the engine itself.

Each seat plays with its own token, choosing among its ``legal-moves`` with a seeded
chooser (mostly the longest run, so games last several rounds) and moving with
``If-Match``. At the end the admin's snapshot must equal the
engine's own replay of the same moves, and the event log must be exactly the events
the moves answered.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from harness.in_process_api import Api
from harness.players import SAMPLE_NAMES
from service.rules import Move, apply, new_game, to_snapshot
from tests.choosers import choose

MAX_TURNS = 5_000
TARGET_SCORE = 400
"""With this chooser: 4 or 5 rounds, 75 to 140 turns."""


def all_events(api: Api, url: str, token: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    while True:
        page = api.get(f"{url}/events", token, query_string={"after": len(events), "limit": 500}).get_json()
        if not page["events"]:
            return events
        events += page["events"]
        assert page["next_after"] == len(events)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seeded_game_played_over_http_ends_as_the_engine_replays_it(api: Api, players: int) -> None:
    seed = 1000 + players
    game = api.create(players=SAMPLE_NAMES[:players], seed=seed, target_score=TARGET_SCORE)
    chooser = random.Random(seed)
    played: list[dict[str, Any]] = []
    answered_events = all_events(api, game.url, game.admin)
    view = api.get(game.url, game.players[0]).get_json()
    while view["status"] == "playing":
        assert len(played) < MAX_TURNS
        token = game.players[view["current_player"]]
        move = choose(chooser, api.legal_moves(game, token))
        response = api.move(game, token, move, **{"If-Match": f'"{view["version"]}"'})
        assert response.status_code == 200, response.get_data(as_text=True)
        played.append(move)
        answered_events += response.get_json()["events"]
        view = response.get_json()["game"]

    state = new_game(SAMPLE_NAMES[:players], seed, TARGET_SCORE).state
    for move in played:
        state = apply(state, Move.from_json(move)).state
    assert state.outcome is not None
    assert api.snapshot(game) == to_snapshot(state)
    assert view["winners"] == list(state.outcome.winners)
    assert view["end_reason"] == state.outcome.reason.value
    assert view["version"] == 1 + len(played)
    assert view["round"] > 1 and view["last_round"] is not None
    assert all_events(api, game.url, game.players[-1]) == answered_events
    assert [event["seq"] for event in answered_events] == list(range(1, len(answered_events) + 1))
