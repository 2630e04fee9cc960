"""``GET /v1/games/{id}/stream``: each numbered promise of the contract, for each kind of viewer."""

from __future__ import annotations

import random
from typing import Any

import jsonschema_rs
import pytest
from flask import Flask, Response

from harness.games import Game
from harness.in_process_api import Api, bearer
from harness.streams import Frame, StreamReader
from service.api.contract import load_contract
from service.app import close_streams
from service.rules.deal import dealt_hand
from service.rules.tiles import codes
from tests.api.test_api_errors import assert_problem

SCHEMAS = load_contract().document["components"]["schemas"]
FRAME_SCHEMA = jsonschema_rs.Draft202012Validator(
    {"$ref": "#/components/schemas/StreamFrame", "components": load_contract().document["components"]}
)


def viewers(api: Api, game: Game) -> dict[str, dict[str, str]]:
    """Every kind of credential of a game, as request headers."""
    spectator = game.created["tokens"]["spectator"]
    return {
        "seat 0": bearer(game.players[0]),
        "seat 1": bearer(game.players[1]),
        "admin": bearer(game.admin),
        "spectator": bearer(spectator),
        "owner's key": api.key_header,
    }


def open_stream(
    api: Api, game: Game, headers: dict[str, str], query: str = "", ndjson: bool = False
) -> StreamReader:
    accept = {"Accept": "application/x-ndjson" if ndjson else "text/event-stream"}
    response = api.client.get(f"{game.url}/stream{query}", headers={**headers, **accept}, buffered=False)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == ("application/x-ndjson" if ndjson else "text/event-stream")
    assert response.headers["Cache-Control"] == "no-cache" and response.headers["X-Accel-Buffering"] == "no"
    return StreamReader(response.response, ndjson=ndjson)


def logged_events(api: Api, game: Game) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = api.get(f"{game.url}/events?limit=500", game.admin).get_json()["events"]
    return events


def play_once(api: Api, game: Game, rng: random.Random) -> Response:
    seat = api.snapshot(game)["current_player"]
    options = api.legal_moves(game, game.players[seat])
    placing = [move for move in options if move["action"] != "pass"] or options
    return api.move(game, game.players[seat], rng.choice(placing))


def finished_game(api: Api, seed: int = 11, target_score: int = 200) -> Game:
    """A two-player game played to its end, through several deals."""
    game = api.create(players=["Annika", "Elias"], seed=seed, target_score=target_score)
    rng = random.Random(seed)
    while api.snapshot(game)["status"] == "playing":
        assert play_once(api, game, rng).status_code == 200
    assert sum(event["type"] == "round_dealt" for event in logged_events(api, game)) >= 2
    return game


@pytest.mark.parametrize("viewer", ["seat 0", "seat 1", "admin", "spectator", "owner's key"])
def test_the_first_frame_is_what_getting_the_game_answers_that_viewer(api: Api, viewer: str) -> None:
    game = api.create(players=["Annika", "Elias"], seed=3)
    headers = viewers(api, game)[viewer]
    first = open_stream(api, game, headers).next()
    assert first == Frame("game", None, api.client.get(game.url, headers=headers).get_json())
    if viewer == "spectator":
        assert "hand" not in first.data and "hands" not in first.data


def test_the_log_then_each_new_event_as_it_happens_each_with_its_seq(api: Api) -> None:
    game = api.create(players=["Annika", "Elias"], seed=3)
    stream = open_stream(api, game, bearer(game.players[1]))
    assert [frame.event for frame in stream.take(3)] == ["game", "round_dealt", "hand"]
    rng = random.Random(1)
    for _ in range(5):
        answer = play_once(api, game, rng)
        assert answer.status_code == 200
        for event in answer.get_json()["events"]:
            frame = stream.next()
            assert frame == Frame(event["type"], event["seq"], event)
    events = logged_events(api, game)
    assert [event["seq"] for event in events] == list(range(1, 7))


@pytest.mark.parametrize("viewer", ["seat 0", "seat 1", "admin", "spectator", "owner's key"])
def test_only_a_seat_gets_its_new_hand_right_after_each_deal(api: Api, viewer: str) -> None:
    game = finished_game(api)
    frames = open_stream(api, game, viewers(api, game)[viewer]).rest()
    events = [frame for frame in frames[1:] if frame.event != "hand"]
    assert [frame.data for frame in events] == logged_events(api, game)
    hands = [(index, frame) for index, frame in enumerate(frames) if frame.event == "hand"]
    if viewer.startswith("seat"):
        seat = int(viewer[-1])
        deals = [frame for frame in frames if frame.event == "round_dealt"]
        assert len(hands) == len(deals) >= 2
        for (index, hand), deal in zip(hands, deals, strict=True):
            assert frames[index - 1] == deal, "a hand comes right after its deal"
            assert hand.id is None
            assert hand.data == {"hand": codes(dealt_hand(11, deal.data["round"], 2, seat))}
    else:
        assert hands == []


def test_a_finished_games_stream_ends_after_game_over(api: Api) -> None:
    game = finished_game(api)
    stream = open_stream(api, game, bearer(game.admin))
    frames = stream.rest()
    assert frames[-1].event == "game_over" and stream.ended.is_set()


def test_resuming_at_every_point_loses_nothing_and_repeats_nothing(api: Api) -> None:
    game = finished_game(api)
    events = logged_events(api, game)
    for cursor in range(len(events) + 1):
        for query, headers in [(f"?after={cursor}", {}), ("?after=0", {"Last-Event-ID": str(cursor)})]:
            frames = open_stream(api, game, {**bearer(game.players[0]), **headers}, query).rest()
            resumed = [frame.data for frame in frames[1:] if frame.event != "hand"]
            assert resumed == events[cursor:], (cursor, query, headers)


def test_a_stream_held_across_a_deal_and_to_the_end_gets_each_event_once(api: Api) -> None:
    game = api.create(players=["Annika", "Elias"], seed=11, target_score=200)
    stream = open_stream(api, game, bearer(game.players[0]))
    rng = random.Random(11)
    while api.snapshot(game)["status"] == "playing":
        assert play_once(api, game, rng).status_code == 200
    frames = stream.rest()
    assert [frame.data for frame in frames[1:] if frame.event != "hand"] == logged_events(api, game)


@pytest.mark.parametrize("app_config", [{"STREAM_HEARTBEAT_SECONDS": "0.05"}])
def test_a_quiet_stream_sends_a_keep_alive(api: Api, game: Game) -> None:
    stream = open_stream(api, game, bearer(game.admin))
    assert [frame.event for frame in stream.take(2)] == ["game", "round_dealt"]
    assert stream.next(skip_keep_alive=False) == Frame("keep-alive", None, None)


def test_streams_end_when_the_process_stops(api: Api, game: Game, app: Flask) -> None:
    stream = open_stream(api, game, bearer(game.admin))
    assert [frame.event for frame in stream.take(2)] == ["game", "round_dealt"]
    close_streams(app)
    assert stream.rest() == [] and stream.ended.is_set()


def test_ndjson_gives_the_same_frames_as_sse_each_a_frame_of_the_contract(api: Api) -> None:
    game = finished_game(api)
    as_sse = open_stream(api, game, bearer(game.players[1])).rest()
    as_ndjson = open_stream(api, game, bearer(game.players[1]), ndjson=True).rest()
    assert as_ndjson == as_sse
    for frame in as_ndjson:
        document = {"event": frame.event, "id": frame.id, "data": frame.data}
        assert not list(FRAME_SCHEMA.iter_errors(document)), document


@pytest.mark.parametrize(
    ("headers", "query", "status", "code"),
    [
        ({"Authorization": "Bearer " + "x" * 43}, "", 401, "unauthorized"),
        ({}, "", 401, "unauthorized"),
        ("admin", "?after=-1", 422, "invalid_request"),
        ("admin", "?after=abc", 422, "invalid_request"),
        ("admin", "?after=2", 422, "invalid_request"),
        ({"Last-Event-ID": "x"}, "", 422, "invalid_request"),
        ({"Last-Event-ID": "99"}, "?after=0", 422, "invalid_request"),
    ],
)
def test_refusals_come_before_the_stream_as_for_any_game_operation(
    api: Api, game: Game, headers: Any, query: str, status: int, code: str
) -> None:
    if headers == "admin":
        headers = {}
    if status != 401:
        headers = {**bearer(game.admin), **headers}
    response = api.client.get(f"{game.url}/stream{query}", headers=headers)
    assert_problem(response, status, code)


def test_another_clients_key_finds_no_game_to_stream(api: Api, game: Game, other: Api) -> None:
    assert_problem(api.client.get(f"{game.url}/stream", headers=other.key_header), 404, "not_found")


@pytest.fixture
def other(api: Api, store: Any) -> Api:
    from harness.client_apps import register_in

    return Api(api.client, register_in(store, "Other app"))
