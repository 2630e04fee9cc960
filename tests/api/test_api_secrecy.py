"""No answer and no stream frame ever shows a tile its caller may not see.

Every operation is walked with every kind of token (the admin's, each seat's, the
spectator's, another game's admin and seat tokens, a made-up token, none) at several
points of seeded 2-, 3- and 4-player games; and every frame of the streams of random
games, held open by each viewer while the game is played, is checked as it comes. The
tiles a caller must not see come from the admin snapshot: other seats' hands and the
box, minus what lies face up (rows, discarded). Only the admin's own /snapshot and /record
may show the box: that is their purpose. (``/v1/adjudicate`` and ``/v1/records/verify`` hold
no game: they answer about what their caller sent.) The game as it was (``?at=``) and its
record are walked too: a seat's record holds its own hands only, as dealt (its 1s lie face up).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Response
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harness.games import Game
from harness.in_process_api import Api, bearer
from harness.players import SAMPLE_NAMES
from harness.streams import Frame
from tests.api.test_api_streams import open_stream

TURNS_WALKED = 5


def hidden_from(snapshot: dict[str, Any], seat: int | None, stranger: bool) -> set[str]:
    hands = [set(player["hand"]) for player in snapshot["players"]]
    public = {code for row in snapshot["rows"].values() for code in row} | set(snapshot["discarded"])
    hidden = set(snapshot["box"])
    if stranger:
        hidden |= set().union(*hands)
    elif seat is not None:
        hidden |= set().union(*(hand for other, hand in enumerate(hands) if other != seat))
        hidden -= hands[seat]
    else:
        hidden -= set().union(*hands)
    return hidden - public


PURPLE = {"scissors", "trash"}
"""Also the names of two actions ("Must be one of: play, scissors, trash, pass."), so they
are looked for as tiles only: in lists of tiles and in an event's ``purple``."""


def tiles_listed(document: Any) -> Iterator[str]:
    stack = [document]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack += item
            yield from (value for value in item if isinstance(value, str))
        elif isinstance(item, dict):
            stack += item.values()
            if isinstance(item.get("purple"), str):
                yield item["purple"]


def assert_shows_none_of(response: Response, hidden: set[str], what: str) -> None:
    text = response.get_data(as_text=True)
    shown = set(tiles_listed(response.get_json(silent=True))) & hidden
    coloured = sorted(hidden - PURPLE)
    if coloured:
        pattern = re.compile(
            r"(?<![A-Za-z0-9-])(" + "|".join(map(re.escape, coloured)) + r")(?![A-Za-z0-9-])"
        )
        shown |= set(pattern.findall(text))
    assert not shown, f"{what} answered {response.status_code} showing {sorted(shown)}"


def walk(
    api: Api, game: Game, token: str | None, seat: int | None, admin: bool
) -> Iterator[tuple[str, Response]]:
    """Every operation, asked the ways this caller might ask it (allowed or not).

    Requests name only tiles the caller holds: an answer may echo what was asked.
    """
    view = api.get(game.url, game.admin).get_json()
    own = seat if seat is not None else view["current_player"]
    other = (own + 1) % len(view["players"])
    own_tile = (view["hands"][own] or ["red-2"])[0]
    yield "view", api.get(game.url, token)
    yield "view at version 1", api.get(game.url, token, query_string={"at": 1})
    yield "view at this version", api.get(game.url, token, query_string={"at": view["version"]})
    yield "view at a version to come", api.get(game.url, token, query_string={"at": view["version"] + 1})
    yield "events", api.get(f"{game.url}/events", token)
    yield "own legal moves", api.get(f"{game.url}/legal-moves", token, query_string={"player": own})
    yield "other legal moves", api.get(f"{game.url}/legal-moves", token, query_string={"player": other})
    if not admin:
        yield "snapshot", api.get(f"{game.url}/snapshot", token)
        yield "record", api.get(f"{game.url}/record", token)
    for target in (own, other):
        for move in (
            {"player": target, "action": "pass", "row": "red"},
            {"player": target, "action": "play", "row": "red", "tiles": [own_tile, own_tile]},
            {"player": target, "action": "scissors", "row": "gray"},
            {"player": target, "action": "teleport"},
        ):
            yield f"validate {move}", api.post(f"{game.url}/moves/validate", token, move)
            yield f"move {move}", api.move(game, token, move, **{"If-Match": "999"})
    yield "unknown route", api.get(f"{game.url}/hands", token)
    yield "wrong method", api.client.put(game.url, headers={"Authorization": f"Bearer {token}"})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_operation_shows_another_seats_tiles_or_the_box(api: Api, players: int) -> None:
    game = api.create(players=SAMPLE_NAMES[:players], seed=40 + players)
    stranger_game = api.create(players=SAMPLE_NAMES[:2], seed=1)
    chooser = random.Random(players)
    callers: list[tuple[str, str | None, int | None, bool]] = [
        ("admin", game.admin, None, False),
        *((f"seat {seat}", token, seat, False) for seat, token in enumerate(game.players)),
        ("the spectator", game.created["tokens"]["spectator"], None, True),
        ("another game's admin", stranger_game.admin, None, True),
        ("another game's seat", stranger_game.players[0], 0, True),
        ("a made-up token", "x" * 43, None, True),
        ("no token", None, None, True),
    ]
    for _ in range(TURNS_WALKED):
        snapshot = api.snapshot(game)
        for name, token, seat, stranger in callers:
            hidden = hidden_from(snapshot, seat, stranger)
            admin = token == game.admin
            for what, response in walk(api, game, token, None if stranger else seat, admin):
                assert_shows_none_of(response, hidden, f"{what} for {name}")
        mover = snapshot["current_player"]
        options = api.legal_moves(game, game.players[mover])
        placing = [move for move in options if move["action"] != "pass"] or options
        response = api.move(game, game.players[mover], chooser.choice(placing))
        assert response.status_code == 200
        assert_shows_none_of(response, hidden_from(api.snapshot(game), mover, False), "the mover's own move")
    assert api.snapshot(game)["round"] == 1, (
        "the walk stays in one round, where rows and hands never swap tiles"
    )


def frame_text(frame: Frame) -> Response:
    """A frame as an answer, for ``assert_shows_none_of``."""
    return Response(
        json.dumps({"event": frame.event, "id": frame.id, "data": frame.data}), mimetype="application/json"
    )


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), moves=st.integers(5, 70))
def test_no_stream_frame_shows_a_tile_its_viewer_may_not_see(
    api: Api, players: int, seed: int, moves: int
) -> None:
    game = api.create(players=SAMPLE_NAMES[:players], seed=seed)
    viewers = {f"seat {seat}": (token, seat) for seat, token in enumerate(game.players)}
    viewers["the spectator"] = (game.created["tokens"]["spectator"], None)
    streams = {name: open_stream(api, game, bearer(token)) for name, (token, _) in viewers.items()}
    snapshot = api.snapshot(game)
    for name, (_, seat) in viewers.items():
        hidden = hidden_from(snapshot, seat, seat is None)
        for frame in streams[name].take(2 + (seat is not None)):  # the game, round_dealt, a seat's hand
            assert_shows_none_of(frame_text(frame), hidden, f"{frame.event} for {name}")
    chooser = random.Random(seed)
    for _ in range(moves):
        mover = snapshot["current_player"]
        options = api.legal_moves(game, game.players[mover])
        placing = [move for move in options if move["action"] != "pass"] or options
        answer = api.move(game, game.players[mover], chooser.choice(placing))
        assert answer.status_code == 200
        events = answer.get_json()["events"]
        snapshot = api.snapshot(game)
        for name, (_, seat) in viewers.items():
            dealt = any(event["type"] == "round_dealt" for event in events)
            frames = streams[name].take(len(events) + (dealt and seat is not None))
            hidden = hidden_from(snapshot, seat, seat is None)
            for frame in frames:
                assert_shows_none_of(frame_text(frame), hidden, f"{frame.event} for {name}")
        if snapshot["status"] == "finished":
            break


def play_to_the_end(api: Api, game: Game, chooser: random.Random) -> None:
    """The game played out by the admin, placing tiles when it can."""
    for _ in range(2_000):
        snapshot = api.snapshot(game)
        if snapshot["status"] == "finished":
            return
        options = api.legal_moves(game, game.admin, snapshot["current_player"])
        placing = [move for move in options if move["action"] != "pass"] or options
        assert api.move(game, game.admin, chooser.choice(placing)).status_code == 200
    raise AssertionError("the game did not finish")


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), before=st.integers(0, 12), data=st.data())
def test_a_replaced_holder_sees_nothing_more_and_the_new_one_its_seat_only(
    api: Api, players: int, seed: int, before: int, data: st.DataObject
) -> None:
    """A seat handed on mid-game: from then on its last holder's token opens nothing (every operation
    401, but for what is refused before any token is read), and its stream, opened before, shows no
    hand dealt to the seat after; the new holder sees the seat's own hand, and nothing else hidden."""
    game = api.create(players=SAMPLE_NAMES[:players], seed=seed, target_score=300)
    seat = data.draw(st.integers(0, players - 1), label="seat")
    chooser = random.Random(seed)
    old = game.players[seat]
    old_stream = open_stream(api, game, bearer(old))
    for _ in range(before):
        snapshot = api.snapshot(game)
        options = api.legal_moves(game, game.admin, snapshot["current_player"])
        placing = [move for move in options if move["action"] != "pass"] or options
        assert api.move(game, game.admin, chooser.choice(placing)).status_code == 200
    handed = api.client.put(
        f"{game.url}/seats/{seat}/holder", json={"name": "Zoe"}, headers=bearer(game.admin)
    )
    assert handed.status_code == 200
    new = handed.get_json()["token"]
    snapshot = api.snapshot(game)
    before_refused = {"unknown route": 404, "wrong method": 405}
    for what, response in walk(api, game, old, seat, admin=False):
        assert response.status_code == before_refused.get(what, 401), f"{what} for the replaced holder"
        assert_shows_none_of(response, hidden_from(snapshot, None, True), f"{what} for the replaced holder")
    assert api.client.get(f"{game.url}/stream", headers=bearer(old)).status_code == 401
    new_stream = open_stream(api, game, bearer(new))
    hidden = hidden_from(snapshot, seat, False)
    for what, response in walk(api, game, new, seat, admin=False):
        assert_shows_none_of(response, hidden, f"{what} for the new holder")
    for frame in new_stream.take(3):  # the game, the first deal, the seat's own hand
        assert_shows_none_of(frame_text(frame), hidden, f"{frame.event} for the new holder")
    play_to_the_end(api, game, chooser)
    frames = old_stream.rest()
    assert frames[-1].event == "seat_taken", "the replaced holder's stream goes on past the hand-over"
    replayed = [frame.event for frame in new_stream.rest()]  # from the start: the hand-over is history
    assert "seat_taken" in replayed and replayed[-1] == "game_over"
    assert replayed.count("hand") == replayed.count("round_dealt")  # the seat's own, each round
