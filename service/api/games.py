"""Games: create one, and read it as the caller may see it (view, events, legal moves, snapshot)."""

from __future__ import annotations

from flask import Blueprint, Response, request

from service.api.answers import etag, json_response
from service.api.context import current_store, service_state
from service.api.inputs import bearer_token, read_json
from service.api.schemas import create_game_schema, events_query_schema, legal_moves_query_schema
from service.encoding import dumps
from service.play.games import create_game, open_game, seat_legal_moves

bp = Blueprint("games", __name__, url_prefix="/v1/games")


@bp.post("")
def create() -> Response:
    request_data = create_game_schema.load(read_json())
    state = service_state()
    created = create_game(
        state.store, request_data["players"], request_data.get("seed"), request_data["target_score"]
    )
    state.metrics.games_created.inc()
    tokens = {"admin": created.tokens.admin, "players": list(created.tokens.players)}
    return json_response(
        dumps({"game": created.view(), "tokens": tokens}),
        201,
        {"Location": f"/v1/games/{created.game_id}", "ETag": etag(created.version)},
    )


@bp.get("/<game_id>")
def get(game_id: str) -> Response:
    game = open_game(current_store(), game_id, bearer_token(request.headers))
    return json_response(dumps(game.view()), headers={"ETag": etag(game.version)})


@bp.get("/<game_id>/snapshot")
def snapshot(game_id: str) -> Response:
    game = open_game(current_store(), game_id, bearer_token(request.headers))
    game.caller.require_admin()
    return json_response(dumps(game.snapshot), headers={"ETag": etag(game.version)})


@bp.get("/<game_id>/events")
def events(game_id: str) -> Response:
    store = current_store()
    open_game(store, game_id, bearer_token(request.headers))
    query = events_query_schema.load(request.args.to_dict())
    found = store.read_events(game_id, query["after"], query["limit"])
    next_after = found[-1][0] if found else query["after"]
    # Stored events already carry their seq: passed through without decoding.
    body = f'{{"events":[{",".join(text for _, text in found)}],"next_after":{next_after}}}'
    return json_response(body)


@bp.get("/<game_id>/legal-moves")
def list_legal_moves(game_id: str) -> Response:
    game = open_game(current_store(), game_id, bearer_token(request.headers))
    query = legal_moves_query_schema.load(request.args.to_dict())
    seat, moves = seat_legal_moves(game, query.get("player"))
    body = {"player": seat, "moves": [move.to_json() for move in moves]}
    return json_response(dumps(body), headers={"ETag": etag(game.version)})
