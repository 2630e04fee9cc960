"""A finished game's rematch over HTTP (``POST /v1/games/{id}/rematch``): 201 and the new game once, 200
and the same game after; each holder's token opens their seat in it, moved up one; everyone is told
the new id in the old game's events and view; 409 ``game_playing`` before the end."""

from __future__ import annotations

from collections.abc import Callable

from flask import Response

from harness.games import Game
from harness.in_process_api import Api, bearer
from service.store import Store
from tests.api.test_api_errors import assert_problem
from tests.api.test_api_seats import drain, event_types, leave, seen
from tests.api.test_api_streams import logged_events, open_stream
from tests.store.helpers import FakeClock


def rematch(api: Api, game: Game, token: str | None, **headers: str) -> Response:
    return api.client.post(f"{game.url}/rematch", headers={**bearer(token), **headers})


def passed_to_its_end(api: Api, game: Game, worker: Callable[[], None] = lambda: None) -> None:
    """Every seat passes in turn (the ``worker`` for a seat the service plays): with a target of 1 the
    first round ends the game."""
    for _ in range(8):
        worker()
        view = seen(api, game, game.admin)
        if view["status"] == "finished":
            return
        assert (
            api.move(game, game.admin, {"player": view["current_player"], "action": "pass"}).status_code
            == 200
        )
    raise AssertionError("the game did not end")


def test_a_holder_asks_for_a_rematch_and_every_token_opens_the_new_game_at_its_seat_moved_up_one(
    api: Api,
) -> None:
    game = api.create(players=["Annika", "Elias", "Sofia"], seed=3, target_score=1)
    passed_to_its_end(api, game)
    answer = rematch(api, game, game.players[1])
    assert answer.status_code == 201, answer.get_data(as_text=True)
    new = answer.get_json()
    assert answer.headers["Location"] == f"/v1/games/{new['id']}" and new["id"] != game.id
    assert new["status"] == "playing" and new["version"] == 1 and new["target_score"] == 1
    assert [player["name"] for player in new["players"]] == ["Elias", "Sofia", "Annika"]
    assert "hand" in new and "hands" not in new  # as Elias sees it, at seat 0 now
    for old_seat, token in enumerate(game.players):
        mine = api.get(f"/v1/games/{new['id']}", token).get_json()
        assert len(mine["hand"]) == mine["players"][(old_seat - 1) % 3]["tiles_left"]
    spectator = game.created["tokens"]["spectator"]
    assert "hand" not in api.get(f"/v1/games/{new['id']}", spectator).get_json()
    assert "hands" in api.get(f"/v1/games/{new['id']}", game.admin).get_json()
    assert seen(api, game, game.players[0])["rematch"] == new["id"]  # the old game tells everyone
    assert event_types(api, game)[-1]["type"] == "rematched"
    assert event_types(api, game)[-1]["game_id"] == new["id"]


def test_asking_again_answers_the_same_game_with_200(api: Api) -> None:
    game = api.create(players=["Annika", "Elias"], seed=3, target_score=1)
    passed_to_its_end(api, game)
    first = rematch(api, game, None, **api.key_header)
    assert first.status_code == 201
    for token in (game.admin, game.players[0], game.players[1]):
        again = rematch(api, game, token)
        assert again.status_code == 200 and again.get_json()["id"] == first.get_json()["id"]
    assert [event["type"] for event in event_types(api, game)].count("rematched") == 1


def test_a_rematch_of_a_game_still_playing_is_409_in_the_caller_s_language(api: Api) -> None:
    game = api.create(players=["Annika", "Elias"], seed=3)
    answer = rematch(api, game, game.players[0], **{"Accept-Language": "pt"})
    problem = assert_problem(answer, 409, "game_playing")
    assert answer.headers["Content-Language"] == "pt" and problem["detail"] != problem["title"]
    assert seen(api, game, game.admin)["version"] == 1 and seen(api, game, game.admin)["rematch"] is None


def test_a_spectator_may_not_ask_and_a_holder_who_left_is_not_seated_again(
    api: Api, store: Store, clock: FakeClock
) -> None:
    game = api.create(players=["Annika", "Elias"], seed=3, target_score=1)
    assert leave(api, game, 0, game.admin).status_code == 200
    passed_to_its_end(api, game, lambda: drain(store, clock))
    assert_problem(rematch(api, game, game.created["tokens"]["spectator"]), 403, "forbidden")
    assert_problem(rematch(api, game, game.players[0]), 409, "seat_left")
    new = rematch(api, game, game.players[1]).get_json()
    assert [player["state"] for player in new["players"]] == ["held", "vacated"]
    assert_problem(api.get(f"/v1/games/{new['id']}", game.players[0]), 401, "unauthorized")


def test_a_finished_game_s_stream_opened_after_the_rematch_tells_its_id_and_ends(api: Api) -> None:
    game = api.create(players=["Annika", "Elias"], seed=3, target_score=1)
    passed_to_its_end(api, game)
    new = rematch(api, game, game.players[0]).get_json()
    last = logged_events(api, game)[-1]["seq"]
    for after, told in ((0, ["game_over", "rematched"]), (last - 1, ["rematched"])):
        stream = open_stream(api, game, bearer(game.players[1]), f"?after={after}")
        frames = stream.rest()
        assert stream.ended.is_set() and [frame.event for frame in frames][-len(told) :] == told
        assert frames[-1].data["game_id"] == new["id"]
    stream = open_stream(api, game, bearer(game.players[1]), f"?after={last}")
    assert [frame.event for frame in stream.rest()] == ["game"] and stream.ended.is_set()
