"""``GET /v1/players/{player}/turns`` over HTTP: the owner's games whose turn is the person it names,
latest deadline first, a page at a time, following each move; another client's key sees none of them,
and a bad reference or cursor is 422."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Response

from harness.client_apps import register_in
from harness.in_process_api import Api
from service.play.timeouts import from_rfc3339, rfc3339
from service.store import Store
from tests.api.test_api_errors import assert_problem
from tests.api.test_api_seats import a_move, hand

PEOPLE = [{"name": "Annika", "player": "app:annika"}, {"name": "Elias", "player": "app:elias"}]
"""Two people the client names by its own references."""


def turns(api: Api, player: str, key: str | None = None, **query: Any) -> Response:
    return api.client.get(f"/v1/players/{player}/turns", query_string=query,
                          headers={"X-API-Key": key or api.key})  # fmt: skip


def listed(api: Api, player: str, **query: Any) -> list[str]:
    answer = turns(api, player, **query)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return [turn["game_id"] for turn in answer.get_json()["turns"]]


def test_a_game_waits_on_the_person_whose_turn_it_is_and_moves_on_with_the_turn(api: Api) -> None:
    game = api.create(players=PEOPLE, seed=3, clock={"turn_seconds": 600})
    view = game.created["game"]
    first = view["current_player"]
    mover, other = PEOPLE[first]["player"], PEOPLE[1 - first]["player"]
    since = rfc3339(from_rfc3339(view["clock"]["deadline"]) - 600_000)
    answer = turns(api, mover)
    assert answer.status_code == 200
    assert answer.get_json() == {
        "turns": [
            {
                "game_id": game.id,
                "seat": first,
                "version": 1,
                "round": 1,
                "since": since,
                "deadline": view["clock"]["deadline"],
            }
        ],
        "next_cursor": None,
    }
    assert listed(api, other) == []
    assert api.move(game, game.players[first], a_move(api, game)).status_code == 200
    assert listed(api, mover) == [] and listed(api, other) == [game.id]


def test_a_seat_handed_on_waits_on_its_new_holder(api: Api) -> None:
    game = api.create(players=PEOPLE, seed=3)
    first = game.created["game"]["current_player"]
    assert hand(api, game, first, game.admin, {"name": "Zoe", "player": "app:zoe"}).status_code == 200
    assert listed(api, PEOPLE[first]["player"]) == [] and listed(api, "app:zoe") == [game.id]


def test_pages_follow_the_cursor_to_the_end(api: Api) -> None:
    games = [api.create(players=PEOPLE, seed=3) for _ in range(3)]  # the same seed: the same first seat
    made = [game.id for game in games]
    mover = PEOPLE[games[0].created["game"]["current_player"]]["player"]
    first = turns(api, mover, limit=2).get_json()
    assert len(first["turns"]) == 2 and first["next_cursor"] is not None
    rest = turns(api, mover, limit=2, cursor=first["next_cursor"]).get_json()
    seen = [turn["game_id"] for turn in first["turns"] + rest["turns"]]
    assert sorted(seen) == sorted(made) and len(set(seen)) == 3
    assert rest["next_cursor"] is None or turns(api, mover, cursor=rest["next_cursor"]).get_json()[
        "turns"
    ] == []


def test_another_client_s_key_lists_none_of_the_owner_s_games(api: Api, store: Store) -> None:
    game = api.create(players=PEOPLE, seed=3)
    mover = PEOPLE[game.created["game"]["current_player"]]["player"]
    assert listed(api, mover) == [game.id]
    other = register_in(store, "other")
    answer = turns(api, mover, key=other)
    assert answer.status_code == 200 and answer.get_json() == {"turns": [], "next_cursor": None}


@pytest.mark.parametrize(
    ("player", "query"),
    [("x" * 129, {}), ("no%20spaces", {}), ("app:elias", {"cursor": "12"}), ("app:elias", {"limit": 0})],
)
def test_a_bad_reference_cursor_or_limit_is_422(api: Api, player: str, query: dict[str, Any]) -> None:
    problem = assert_problem(turns(api, player, **query), 422, "invalid_request")
    assert problem["errors"]


def test_without_a_client_key_it_is_401(api: Api) -> None:
    answer = api.client.get("/v1/players/app:elias/turns")
    assert answer.status_code == 401
