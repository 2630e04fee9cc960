"""Seats changing hands over HTTP: ``PUT`` and ``DELETE /v1/games/{id}/seats/{seat}/holder``, ``POST
.../seats/{seat}/leave``; their answers and refusals, the tokens they revoke, what the views show of
the holders, the events they log, and a game the service finishes for a seat nobody holds."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Response

from harness.games import Game
from harness.in_process_api import Api, bearer
from service.bots.levels import choose
from service.rules import from_snapshot, legal_moves
from service.settings import WorkerSettings
from service.store import Store
from service.worker.handlers import worker
from tests.api.test_api_errors import assert_problem
from tests.store.helpers import FakeClock

TWO = ["Annika", "Elias"]


def hand(api: Api, game: Game, seat: int, token: str | None, body: Any = None, **headers: str) -> Response:
    return api.client.put(f"{game.url}/seats/{seat}/holder", json={} if body is None else body,
                          headers={**bearer(token), **headers})  # fmt: skip


def vacate(api: Api, game: Game, seat: int, token: str | None, **headers: str) -> Response:
    return api.client.delete(f"{game.url}/seats/{seat}/holder", headers={**bearer(token), **headers})


def leave(api: Api, game: Game, seat: int, token: str | None, **headers: str) -> Response:
    return api.client.post(f"{game.url}/seats/{seat}/leave", headers={**bearer(token), **headers})


def seen(api: Api, game: Game, token: str | None, **headers: str) -> dict[str, Any]:
    answer = api.get(game.url, token, headers=headers)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    view: dict[str, Any] = answer.get_json()
    return view


def event_types(api: Api, game: Game) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = api.get(f"{game.url}/events?limit=500", game.admin).get_json()["events"]
    return events


def a_move(api: Api, game: Game) -> dict[str, Any]:
    state = from_snapshot(api.snapshot(game))
    moves = legal_moves(state, state.current_player)
    return next((move for move in moves if move.tiles), moves[0]).to_json()


# Handing a seat on


@pytest.mark.parametrize("by", ["admin token", "owner's key"])
def test_a_seat_handed_on_answers_the_game_and_the_new_token_and_the_old_one_opens_nothing(
    api: Api, by: str
) -> None:
    game = api.create(players=TWO, seed=3)
    before = seen(api, game, game.players[0])
    headers = api.key_header if by == "owner's key" else {}
    token = None if headers else game.admin
    answer = hand(api, game, 0, token, {"name": "Zoe", "player": "app:p-1"}, **headers)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    body = answer.get_json()
    assert set(body) == {"game", "token"} and body["token"] not in game.players
    assert body["game"]["version"] == 2 and answer.headers["ETag"] == '"2"'
    holder = body["game"]["players"][0]
    assert (holder["name"], holder["state"], holder["player"]) == ("Zoe", "held", "app:p-1")
    assert_problem(api.get(game.url, game.players[0]), 401, "unauthorized")
    assert_problem(api.move(game, game.players[0], {"player": 0, "action": "pass"}), 401, "unauthorized")
    now = seen(api, game, body["token"])
    assert now["hand"] == before["hand"] and now["players"][0]["score"] == before["players"][0]["score"]
    assert seen(api, game, game.players[1])["players"][0]["name"] == "Zoe"  # the other seat as it was


def test_the_new_holder_plays_the_seat(api: Api) -> None:
    game = api.create(players=TWO, seed=3)
    seat = seen(api, game, game.admin)["current_player"]
    token = hand(api, game, seat, game.admin).get_json()["token"]
    answer = api.move(game, token, a_move(api, game))
    assert answer.status_code == 200, answer.get_data(as_text=True)


@pytest.mark.parametrize("seat", [0, 1])
def test_a_player_may_not_hand_on_or_vacate_a_seat(api: Api, seat: int) -> None:
    game = api.create(players=TWO, seed=3)
    assert_problem(hand(api, game, seat, game.players[0]), 403, "forbidden")
    assert_problem(vacate(api, game, seat, game.players[0]), 403, "forbidden")
    assert_problem(hand(api, game, seat, game.created["tokens"]["spectator"]), 403, "forbidden")
    assert seen(api, game, game.admin)["version"] == 1


def test_a_seat_the_game_has_not_is_not_found(api: Api) -> None:
    game = api.create(players=TWO, seed=3)
    assert_problem(hand(api, game, 2, game.admin), 404, "not_found")
    assert_problem(vacate(api, game, 5, game.admin), 404, "not_found")
    assert_problem(leave(api, game, 2, game.admin), 404, "not_found")


@pytest.mark.parametrize("change", ["hand", "vacate", "leave"])
def test_if_match_on_another_version_is_412_and_changes_nothing(api: Api, change: str) -> None:
    game = api.create(players=TWO, seed=3)
    stale = {"If-Match": '"7"'}
    if change == "hand":
        answer = hand(api, game, 0, game.admin, **stale)
    else:
        answer = (vacate if change == "vacate" else leave)(api, game, 0, game.admin, **stale)
    assert_problem(answer, 412, "version_mismatch")
    assert seen(api, game, game.admin)["version"] == 1
    assert seen(api, game, game.players[0])["players"][0]["state"] == "held"


@pytest.mark.parametrize(
    "body", [{"player": "p" * 129}, {"player": "has space"}, {"player": ""}, {"name": ""}, {"player": 7}]
)
def test_a_holder_the_contract_does_not_allow_is_422(api: Api, body: dict[str, Any]) -> None:
    game = api.create(players=TWO, seed=3)
    problem = assert_problem(hand(api, game, 0, game.admin, body), 422, "invalid_request")
    assert set(problem["errors"]) <= {"player", "name"}
    assert seen(api, game, game.admin)["version"] == 1


def test_a_player_reference_of_128_characters_is_taken(api: Api) -> None:
    game = api.create(players=TWO, seed=3)
    reference = "urn:a.b@c-d_" + "x" * 116
    answer = hand(api, game, 0, game.admin, {"player": reference})
    assert answer.status_code == 200 and answer.get_json()["game"]["players"][0]["player"] == reference


@pytest.mark.parametrize("reference", ["p" * 129, "has space", ""])
def test_a_creation_with_a_player_reference_the_contract_does_not_allow_is_422(
    api: Api, reference: str
) -> None:
    asked = {"players": [{"name": "A", "player": reference}, "B"]}
    assert_problem(api.post("/v1/games", None, asked, headers=api.key_header), 422, "invalid_request")


# Who sees the client app's references


def test_the_player_reference_is_shown_to_the_owner_s_key_and_the_admin_token_only(api: Api) -> None:
    game = api.create(players=[{"name": "Annika", "player": "app:annika"}, "Elias"], seed=3)
    assert game.created["game"]["players"][0]["player"] == "app:annika"
    hand(api, game, 1, game.admin, {"player": "app:zoe", "name": "Zoe"})
    for view in (seen(api, game, game.admin), seen(api, game, None, **api.key_header)):
        assert [player["player"] for player in view["players"]] == ["app:annika", "app:zoe"]
        assert [player["state"] for player in view["players"]] == ["held", "held"]
    for token in (game.players[0], game.created["tokens"]["spectator"]):
        view = seen(api, game, token)
        assert all("player" not in player for player in view["players"])
        assert [player["state"] for player in view["players"]] == ["held", "held"]
        assert "app:" not in api.get(game.url, token).get_data(as_text=True)
    listed = api.get("/v1/games", None, headers=api.key_header).get_json()
    assert "app:zoe" in str(listed)  # the owner's list of its games


# Vacating and leaving


def test_a_vacated_seat_opens_to_no_token_and_refuses_moves_sent_for_it(api: Api) -> None:
    game = api.create(players=TWO, seed=3)
    seat = seen(api, game, game.admin)["current_player"]
    move = a_move(api, game)
    answer = vacate(api, game, seat, game.admin)
    assert answer.status_code == 200 and answer.headers["ETag"] == '"2"'
    assert answer.get_json()["players"][seat]["state"] == "vacated"
    assert_problem(api.get(game.url, game.players[seat]), 401, "unauthorized")
    assert_problem(api.move(game, game.admin, move), 409, "seat_vacated")
    again = vacate(api, game, seat, game.admin)  # already vacated: the game as it is, nothing saved
    assert again.status_code == 200 and again.get_json()["version"] == 2
    token = hand(api, game, seat, game.admin).get_json()["token"]
    assert seen(api, game, token)["players"][seat]["state"] == "held"


def test_a_holder_who_left_reads_on_as_a_spectator_and_acts_no_more(api: Api) -> None:
    game = api.create(players=TWO, seed=3)
    token = game.players[0]
    answer = leave(api, game, 0, token)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    view = answer.get_json()
    assert view["players"][0]["state"] == "left" and "hand" not in view and "hands" not in view
    read = seen(api, game, token)  # the app now knows the game: its remembered tokens, then the read
    assert read["players"][0]["state"] == "left" and "hand" not in read
    assert_problem(leave(api, game, 0, token), 409, "seat_left")
    assert_problem(api.move(game, token, {"player": 0, "action": "pass"}), 409, "seat_left")
    assert_problem(api.move(game, game.admin, {"player": 0, "action": "pass"}), 409, "seat_left")
    assert_problem(hand(api, game, 0, game.admin), 409, "seat_left")
    assert_problem(vacate(api, game, 0, game.admin), 409, "seat_left")
    assert_problem(leave(api, game, 1, token), 409, "seat_left")  # another seat: no more its holder's
    assert seen(api, game, game.admin)["version"] == 2


def test_a_player_leaves_only_its_own_seat_and_the_admin_any(api: Api) -> None:
    game = api.create(players=["Annika", "Elias", "Sofia"], seed=3)
    assert_problem(leave(api, game, 1, game.players[0]), 403, "forbidden")
    assert leave(api, game, 1, game.admin).get_json()["players"][1]["state"] == "left"


def test_seat_left_is_told_in_french(api: Api) -> None:
    game = api.create(players=TWO, seed=3)
    leave(api, game, 0, game.admin)
    answer = hand(api, game, 0, game.admin, **{"Accept-Language": "fr"})
    problem = assert_problem(answer, 409, "seat_left")
    assert answer.headers["Content-Language"] == "fr"
    assert problem["title"] == "Siège quitté" and "a quitté la partie" in problem["detail"]


def test_the_events_tell_each_change_of_hands(api: Api) -> None:
    game = api.create(players=TWO, seed=3)
    hand(api, game, 0, game.admin, {"name": "Zoe", "player": "app:zoe"})
    vacate(api, game, 1, game.admin)
    leave(api, game, 0, game.admin)
    events = event_types(api, game)[-3:]
    assert [
        {name: event[name] for name in ("type", "seat", "name") if name in event} for event in events
    ] == [
        {"type": "seat_taken", "seat": 0, "name": "Zoe"},
        {"type": "seat_vacated", "seat": 1},
        {"type": "seat_left", "seat": 0},
    ]
    assert "app:zoe" not in str(events)  # the reference is not in the log anyone reads


# Bots, finished games, the service standing in


def test_a_bot_s_seat_never_changes_hands(api: Api) -> None:
    game = api.create(players=["Annika", {"name": "Greedy", "bot": "greedy"}], seed=3)
    assert_problem(hand(api, game, 1, game.admin), 403, "bot_seat")
    assert_problem(vacate(api, game, 1, game.admin), 403, "bot_seat")
    assert_problem(leave(api, game, 1, game.admin), 403, "bot_seat")


def drain(store: Store, clock: FakeClock) -> None:
    """Every piece of work the worker has, done at the clock's time."""
    background = worker(store, "test-worker", choose, WorkerSettings(sweep_every=3600), now=clock)
    while background.step(wait=0.0):
        pass


def test_a_game_whose_seat_was_vacated_is_played_to_its_end_by_the_service(
    api: Api, store: Store, clock: FakeClock
) -> None:
    players = ["Annika", {"name": "Greedy", "bot": "greedy"}]
    game = api.create(players=players, seed=11, target_score=30,
                      clock={"turn_seconds": 60, "on_timeout": "greedy"})  # fmt: skip
    assert vacate(api, game, 0, game.admin).status_code == 200
    drain(store, clock)  # no time passes: the stand-in plays at once, as the bot does
    final = seen(api, game, game.admin)
    assert final["status"] == "finished" and final["winners"]
    events = event_types(api, game)
    types = [event["type"] for event in events]
    assert "turn_timed_out" not in types and types[-1] == "game_over"
    after = events[types.index("seat_vacated") + 1 :]
    assert any(event.get("seat") == 0 for event in after if event["type"] == "tiles_placed")  # the stand-in
    for change in (hand(api, game, 0, game.admin), vacate(api, game, 0, game.admin),
                   leave(api, game, 0, game.admin)):  # fmt: skip
        assert_problem(change, 409, "game_finished")


# The record's holders


def test_the_record_lists_each_seat_s_holders_and_verifies_and_a_tampered_history_does_not(
    api: Api, store: Store, clock: FakeClock
) -> None:
    game = api.create(players=["Annika", "Elias"], seed=11, target_score=30)
    handed = hand(api, game, 1, game.admin, {"name": "Matteo"})  # version 2
    assert handed.status_code == 200
    assert vacate(api, game, 1, game.admin).status_code == 200  # version 3
    assert hand(api, game, 1, game.admin, {"name": "Sofia"}).status_code == 200  # version 4
    assert leave(api, game, 0, game.admin).status_code == 200  # version 5: both seats' holders gone
    assert vacate(api, game, 1, game.admin).status_code == 200  # version 6
    drain(store, clock)  # the service plays both seats to the end
    record = api.get(f"{game.url}/record", game.admin).get_json()
    assert record["status"] == "finished"
    assert [player["holders"] for player in record["players"]] == [
        [{"name": "Annika", "from_version": 1, "until_version": 5, "left": True}],
        [{"name": "Elias", "from_version": 1, "until_version": 2, "left": False},
         {"name": "Matteo", "from_version": 2, "until_version": 3, "left": False},
         {"name": "Sofia", "from_version": 4, "until_version": 6, "left": False}],
    ]  # fmt: skip
    verdict = api.post("/v1/records/verify", None, record, headers=api.key_header).get_json()
    assert verdict["valid"] is True, verdict
    flaws = {
        "overlap": [
            {**held, "from_version": 1} if held["name"] == "Matteo" else held
            for held in record["players"][1]["holders"]
        ],  # fmt: skip
        "left, then held again": [*record["players"][0]["holders"], {"name": "Maja", "from_version": 6}],
        "not the seat's name first": [{"name": "Maja", "from_version": 1}],
        "two holders to the end": [{"name": "Elias", "from_version": 1}, {"name": "Maja", "from_version": 2}],
    }
    for why, holders in flaws.items():
        seat = 0 if why.startswith("left") else 1
        players = [dict(player) for player in record["players"]]
        players[seat]["holders"] = holders
        verdict = api.post("/v1/records/verify", None, {**record, "players": players},
                           headers=api.key_header).get_json()  # fmt: skip
        assert verdict["valid"] is False and verdict["code"] == "holders_inconsistent", (why, verdict)
        assert verdict["round"] is None and verdict["move_index"] is None
