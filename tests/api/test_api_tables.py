"""Tables over HTTP: a game set up with seats open (``POST /v1/tables``), read (``GET``), deleted while
it waits (``DELETE``), its open seats claimed by their invitations (``POST .../seats/{seat}/claim``),
and the game dealt by the last claim under the table's id, with the tokens the table gave out."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from flask import Flask, Response

from harness.in_process_api import Api, bearer
from service.store import Store
from tests.api.test_api_errors import assert_problem
from tests.store.helpers import FakeClock

THREE = [{"name": "Annika", "player": "user-1"}, {"open": True}, {"open": True, "name": "Sofia's seat"}]


def create(api: Api, body: dict[str, Any] | None = None, **headers: str) -> Response:
    asked = {"players": THREE, "seed": 7} if body is None else body
    return api.client.post("/v1/tables", json=asked, headers={**api.key_header, **headers})


def made(api: Api, body: dict[str, Any] | None = None) -> dict[str, Any]:
    answer = create(api, body)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    table: dict[str, Any] = answer.get_json()
    return table


def claim(api: Api, table_id: str, seat: int, invitation: str | None, body: Any = None) -> Response:
    return api.client.post(f"/v1/tables/{table_id}/seats/{seat}/claim", json={} if body is None else body,
                           headers=bearer(invitation))  # fmt: skip


def invitation(table: dict[str, Any], seat: int) -> str:
    token: str = next(made["token"] for made in table["invitations"] if made["seat"] == seat)
    return token


def read(api: Api, table_id: str, token: str | None, **headers: str) -> Response:
    return api.client.get(f"/v1/tables/{table_id}", headers={**bearer(token), **headers})


def test_a_table_answers_its_tokens_and_an_invitation_for_each_open_seat(api: Api, clock: FakeClock) -> None:
    answer = create(api, {"players": THREE, "expires_in": 3600})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    body = answer.get_json()
    table = body["table"]
    assert answer.headers["Location"] == f"/v1/tables/{table['table_id']}"
    assert table["status"] == "waiting" and table["game_id"] is None and table["version"] == 1
    assert [(seat["name"], seat["state"], seat["player"]) for seat in table["seats"]] == [
        ("Annika", "held", "user-1"), ("Player 2", "open", None), ("Sofia's seat", "open", None)
    ]  # fmt: skip
    tokens = body["tokens"]
    assert (
        tokens["players"][0]
        and tokens["players"][1:] == [None, None]
        and tokens["admin"]
        and tokens["spectator"]
    )
    assert [made["seat"] for made in body["invitations"]] == [1, 2]
    assert {made["expires_at"] for made in body["invitations"]} == {table["expires_at"]}
    shown = {
        tokens["admin"],
        tokens["spectator"],
        tokens["players"][0],
        *(m["token"] for m in body["invitations"]),
    }
    assert len(shown) == 5  # every token its own
    # No game yet: the table's id opens nothing as a game.
    assert_problem(api.get(f"/v1/games/{table['table_id']}", tokens["admin"]), 401, "unauthorized")


@pytest.mark.parametrize("who", ["admin", "spectator", "holder", "invitation", "key"])
def test_anyone_the_table_gave_a_token_reads_it_and_only_the_owner_sees_player_references(
    api: Api, who: str
) -> None:
    body = made(api)
    table_id, tokens = body["table"]["table_id"], body["tokens"]
    token = {"admin": tokens["admin"], "spectator": tokens["spectator"], "holder": tokens["players"][0],
             "invitation": invitation(body, 1), "key": None}[who]  # fmt: skip
    answer = read(api, table_id, token, **(api.key_header if who == "key" else {}))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    seats = answer.get_json()["seats"]
    assert ("player" in seats[0]) is (who in ("admin", "key"))


def test_the_last_claim_deals_the_game_with_the_tokens_the_table_gave(api: Api) -> None:
    body = made(api)
    table_id, tokens = body["table"]["table_id"], body["tokens"]
    first = claim(api, table_id, 1, invitation(body, 1), {"name": "Elias", "player": "user-2"})
    assert first.status_code == 200, first.get_data(as_text=True)
    after_first = first.get_json()
    assert after_first["table"]["status"] == "waiting" and after_first["table"]["seats"][1]["state"] == "held"
    assert "player" not in after_first["table"]["seats"][1]  # the claimant is not the owner
    second = claim(api, table_id, 2, invitation(body, 2), {"name": "Sofia"})
    assert second.status_code == 200, second.get_data(as_text=True)
    dealt = second.get_json()["table"]
    assert dealt["status"] == "dealt" and dealt["game_id"] == table_id
    game_url = f"/v1/games/{table_id}"
    elias, sofia = first.get_json()["token"], second.get_json()["token"]
    for seat, token in ((0, tokens["players"][0]), (1, elias), (2, sofia)):
        seen = api.get(game_url, token)
        assert seen.status_code == 200, seen.get_data(as_text=True)
        assert seen.get_json()["you"] == seat if "you" in seen.get_json() else True
    admin_view = api.get(game_url, tokens["admin"]).get_json()
    assert [(p["name"], p["player"]) for p in admin_view["players"]] == [
        ("Annika", "user-1"), ("Elias", "user-2"), ("Sofia", None)
    ]  # fmt: skip
    assert admin_view["status"] == "playing" and admin_view["version"] == 1
    assert api.get(game_url, tokens["spectator"]).status_code == 200
    # The same seed deals the same game as a creation would.
    created = api.create(players=["Annika", "Elias", "Sofia"], seed=7)
    assert (
        api.snapshot(created)["players"]
        == api.get(f"{game_url}/snapshot", tokens["admin"]).get_json()["players"]
    )
    # The game is the owner's like any other, and in the player's turns when it is theirs.
    listed = api.client.get("/v1/games", headers=api.key_header).get_json()["games"]
    assert table_id in [game["id"] for game in listed]
    current = admin_view["current_player"]
    references = {0: "user-1", 1: "user-2"}
    if current in references:
        turns = api.client.get(f"/v1/players/{references[current]}/turns", headers=api.key_header).get_json()
        assert [turn["game_id"] for turn in turns["turns"]] == [table_id]


def test_a_claim_with_a_clock_starts_the_clock_at_the_deal(api: Api, clock: FakeClock) -> None:
    body = made(api, {"players": [{"open": True}, "Elias"], "clock": {"turn_seconds": 60}})
    table_id = body["table"]["table_id"]
    assert body["table"]["clock"]["turn_seconds"] == 60
    clock.advance(600)  # ten minutes waiting for the player: no time of the game's
    answer = claim(api, table_id, 0, invitation(body, 0))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    game = api.get(f"/v1/games/{table_id}", body["tokens"]["admin"]).get_json()
    assert game["clock"]["remaining_seconds"] == 60  # the contract's Clock: the whole turn left


def test_a_second_claim_of_a_seat_is_invitation_used_and_changes_nothing(api: Api) -> None:
    body = made(api)
    table_id, token = body["table"]["table_id"], invitation(body, 1)
    assert claim(api, table_id, 1, token).status_code == 200
    before = read(api, table_id, body["tokens"]["admin"]).get_json()
    assert_problem(claim(api, table_id, 1, token), 409, "invitation_used")
    assert read(api, table_id, body["tokens"]["admin"]).get_json() == before
    # The used invitation no longer reads the table: its holder has their seat's token.
    assert_problem(read(api, table_id, token), 401, "unauthorized")


def test_claims_racing_for_one_seat_save_exactly_one(app: Flask, api: Api) -> None:
    body = made(api)
    table_id, token = body["table"]["table_id"], invitation(body, 1)
    answers: list[int] = []
    start = threading.Barrier(4)

    def claimer() -> None:
        start.wait()
        answers.append(claim(Api.of(app), table_id, 1, token).status_code)

    threads = [threading.Thread(target=claimer) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [200, 409, 409, 409]
    assert read(api, table_id, body["tokens"]["admin"]).get_json()["version"] == 2


@pytest.mark.parametrize(
    "seat, token", [(1, "no-such-invitation"), (2, "seat 1's invitation"), (0, "seat 1's invitation")]
)
def test_a_token_that_is_no_invitation_of_the_seat_is_401(api: Api, seat: int, token: str) -> None:
    body = made(api)
    presented = invitation(body, 1) if token == "seat 1's invitation" else token
    assert_problem(claim(api, body["table"]["table_id"], seat, presented), 401, "unauthorized")


def test_the_seat_must_be_the_tables(api: Api) -> None:
    body = made(api)
    assert_problem(claim(api, body["table"]["table_id"], 3, invitation(body, 1)), 404, "not_found")


def test_an_expired_table_takes_no_claim_and_says_so(api: Api, clock: FakeClock) -> None:
    body = made(api, {"players": THREE, "expires_in": 60})
    table_id = body["table"]["table_id"]
    clock.advance(61)
    problem = assert_problem(claim(api, table_id, 1, invitation(body, 1)), 410, "invitation_expired")
    assert "expired" in problem["detail"]
    assert read(api, table_id, body["tokens"]["admin"]).get_json()["status"] == "expired"


def test_the_owner_deletes_a_waiting_table_and_its_invitations_open_nothing(api: Api, store: Store) -> None:
    body = made(api)
    table_id = body["table"]["table_id"]
    assert_problem(api.client.delete(f"/v1/tables/{table_id}", headers=bearer(body["tokens"]["spectator"])),
                   403, "forbidden")  # fmt: skip
    assert_problem(api.client.delete(f"/v1/tables/{table_id}", headers=bearer(invitation(body, 1))),
                   403, "forbidden")  # fmt: skip
    owner = api.key.split("_")[1]
    assert table_id in [game_id for _, game_id in store.client_games(owner, None, 100, open_only=True)]
    assert api.client.delete(f"/v1/tables/{table_id}", headers=api.key_header).status_code == 204
    assert table_id not in [game_id for _, game_id in store.client_games(owner, None, 100, open_only=True)]
    assert_problem(claim(api, table_id, 1, invitation(body, 1)), 401, "unauthorized")
    assert_problem(read(api, table_id, None, **api.key_header), 404, "not_found")


def test_a_dealt_table_is_not_deleted_its_game_is(api: Api) -> None:
    body = made(api, {"players": ["Annika", {"open": True}]})
    table_id = body["table"]["table_id"]
    assert claim(api, table_id, 1, invitation(body, 1)).status_code == 200
    problem = assert_problem(
        api.client.delete(f"/v1/tables/{table_id}", headers=api.key_header), 409, "table_dealt"
    )
    assert "delete the game" in problem["detail"]


def test_a_table_of_another_client_is_not_found_by_its_key(api: Api, store: Store) -> None:
    from harness.client_apps import register_in

    body = made(api)
    other = register_in(store, "other")
    assert_problem(read(api, body["table"]["table_id"], None, **{"X-API-Key": other}), 404, "not_found")


@pytest.mark.parametrize(
    "asked, field",
    [
        ({"players": ["Annika", "Elias"]}, "players"),  # no seat open: a creation
        ({"players": [{"open": True}, {"open": False}]}, "players"),
        ({"players": [{"open": True}, "Elias"], "expires_in": 59}, "expires_in"),
        ({"players": [{"open": True}, "Elias"], "expires_in": 7 * 24 * 3600 + 1}, "expires_in"),
        ({"players": [{"open": True}]}, "players"),
        ({"players": [{"open": True, "name": ""}, "Elias"]}, "players"),
        ({"players": [{"open": True, "extra": 1}, "Elias"]}, "players"),
    ],
)
def test_a_table_asked_wrongly_is_invalid_request_and_makes_nothing(
    api: Api, asked: dict[str, Any], field: str
) -> None:
    problem = assert_problem(create(api, asked), 422, "invalid_request")
    paths = problem["errors"]  # dotted, as the contract writes them: players.1.open
    assert any(path == field or path.startswith(f"{field}.") for path in paths), problem


def test_a_table_needs_the_owners_key(api: Api) -> None:
    answer = api.client.post("/v1/tables", json={"players": THREE})
    assert_problem(answer, 401, "unauthorized")


def test_a_claim_in_french_is_refused_in_french(api: Api) -> None:
    body = made(api)
    table_id, token = body["table"]["table_id"], invitation(body, 1)
    assert claim(api, table_id, 1, token).status_code == 200
    answer = api.client.post(f"/v1/tables/{table_id}/seats/1/claim", json={},
                             headers={**bearer(token), "Accept-Language": "fr"})  # fmt: skip
    problem = assert_problem(answer, 409, "invitation_used")
    assert answer.headers["Content-Language"] == "fr" and "invitation" in problem["detail"]
