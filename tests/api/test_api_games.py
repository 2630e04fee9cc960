"""Creating games and reading them: the view, the snapshot, the event log and the legal moves."""

from __future__ import annotations

from typing import Any

import pytest

from harness.games import Game
from harness.in_process_api import Api
from harness.players import SAMPLE_NAMES
from service.rules import new_game, to_snapshot

ELIAS_FIRST_MOVES = [
    {"player": 1, "action": "play", "row": "red", "tiles": ["red-2"]},
    {"player": 1, "action": "play", "row": "red", "tiles": ["red-5"]},
]


def test_create_answers_201_with_location_etag_admin_view_and_tokens(api: Api) -> None:
    response = api.client.post(
        "/v1/games", json={"players": ["Annika", "Elias", "Sofia"], "seed": 7}, headers=api.key_header
    )
    assert response.status_code == 201
    body = response.get_json()
    game_id = body["game"]["id"]
    assert response.headers["Location"] == f"/v1/games/{game_id}"
    assert response.headers["ETag"] == '"1"'
    assert len(game_id) == 22
    engine = to_snapshot(new_game(["Annika", "Elias", "Sofia"], 7).state)
    assert body["game"]["hands"] == [player["hand"] for player in engine["players"]]
    assert "hand" not in body["game"] and "box" not in body["game"]
    assert body["game"]["version"] == 1 and body["game"]["status"] == "playing"
    assert body["game"]["target_score"] == 100
    tokens = body["tokens"]
    assert len(tokens["players"]) == 3
    assert len({tokens["admin"], *tokens["players"]}) == 4
    assert all(len(token) >= 40 for token in [tokens["admin"], *tokens["players"]])


def test_the_same_seed_deals_the_same_game_and_no_seed_still_deals(api: Api) -> None:
    first, second = api.create(seed=11), api.create(seed=11)
    assert first.id != second.id
    assert first.created["game"]["hands"] == second.created["game"]["hands"]
    unseeded = api.create(seed=None, target_score=50)
    assert unseeded.created["game"]["target_score"] == 50


def test_names_are_kept_exactly_as_sent(api: Api) -> None:
    names = [" Annika ", "Élias 🎲", "x" * 40]
    game = api.create(players=names)
    assert [player["name"] for player in game.created["game"]["players"]] == names


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": ["Annika"]}, "players"),
        ({"players": list(SAMPLE_NAMES) + ["Extra"]}, "players"),
        ({"players": ["Annika", ""]}, "players.1"),
        ({"players": ["Annika", "x" * 41]}, "players.1"),
        ({"players": ["Annika", "Eli\nas"]}, "players.1"),
        ({"players": ["Annika", "Elias\n"]}, "players.1"),
        ({"players": ["Annika", "Eli\x85as"]}, "players.1"),
        ({"players": ["Annika", 7]}, "players.1"),
        ({"players": "Annika, Elias"}, "players"),
        ({}, "players"),
        ({"players": ["A", "B"], "seed": -1}, "seed"),
        ({"players": ["A", "B"], "seed": 2**63}, "seed"),
        ({"players": ["A", "B"], "seed": "7"}, "seed"),
        ({"players": ["A", "B"], "seed": True}, "seed"),
        ({"players": ["A", "B"], "seed": 7.5}, "seed"),
        ({"players": ["A", "B"], "target_score": 0}, "target_score"),
        ({"players": ["A", "B"], "target_score": 10_001}, "target_score"),
        ({"players": ["A", "B"], "colour": "red"}, "colour"),
        (["Annika", "Elias"], "body"),
    ],
)
def test_create_refuses_what_the_contract_does_not_allow(api: Api, body: Any, field: str) -> None:
    response = api.client.post("/v1/games", json=body, headers=api.key_header)
    assert response.status_code == 422
    problem = response.get_json()
    assert problem["code"] == "invalid_request"
    assert field in problem["errors"]


def test_an_integral_float_is_an_integer_as_json_schema_says(api: Api) -> None:
    response = api.client.post("/v1/games", json={"players": ["A", "B"], "seed": 7.0}, headers=api.key_header)
    assert response.status_code == 201


def test_player_sees_own_hand_and_admin_sees_every_hand(api: Api, game: Game) -> None:
    engine = to_snapshot(new_game(SAMPLE_NAMES[:3], 7).state)
    for seat, token in enumerate(game.players):
        response = api.get(game.url, token)
        assert response.status_code == 200
        assert response.headers["ETag"] == '"1"'
        view = response.get_json()
        assert view["hand"] == engine["players"][seat]["hand"]
        assert "hands" not in view
    admin_view = api.get(game.url, game.admin).get_json()
    assert admin_view["hands"] == [player["hand"] for player in engine["players"]]
    assert "hand" not in admin_view


def test_view_tells_the_public_table(api: Api, game: Game) -> None:
    api.move(game, game.players[1], ELIAS_FIRST_MOVES[0])
    view = api.get(game.url, game.players[0]).get_json()
    assert view["rows"]["red"] == ["red-1", "red-2"]
    assert view["version"] == 2 and view["current_player"] == 2
    assert [player["tiles_left"] for player in view["players"]] == [28, 26, 27]
    assert view["players"][1] == {"seat": 1, "name": "Elias", "score": 0, "tiles_left": 26, "bot": None,
                                  "timeouts": 0, "absent": False, "state": "held",
                                  "invited_until": None}  # fmt: skip
    assert view["end_reason"] is None and view["last_round"] is None and view["winners"] == []


def test_snapshot_is_the_engines_document_for_the_admin_only(api: Api, game: Game) -> None:
    response = api.get(f"{game.url}/snapshot", game.admin)
    assert response.status_code == 200
    assert response.get_json() == to_snapshot(new_game(SAMPLE_NAMES[:3], 7).state)
    assert response.headers["ETag"] == '"1"'
    refused = api.get(f"{game.url}/snapshot", game.players[0])
    assert refused.status_code == 403
    assert refused.get_json()["code"] == "forbidden"


def test_events_are_numbered_and_paged(api: Api, game: Game) -> None:
    for move in ELIAS_FIRST_MOVES[:1]:
        api.move(game, game.admin, move)
    api.move(game, game.admin, {"player": 2, "action": "pass"})
    everything = api.get(f"{game.url}/events", game.players[0]).get_json()
    assert [event["seq"] for event in everything["events"]] == [1, 2, 3]
    assert [event["type"] for event in everything["events"]] == ["round_dealt", "tiles_placed", "passed"]
    assert everything["next_after"] == 3
    page = api.get(f"{game.url}/events", game.players[0], query_string={"after": 1, "limit": 1}).get_json()
    assert page == {"events": [everything["events"][1]], "next_after": 2}
    beyond = api.get(f"{game.url}/events", game.players[0], query_string={"after": 3}).get_json()
    assert beyond == {"events": [], "next_after": 3}


@pytest.mark.parametrize(
    "query",
    [{"after": -1}, {"after": "x"}, {"after": " 1"}, {"limit": 0}, {"limit": 501}, {"limit": "1.5"}],
)
def test_events_refuse_bad_queries(api: Api, game: Game, query: dict[str, Any]) -> None:
    response = api.get(f"{game.url}/events", game.admin, query_string=query)
    assert response.status_code == 422
    assert set(response.get_json()["errors"]) == set(query)


def test_legal_moves_for_a_players_own_seat(api: Api, game: Game) -> None:
    response = api.get(f"{game.url}/legal-moves", game.players[1])
    assert response.status_code == 200
    body = response.get_json()
    assert body["player"] == 1
    assert ELIAS_FIRST_MOVES[0] in body["moves"]
    assert body["moves"][-1] == {"player": 1, "action": "pass"}
    same = api.get(f"{game.url}/legal-moves", game.players[1], query_string={"player": 1}).get_json()
    assert same == body


def test_legal_moves_are_empty_when_it_is_not_that_seats_turn(api: Api, game: Game) -> None:
    assert api.legal_moves(game, game.players[0]) == []
    assert api.legal_moves(game, game.admin, seat=2) == []


def test_legal_moves_refuse_another_seat_to_a_player(api: Api, game: Game) -> None:
    response = api.get(f"{game.url}/legal-moves", game.players[0], query_string={"player": 1})
    assert response.status_code == 403


@pytest.mark.parametrize("query", [{}, {"player": 3}, {"player": 4}, {"player": "one"}])
def test_legal_moves_need_a_seat_of_the_game_from_the_admin(
    api: Api, game: Game, query: dict[str, Any]
) -> None:
    response = api.get(f"{game.url}/legal-moves", game.admin, query_string=query)
    assert response.status_code == 422
    assert "player" in response.get_json()["errors"]
