"""Games: create one, and read it as the caller may see it (view, events, legal moves, snapshot)."""

from __future__ import annotations

from flask import Blueprint, Response, request

from service.api.auth import Caller
from service.api.encoding import dumps
from service.api.errors import invalid_request
from service.api.http import current_store, json_response, read_json
from service.api.play import check_seat, create_game, open_game
from service.api.schemas import create_game_schema, events_query_schema, legal_moves_query_schema
from service.api.views import etag, game_view
from service.rules import from_snapshot, legal_moves

bp = Blueprint("games", __name__, url_prefix="/v1/games")


@bp.post("")
def create() -> Response:
    request_data = create_game_schema.load(read_json())
    created = create_game(
        current_store(), request_data["players"], request_data.get("seed"), request_data["target_score"]
    )
    view = game_view(created.game_id, created.version, created.snapshot, Caller(seat=None))
    tokens = {"admin": created.tokens.admin, "players": list(created.tokens.players)}
    return json_response(
        dumps({"game": view, "tokens": tokens}),
        201,
        {"Location": f"/v1/games/{created.game_id}", "ETag": etag(created.version)},
    )


@bp.get("/<game_id>")
def get(game_id: str) -> Response:
    game = open_game(current_store(), game_id, request.headers)
    return json_response(dumps(game.view()), headers={"ETag": etag(game.version)})


@bp.get("/<game_id>/snapshot")
def snapshot(game_id: str) -> Response:
    game = open_game(current_store(), game_id, request.headers)
    game.caller.require_admin()
    return json_response(dumps(game.snapshot), headers={"ETag": etag(game.version)})


@bp.get("/<game_id>/events")
def events(game_id: str) -> Response:
    store = current_store()
    open_game(store, game_id, request.headers)
    query = events_query_schema.load(request.args.to_dict())
    found = store.read_events(game_id, query["after"], query["limit"])
    next_after = found[-1][0] if found else query["after"]
    # Stored events already carry their seq: passed through without decoding.
    body = f'{{"events":[{",".join(text for _, text in found)}],"next_after":{next_after}}}'
    return json_response(body)


@bp.get("/<game_id>/legal-moves")
def list_legal_moves(game_id: str) -> Response:
    game = open_game(current_store(), game_id, request.headers)
    query = legal_moves_query_schema.load(request.args.to_dict())
    seat = query.get("player", game.caller.seat)
    if seat is None:
        raise invalid_request({"player": ["the admin token must name a seat: ?player=n"]})
    game.caller.require_seat(seat)
    check_seat(game.snapshot, seat)
    moves = legal_moves(from_snapshot(game.snapshot, verify=False), seat)
    body = {"player": seat, "moves": [move.to_json() for move in moves]}
    return json_response(dumps(body), headers={"ETag": etag(game.version)})
