"""Invitations over HTTP: ``POST`` and ``DELETE /v1/games/{id}/seats/{seat}/invitation``, and ``POST
.../seats/{seat}/claim`` with the invitation as the bearer token; their answers, refusals (each with
its code, in the caller's language, and no change to the game), events and the record."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Response

from harness.client_apps import register_in
from harness.games import Game
from harness.in_process_api import Api, bearer
from service.store import Store
from tests.api.test_api_errors import assert_problem
from tests.api.test_api_seats import TWO, a_move, drain, event_types, hand, leave, seen, vacate
from tests.store.helpers import FakeClock


def invite(api: Api, game: Game, seat: int, token: str | None, body: Any = None, **headers: str) -> Response:
    return api.client.post(f"{game.url}/seats/{seat}/invitation", json={} if body is None else body,
                           headers={**bearer(token), **headers})  # fmt: skip


def revoke(api: Api, game: Game, seat: int, token: str | None, **headers: str) -> Response:
    return api.client.delete(f"{game.url}/seats/{seat}/invitation", headers={**bearer(token), **headers})


def claim(
    api: Api, game: Game, seat: int, invitation: str | None, body: Any = None, **headers: str
) -> Response:
    return api.client.post(f"{game.url}/seats/{seat}/claim", json={} if body is None else body,
                           headers={**bearer(invitation), **headers})  # fmt: skip


def invitation(api: Api, game: Game, seat: int, body: Any = None) -> str:
    answer = invite(api, game, seat, game.admin, body)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    token: str = answer.get_json()["invitation"]["token"]
    return token


@pytest.mark.parametrize("by", ["admin token", "owner's key"])
def test_an_invitation_answers_its_token_and_expiry_and_everyone_sees_the_seat_invited(
    api: Api, by: str
) -> None:
    game = api.create(players=TWO, seed=3)
    headers = api.key_header if by == "owner's key" else {}
    answer = invite(api, game, 1, None if headers else game.admin, {"expires_in": 3600}, **headers)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    body = answer.get_json()
    assert set(body) == {"game", "invitation"} and answer.headers["ETag"] == '"2"'
    made = body["invitation"]
    assert made["seat"] == 1 and made["token"] not in (*game.players, game.admin)
    assert "hands" in body["game"]  # as the admin sees it
    for viewer in (game.players[0], game.players[1], game.created["tokens"]["spectator"]):
        assert seen(api, game, viewer)["players"][1]["invited_until"] == made["expires_at"]
    assert event_types(api, game)[-1] == {"seq": 2, "type": "seat_invited", "seat": 1,
                                          "expires_at": made["expires_at"]}  # fmt: skip
    assert seen(api, game, game.players[1])["version"] == 2  # the holder plays on until it is claimed


def test_a_claim_answers_the_seat_s_new_token_and_the_game_as_its_new_holder_sees_it(api: Api) -> None:
    game = api.create(players=TWO, seed=3)
    before = seen(api, game, game.players[1])
    token = invitation(api, game, 1)
    answer = claim(api, game, 1, token, {"name": "Zoe", "player": "app:zoe"})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    body = answer.get_json()
    assert set(body) == {"game", "token"} and answer.headers["ETag"] == '"3"'
    assert body["game"]["hand"] == before["hand"] and "hands" not in body["game"]
    holder = body["game"]["players"][1]
    assert (holder["name"], holder["state"], holder["invited_until"]) == ("Zoe", "held", None)
    assert "player" not in holder  # the claimant is a seat's holder, not the owner
    assert seen(api, game, game.admin)["players"][1]["player"] == "app:zoe"
    assert_problem(api.get(game.url, game.players[1]), 401, "unauthorized")  # the last holder's token
    assert_problem(api.get(game.url, token), 401, "unauthorized")  # an invitation opens nothing else
    state = seen(api, game, body["token"])
    if state["current_player"] == 1:
        assert api.move(game, body["token"], a_move(api, game)).status_code == 200


def test_a_second_claim_is_409_invitation_used_in_the_caller_s_language(api: Api) -> None:
    game = api.create(players=TWO, seed=3)
    token = invitation(api, game, 0)
    assert claim(api, game, 0, token, {"name": "Zoe"}).status_code == 200
    answer = claim(api, game, 0, token, {"name": "Max"}, **{"Accept-Language": "fr"})
    problem = assert_problem(answer, 409, "invitation_used")
    assert answer.headers["Content-Language"] == "fr" and problem["detail"] != problem["title"]
    assert seen(api, game, game.admin)["players"][0]["name"] == "Zoe"
    assert seen(api, game, game.admin)["version"] == 3


def test_a_revoked_invitation_is_410_and_revoking_none_is_200_and_changes_nothing(api: Api) -> None:
    game = api.create(players=TWO, seed=3)
    token = invitation(api, game, 0)
    revoked = revoke(api, game, 0, game.admin)
    assert revoked.status_code == 200 and revoked.get_json()["players"][0]["invited_until"] is None
    assert event_types(api, game)[-1] == {"seq": 3, "type": "invitation_revoked", "seat": 0}
    assert_problem(claim(api, game, 0, token), 410, "invitation_revoked")
    again = revoke(api, game, 0, game.admin)
    assert again.status_code == 200 and again.headers["ETag"] == '"3"'


def test_an_expired_invitation_is_410_and_changes_nothing(api: Api, clock: FakeClock) -> None:
    game = api.create(players=TWO, seed=3)
    token = invitation(api, game, 0, {"expires_in": 60})
    clock.advance(60)
    assert_problem(claim(api, game, 0, token, {"name": "Zoe"}), 410, "invitation_expired")
    assert seen(api, game, game.admin)["version"] == 2


def test_a_token_that_is_no_invitation_of_the_seat_is_401_as_any_stranger_s(api: Api) -> None:
    game = api.create(players=TWO, seed=3)
    token = invitation(api, game, 0)
    for seat, presented in ((1, token), (0, game.players[0]), (0, "x" * 43), (7, token)):
        assert_problem(claim(api, game, seat, presented), 401, "unauthorized")
    assert_problem(claim(api, game, 0, None), 401, "unauthorized")
    other = api.create(players=TWO, seed=4)
    assert_problem(claim(api, other, 0, token), 401, "unauthorized")
    assert seen(api, game, game.admin)["version"] == 2


def test_only_the_owner_invites_and_revokes(api: Api, store: Store) -> None:
    game = api.create(players=TWO, seed=3)
    for token in (game.players[0], game.created["tokens"]["spectator"]):
        assert_problem(invite(api, game, 0, token), 403, "forbidden")
        assert_problem(revoke(api, game, 0, token), 403, "forbidden")
    someone_else = Api(api.client, register_in(store, "Other app"))
    assert_problem(invite(api, game, 0, None, **someone_else.key_header), 404, "not_found")


@pytest.mark.parametrize(
    "body", [{"expires_in": 59}, {"expires_in": 2_592_001}, {"expires_in": "60"}, {"expires_in": 60, "x": 1}]
)
def test_an_invitation_the_contract_does_not_allow_is_422(api: Api, body: dict[str, Any]) -> None:
    game = api.create(players=TWO, seed=3)
    assert_problem(invite(api, game, 0, game.admin, body), 422, "invalid_request")
    assert seen(api, game, game.admin)["version"] == 1


def test_a_claim_with_a_player_reference_over_its_bound_is_422_and_keeps_the_invitation_open(
    api: Api,
) -> None:
    game = api.create(players=TWO, seed=3)
    token = invitation(api, game, 0)
    assert_problem(claim(api, game, 0, token, {"player": "p" * 129}), 422, "invalid_request")
    assert claim(api, game, 0, token, {"player": "p" * 128}).status_code == 200


def test_no_invitation_to_a_bot_s_or_a_left_seat_and_no_claim_on_a_finished_game(
    api: Api, store: Store, clock: FakeClock
) -> None:
    game = api.create(players=["Annika", {"name": "Greedy", "bot": "greedy"}], seed=11, target_score=30)
    assert_problem(invite(api, game, 1, game.admin), 403, "bot_seat")
    token = invitation(api, game, 0)
    assert leave(api, game, 0, game.admin).status_code == 200
    assert_problem(invite(api, game, 0, game.admin), 409, "seat_left")
    assert_problem(claim(api, game, 0, token), 410, "invitation_revoked")  # leaving revoked it
    finished = api.create(players=["Annika", {"name": "Greedy", "bot": "greedy"}], seed=11, target_score=30)
    late = invitation(api, finished, 0)
    assert hand(api, finished, 0, finished.admin).status_code == 200  # revokes it: invite again
    late = invitation(api, finished, 0)
    assert (
        api.client.delete(f"{finished.url}/seats/0/holder", headers=bearer(finished.admin)).status_code == 200
    )
    drain(store, clock)  # the service plays the vacated seat to the end
    assert seen(api, finished, finished.admin)["status"] == "finished"
    assert_problem(claim(api, finished, 0, late), 409, "game_finished")
    assert_problem(invite(api, finished, 0, finished.admin), 409, "game_finished")


def test_the_record_of_a_game_with_invitations_and_claims_verifies(
    api: Api, store: Store, clock: FakeClock
) -> None:
    game = api.create(players=TWO, seed=11, target_score=30)
    revoke_me = invitation(api, game, 0)  # version 2
    assert revoke(api, game, 0, game.admin).status_code == 200  # version 3
    assert_problem(claim(api, game, 0, revoke_me), 410, "invitation_revoked")
    token = invitation(api, game, 1)  # version 4
    assert claim(api, game, 1, token, {"name": "Zoe"}).status_code == 200  # version 5
    assert vacate(api, game, 0, game.admin).status_code == 200
    assert vacate(api, game, 1, game.admin).status_code == 200
    drain(store, clock)
    record = api.get(f"{game.url}/record", game.admin).get_json()
    assert record["status"] == "finished"
    assert [held["name"] for held in record["players"][1]["holders"]] == ["Elias", "Zoe"]
    assert record["players"][1]["holders"][1]["from_version"] == 5
    verdict = api.post("/v1/records/verify", None, record, headers=api.key_header).get_json()
    assert verdict["valid"] is True, verdict
    at_invitation = api.get(f"{game.url}?at=4", game.admin).get_json()
    assert at_invitation["players"][1]["invited_until"] is not None
