"""Consent offers over HTTP (docs/OFFERS.md): a takeback restores the game exactly as it was before
the move, as a new version; an abort ends it with no result; an agreement ranks the scores as they
stand; a pause stops the clock and refuses moves; each refusal has its code, its sentence in the
caller's language, and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Response

from harness.games import Game
from harness.in_process_api import Api
from service.store import Store
from tests.api.test_api_errors import assert_problem
from tests.api.test_api_seats import a_move, drain, event_types, seen
from tests.store.helpers import FakeClock

TWO = ["Annika", "Elias"]
THREE = ["Annika", "Elias", "Sofia"]
TIMED = {"turn_seconds": 60, "on_timeout": "pass"}
LONG = 1000
"""A target score that one round's minus points do not reach."""


def offer(api: Api, game: Game, token: str | None, kind: str, **body: Any) -> Response:
    return api.post(f"{game.url}/offers", token, {"kind": kind, **body})


def answer(api: Api, game: Game, token: str | None, offer_id: int, verb: str, **headers: str) -> Response:
    return api.client.post(
        f"{game.url}/offers/{offer_id}/{verb}", headers={"Authorization": f"Bearer {token}", **headers}
    )


def moved(api: Api, game: Game) -> int:
    """The current seat plays a move (a placement where it has one); the seat that moved."""
    seat: int = seen(api, game, game.admin)["current_player"]
    assert api.move(game, game.players[seat], a_move(api, game)).status_code == 200
    return seat


def passed(api: Api, game: Game) -> int:
    seat: int = seen(api, game, game.admin)["current_player"]
    assert api.move(game, game.players[seat], {"player": seat, "action": "pass"}).status_code == 200
    return seat


def board(view: dict[str, Any]) -> dict[str, Any]:
    """What of a view a takeback restores: everything of the play."""
    keep = (
        "status",
        "round",
        "current_player",
        "consecutive_passes",
        "rows",
        "hands",
        "discarded",
        "winners",
    )
    return {name: view[name] for name in keep} | {"scores": [p["score"] for p in view["players"]]}


def verified(api: Api, game: Game) -> dict[str, Any]:
    record = api.get(f"{game.url}/record", game.admin).get_json()
    checked: dict[str, Any] = api.post("/v1/records/verify", None, record, headers=api.key_header).get_json()
    return checked


def test_a_takeback_accepted_restores_the_game_before_the_move_as_a_new_version(api: Api) -> None:
    game = api.create(players=TWO, seed=5)
    before = seen(api, game, game.admin)
    seat = moved(api, game)
    made = offer(api, game, game.players[seat], "takeback")
    assert made.status_code == 200, made.get_data(as_text=True)
    opened = made.get_json()["offer"]
    assert opened | {"expires_at": None} == {
        "id": before["version"] + 2, "kind": "takeback", "seat": seat, "state": "open", "expires_at": None,
        "accepted": [], "waiting": [1 - seat],
    }  # fmt: skip
    assert seen(api, game, game.players[1 - seat])["offer"]["id"] == opened["id"]
    took = answer(api, game, game.players[1 - seat], opened["id"], "accept")
    assert took.status_code == 200, took.get_data(as_text=True)
    assert took.get_json()["offer"]["state"] == "took_effect"
    after = seen(api, game, game.admin)
    assert board(after) == board(before)
    assert after["version"] == before["version"] + 3 and after["offer"] is None
    logged = [event["type"] for event in event_types(api, game)]
    assert logged[-4:] == ["tiles_placed", "offer_made", "offer_accepted", "taken_back"] or logged[-3:] == [
        "offer_made", "offer_accepted", "taken_back"
    ]  # fmt: skip
    assert event_types(api, game)[-1] == {"seq": len(logged), "type": "taken_back", "seat": seat, "round": 1,
                                          "index": 0}  # fmt: skip
    moves = api.get(f"{game.url}/record", game.admin).get_json()["rounds"][0]["moves"]
    assert [entry.get("takes_back") for entry in moves] == [None, 0]
    assert moves[1]["move"] == moves[0]["move"] and moves[1]["seat"] == seat
    assert verified(api, game)["valid"] is True, verified(api, game)
    again = moved(api, game)  # the seat plays on from the state restored
    assert again == seat


def test_a_takeback_after_another_seat_moved_is_refused_and_changes_nothing(api: Api) -> None:
    game = api.create(players=TWO, seed=5)
    first = moved(api, game)
    moved(api, game)
    version = seen(api, game, game.admin)["version"]
    problem = assert_problem(offer(api, game, game.players[first], "takeback"), 409, "takeback_refused")
    assert "moved last" in problem["detail"]
    assert seen(api, game, game.admin)["version"] == version


def test_no_takeback_crosses_the_end_of_a_round(api: Api) -> None:
    game = api.create(players=TWO, seed=5, target_score=LONG)
    passed(api, game)
    last = passed(api, game)  # everyone passed in turn: the round is scored and the next one dealt
    view = seen(api, game, game.admin)
    assert view["round"] == 2
    problem = assert_problem(offer(api, game, game.players[last], "takeback"), 409, "takeback_refused")
    assert "round" in problem["detail"]
    assert seen(api, game, game.admin)["version"] == view["version"]


def test_a_move_lapses_the_open_offer_and_an_answer_to_it_is_409(api: Api) -> None:
    game = api.create(players=TWO, seed=5)
    seat = moved(api, game)
    opened = offer(api, game, game.players[seat], "takeback").get_json()["offer"]
    moved(api, game)  # the other seat acts instead of answering
    assert seen(api, game, game.admin)["offer"] is None
    assert event_types(api, game)[-1] == {"seq": event_types(api, game)[-1]["seq"], "type": "offer_lapsed",
                                          "offer_id": opened["id"], "reason": "changed"}  # fmt: skip
    version = seen(api, game, game.admin)["version"]
    assert_problem(answer(api, game, game.players[1 - seat], opened["id"], "accept"), 409, "offer_lapsed")
    assert seen(api, game, game.admin)["version"] == version


def test_a_decline_ends_the_offer_and_cools_the_proposer_down_for_the_game_s_moves(api: Api) -> None:
    game = api.create(players=TWO, seed=5, offers={"cooldown_moves": 2})
    seat = moved(api, game)
    opened = offer(api, game, game.players[seat], "takeback").get_json()["offer"]
    declined = answer(api, game, game.players[1 - seat], opened["id"], "decline")
    assert declined.status_code == 200 and declined.get_json()["offer"]["state"] == "declined"
    problem = assert_problem(offer(api, game, game.players[seat], "takeback"), 409, "offer_cooldown")
    assert "2 more moves" in problem["detail"]
    assert offer(api, game, game.players[seat], "agreement").status_code == 200  # another kind may be
    moved(api, game)
    moved(api, game)  # two moves on, the takeback of its own last move may be offered again
    assert offer(api, game, game.players[seat], "takeback").status_code == 200


def test_one_offer_at_a_time_and_only_the_other_seats_answer_it(api: Api) -> None:
    game = api.create(players=THREE, seed=5)
    opened = offer(api, game, game.players[0], "agreement").get_json()["offer"]
    version = seen(api, game, game.admin)["version"]
    assert_problem(offer(api, game, game.players[1], "abort"), 409, "offer_open")
    assert_problem(answer(api, game, game.players[0], opened["id"], "accept"), 409, "own_offer")
    assert_problem(answer(api, game, game.players[1], opened["id"] + 1, "accept"), 409, "offer_lapsed")
    spectator = game.created["tokens"]["spectator"]
    assert_problem(offer(api, game, spectator, "abort"), 403, "offer_needs_seat")
    assert_problem(answer(api, game, spectator, opened["id"], "accept"), 403, "offer_needs_seat")
    assert_problem(offer(api, game, game.players[1], "abort", seat=2), 403, "offer_needs_seat")
    assert seen(api, game, game.admin)["version"] == version
    first = answer(api, game, game.players[1], opened["id"], "accept").get_json()["offer"]
    assert first["state"] == "open" and first["accepted"] == [1] and first["waiting"] == [2]
    twice = answer(api, game, game.players[1], opened["id"], "accept")
    assert twice.status_code == 200 and seen(api, game, game.admin)["version"] == version + 1


def test_an_agreement_ranks_the_scores_as_they_stand_and_the_round_in_play_is_not_scored(api: Api) -> None:
    game = api.create(players=THREE, seed=5, target_score=LONG)
    for _ in range(3):
        passed(api, game)  # round 1 ends, all passed: each seat scores its hand's minus points
    moved(api, game)  # round 2 in play, unscored
    scores = [player["score"] for player in seen(api, game, game.admin)["players"]]
    assert len(set(scores)) > 1, "the seed should give the seats different scores"
    opened = offer(api, game, game.players[2], "agreement").get_json()["offer"]
    answer(api, game, game.players[0], opened["id"], "accept")
    answer(api, game, game.players[1], opened["id"], "accept")
    view = seen(api, game, game.admin)
    lowest = min(scores)
    assert view["status"] == "finished" and view["end_reason"] == "agreement"
    assert view["winners"] == [seat for seat, score in enumerate(scores) if score == lowest]
    assert [player["score"] for player in view["players"]] == scores
    assert event_types(api, game)[-1]["type"] == "game_over"
    assert event_types(api, game)[-1]["reason"] == "agreement"
    assert verified(api, game) | {"rounds": None} == {
        "valid": True, "status": "finished", "winners": view["winners"], "end_reason": "agreement",
        "scores": scores, "rounds": None,
    }  # fmt: skip
    assert_problem(offer(api, game, game.players[0], "abort"), 409, "game_finished")


def test_an_abort_before_every_seat_moved_ends_the_game_with_no_result(api: Api) -> None:
    game = api.create(players=THREE, seed=5)
    mover = moved(api, game)
    other = (mover + 1) % 3
    opened = offer(api, game, game.players[other], "abort").get_json()["offer"]
    for seat in {0, 1, 2} - {other}:
        last = answer(api, game, game.players[seat], opened["id"], "accept")
    assert last.get_json()["offer"]["state"] == "took_effect"
    view = seen(api, game, game.admin)
    assert (view["status"], view["end_reason"], view["winners"]) == ("finished", "aborted", [])
    assert verified(api, game)["valid"] is True


def test_an_abort_once_every_seat_has_moved_is_too_late(api: Api) -> None:
    game = api.create(players=TWO, seed=5)
    moved(api, game)
    moved(api, game)
    problem = assert_problem(offer(api, game, game.players[0], "abort", **{}), 409, "abort_too_late")
    assert problem["detail"]


def test_a_record_whose_takeback_undoes_another_move_is_flawed_there(api: Api) -> None:
    game = api.create(players=TWO, seed=5)
    moved(api, game)
    seat = moved(api, game)
    opened = offer(api, game, game.players[seat], "takeback").get_json()["offer"]
    answer(api, game, game.players[1 - seat], opened["id"], "accept")
    record = api.get(f"{game.url}/record", game.admin).get_json()
    assert record["rounds"][0]["moves"][2]["takes_back"] == 1
    record["rounds"][0]["moves"][2]["takes_back"] = 0  # the other seat's move: not the proposer's last
    flawed = api.post("/v1/records/verify", None, record, headers=api.key_header).get_json()
    assert (flawed["valid"], flawed["round"], flawed["move_index"], flawed["code"]) == (
        False, 1, 2, "illegal_takeback"
    )  # fmt: skip


def test_bots_answer_by_rule_a_takeback_at_once_and_never_an_agreement(api: Api) -> None:
    game = api.create(players=[{"name": "Greedy", "bot": "greedy"}, "Annika"], seed=5)
    assert moved(api, game) == 1  # the seed gives the person the first turn
    took = offer(api, game, game.players[1], "takeback")  # before the worker played the bot's turn
    assert took.get_json()["offer"] | {"expires_at": None} == {
        "id": 3, "kind": "takeback", "seat": 1, "state": "took_effect", "expires_at": None, "accepted": [0],
        "waiting": [],
    }  # fmt: skip
    assert [e["type"] for e in event_types(api, game)][-3:] == ["offer_made", "offer_accepted", "taken_back"]
    assert event_types(api, game)[-2]["by_rule"] is True
    declined = offer(api, game, game.players[1], "agreement").get_json()["offer"]
    assert declined["state"] == "declined"
    assert seen(api, game, game.admin)["status"] == "playing"
    assert (
        offer(api, game, game.players[1], "agreement").status_code == 200
    )  # a decline by rule cools nothing


def test_a_seat_nobody_holds_declines_every_offer(api: Api) -> None:
    game = api.create(players=THREE, seed=5)
    assert api.client.delete(f"{game.url}/seats/2/holder", headers=api.key_header).status_code == 200
    made = offer(api, game, game.players[0], "abort").get_json()["offer"]
    assert made["state"] == "declined"
    last = event_types(api, game)[-1]
    assert last | {"seq": 0} == {"seq": 0, "type": "offer_declined", "offer_id": made["id"], "seat": 2,
                                 "by_rule": True}  # fmt: skip


def test_a_pause_stops_the_clock_refuses_moves_and_a_resume_gives_the_turn_what_it_had_left(
    api: Api, clock: FakeClock, store: Store
) -> None:
    game = api.create(players=TWO, seed=5, clock=TIMED, offers={"max_pause_seconds": 3600})
    clock.advance(20)
    current = seen(api, game, game.admin)["current_player"]
    left = seen(api, game, game.admin)["clock"]["remaining_seconds"]
    opened = offer(api, game, game.players[1 - current], "pause").get_json()["offer"]
    paused = answer(api, game, game.players[current], opened["id"], "accept").get_json()
    assert paused["offer"]["state"] == "took_effect" and paused["game"]["paused_until"] is not None
    clock.advance(600)  # ten minutes paused: the worker plays no timeout
    drain(store, clock)
    view = seen(api, game, game.admin)
    assert view["clock"]["remaining_seconds"] == left and view["current_player"] == current
    refused = api.move(game, game.players[current], {"player": current, "action": "pass"})
    assert_problem(refused, 409, "game_paused")
    assert_problem(offer(api, game, game.players[current], "pause"), 409, "offer_not_allowed")
    resume = offer(api, game, game.players[current], "resume").get_json()["offer"]
    answer(api, game, game.players[1 - current], resume["id"], "accept")
    view = seen(api, game, game.admin)
    assert view["paused_until"] is None and view["clock"]["remaining_seconds"] == left
    assert event_types(api, game)[-1]["type"] == "game_resumed"
    assert api.move(game, game.players[current], {"player": current, "action": "pass"}).status_code == 200


def test_a_pause_ends_by_itself_at_its_bound(api: Api, clock: FakeClock, store: Store) -> None:
    game = api.create(players=TWO, seed=5, clock=TIMED, offers={"max_pause_seconds": 60})
    current = seen(api, game, game.admin)["current_player"]
    opened = offer(api, game, game.players[current], "pause").get_json()["offer"]
    answer(api, game, game.players[1 - current], opened["id"], "accept")
    clock.advance(61)
    view = seen(api, game, game.admin)
    assert view["paused_until"] is None and view["clock"]["remaining_seconds"] == 59
    clock.advance(60)
    drain(store, clock)  # its turn's time, the pause's aside, is up: the timeout is played
    assert seen(api, game, game.admin)["current_player"] == 1 - current


def test_the_game_s_policy_decides_which_kinds_may_be_offered(api: Api) -> None:
    game = api.create(players=TWO, seed=5, offers={"kinds": ["abort"]})
    assert seen(api, game, game.admin)["offer_policy"] == {"kinds": ["abort"], "cooldown_moves": 3,
                                                           "max_pause_seconds": 604800}  # fmt: skip
    seat = moved(api, game)
    problem = assert_problem(offer(api, game, game.players[seat], "takeback", **{}), 409, "offer_not_allowed")
    assert "takeback" in problem["detail"]
    untimed = api.create(players=TWO, seed=5)
    assert_problem(offer(api, untimed, untimed.players[0], "pause"), 409, "offer_not_allowed")
    assert_problem(offer(api, untimed, untimed.players[0], "resume"), 409, "offer_not_allowed")


@pytest.mark.parametrize(
    "offers", [{"kinds": ["draw"]}, {"cooldown_moves": 51}, {"max_pause_seconds": 59}, {"kinds": "abort"}]
)
def test_a_policy_out_of_range_is_422(api: Api, offers: dict[str, Any]) -> None:
    refused = api.post("/v1/games", None, {"players": TWO, "offers": offers}, headers=api.key_header)
    assert any(
        field.startswith("offers") for field in assert_problem(refused, 422, "invalid_request")["errors"]
    )


def test_a_refusal_is_told_in_the_caller_s_language(api: Api) -> None:
    game = api.create(players=TWO, seed=5)
    opened = offer(api, game, game.players[0], "agreement").get_json()["offer"]
    for language in ("fr", "pt"):
        refused = answer(api, game, game.players[0], opened["id"], "accept", **{"Accept-Language": language})
        problem = assert_problem(refused, 409, "own_offer")
        assert refused.headers["Content-Language"] == language
        assert "seat 0 made this offer" not in problem["detail"]


def test_the_admin_acts_for_a_seat_it_names(api: Api) -> None:
    game = api.create(players=TWO, seed=5)
    assert "seat" in assert_problem(offer(api, game, game.admin, "abort"), 422, "invalid_request")["errors"]
    opened = offer(api, game, game.admin, "abort", seat=1).get_json()["offer"]
    assert opened["seat"] == 1
    took = api.post(f"{game.url}/offers/{opened['id']}/accept", game.admin, {"seat": 0}).get_json()
    assert took["game"]["end_reason"] == "aborted"
