"""Ratings over HTTP (docs/RATINGS.md): a rated game made, played out and rated by the real worker; the
player's rating and history, the leaderboard and predictions read with the client's key, its own pool
only; every bad input a problem code and no change."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Response

from harness.client_apps import register_in
from harness.in_process_api import Api, Game
from service.bots.levels import choose
from service.settings import WorkerSettings
from service.store import Store
from service.worker.handlers import worker
from tests.api.test_api_errors import assert_problem

PEOPLE = [{"name": "Annika", "player": "app:annika"}, {"name": "Elias", "player": "app:elias"}]


def read(api: Api, path: str, key: str | None = None, **query: Any) -> Response:
    return api.client.get(path, query_string=query, headers={"X-API-Key": key or api.key})


def predicted(api: Api, seats: Any) -> Response:
    return api.client.post("/v1/ratings/predictions", json={"seats": seats}, headers=api.key_header)


def rated_and_played(api: Api, store: Store) -> Game:
    """A rated game of two people, ended by two passes (a target of 1), then the worker's round."""
    game = api.create(players=PEOPLE, seed=3, target_score=1, rated=True)
    for _ in range(2):
        seat = api.snapshot(game)["current_player"]
        assert api.move(game, game.admin, {"player": seat, "action": "pass"}).status_code == 200
    assert api.snapshot(game)["status"] == "finished"
    worker(store, "test", choose, WorkerSettings()).drain([game.id])
    return game


def test_a_rated_game_rates_its_players_once_and_tells_every_viewer(api: Api, store: Store) -> None:
    game = rated_and_played(api, store)
    worker(store, "test", choose, WorkerSettings()).drain([game.id])  # a second round: nothing more
    events = api.get(f"{game.url}/events", game.players[0]).get_json()["events"]
    rated = [event for event in events if event["type"] == "game_rated"]
    assert len(rated) == 1
    places = sorted(seat["place"] for seat in rated[0]["seats"])
    assert places in ([1, 2], [1, 1])
    annika = read(api, "/v1/ratings/players/app:annika")
    assert annika.status_code == 200
    body = annika.get_json()
    assert body["rating"]["games"] == 1 and len(body["history"]) == 1
    entry = body["history"][0]
    assert (entry["game_id"], entry["seat"], entry["seats"]) == (game.id, 0, 2)
    assert entry["after"] == body["rating"] and entry["before"]["games"] == 0
    assert entry["after"] == rated[0]["seats"][0]["after"]
    board = read(api, "/v1/ratings/leaderboard").get_json()
    assert (board["total"], board["pages"], [row["rank"] for row in board["players"]]) == (2, 1, [1, 2])
    assert {row["player"] for row in board["players"]} == {"app:annika", "app:elias"}
    first = board["players"][0]
    assert first["rating"]["ordinal"] >= board["players"][1]["rating"]["ordinal"]
    assert read(api, f"/v1/ratings/players/{first['player']}").get_json()["rank"] == 1


def test_another_app_sees_nothing_of_a_pool(api: Api, store: Store) -> None:
    rated_and_played(api, store)
    other = register_in(store, "other")
    assert_problem(read(api, "/v1/ratings/players/app:annika", other), 404, "unknown_player")
    board = read(api, "/v1/ratings/leaderboard", other).get_json()
    assert (board["total"], board["pages"], board["players"]) == (0, 1, [])


def test_a_prediction_gives_chances_that_sum_to_one_and_expected_places(api: Api, store: Store) -> None:
    rated_and_played(api, store)
    answer = predicted(api, [{"player": "app:annika"}, {"player": "app:new"}, {"bot": "expert"}])
    assert answer.status_code == 200
    seats = answer.get_json()["seats"]
    assert [seat["seat"] for seat in seats] == [0, 1, 2]
    assert seats[1]["rating"] == {"mu": 25.0, "sigma": 25 / 3, "ordinal": 0.0, "games": 0}
    assert seats[2]["bot"] == "expert" and abs(sum(seat["chance"] for seat in seats) - 1) < 1e-9
    best = max(seats, key=lambda seat: seat["chance"])
    assert best["rank"] == 1


@pytest.mark.parametrize(
    "players",
    [
        [{"name": "Annika", "player": "app:annika"}, "Elias"],
        [{"name": "Annika", "player": "app:annika"}, {"name": "Bot", "bot": "random"}],
    ],
)
def test_a_rated_game_with_a_seat_no_person_with_a_reference_holds_is_refused(
    api: Api, players: list[Any]
) -> None:
    before = api.client.get("/v1/games", headers=api.key_header).get_json()["games"]
    answer = api.client.post("/v1/games", json={"players": players, "rated": True}, headers=api.key_header)
    problem = assert_problem(answer, 422, "rating_needs_players")
    assert "seat 1" in problem["detail"]
    assert api.client.get("/v1/games", headers=api.key_header).get_json()["games"] == before


def test_bad_reads_are_refused_with_their_codes(api: Api) -> None:
    assert_problem(read(api, "/v1/ratings/players/nobody"), 404, "unknown_player")
    assert_problem(read(api, "/v1/ratings/players/not a reference"), 422, "invalid_request")
    assert_problem(read(api, "/v1/ratings/leaderboard", page=2), 422, "page_out_of_range")
    assert_problem(read(api, "/v1/ratings/leaderboard", per_page=101), 422, "invalid_request")
    assert_problem(read(api, "/v1/ratings/leaderboard", page=0), 422, "invalid_request")
    assert read(api, "/v1/ratings/leaderboard", key="k" * 40).status_code == 401


@pytest.mark.parametrize(
    ("seats", "code"),
    [
        ([{"player": "app:annika"}], "invalid_request"),
        ([{"player": f"app:{n}"} for n in range(5)], "invalid_request"),
        ([{"player": "app:annika", "bot": "random"}, {"player": "app:elias"}], "invalid_request"),
        ([{}, {"player": "app:elias"}], "invalid_request"),
        ([{"bot": "grandmaster"}, {"player": "app:elias"}], "unknown_bot_level"),
    ],
)
def test_a_bad_prediction_is_refused_with_its_code(api: Api, seats: Any, code: str) -> None:
    assert_problem(predicted(api, seats), 422, code)


def test_each_bot_level_is_listed_with_its_rating(api: Api) -> None:
    levels = api.client.get("/v1/bots").get_json()["bots"]
    assert [level["level"] for level in levels] == ["random", "greedy", "expert"]
    assert all(set(level["rating"]) == {"mu", "sigma", "ordinal", "games"} for level in levels)
