"""Games: create one, list a client's own, and read one as the caller may see it; delete one."""

from __future__ import annotations

from flask import Blueprint, Response, request

from service.admission import gate
from service.api.answers import etag, json_response
from service.api.context import current_store, service_state
from service.api.flask_edge import open_requested_game, request_json, requester, requesting_client
from service.api.schemas import (
    create_game_schema,
    events_query_schema,
    game_query_schema,
    legal_moves_query_schema,
    list_games_query_schema,
)
from service.encoding import dumps
from service.play.consent import DEFAULT_POLICY
from service.play.games import delete_game, seat_legal_moves
from service.play.listing import list_games
from service.play.records import view_at
from service.play.stored_game import sequenced
from service.play.timeouts import clock_settings
from service.rules import Status

bp = Blueprint("games", __name__, url_prefix="/v1/games")


@bp.post("")
def create() -> Response:
    client_id = requesting_client()
    request_data = create_game_schema.load(request_json())
    clock = None if request_data["clock"] is None else clock_settings(request_data["clock"])
    state = service_state()
    who = requester()
    created = gate.create(
        state.store,
        state.gate,
        who,
        client_id,
        request_data["players"],
        request_data.get("seed"),
        request_data["target_score"],
        state.told,
        clock,
        request_data["offers"] or DEFAULT_POLICY,
        request_data["rated"],
    )
    now = who.now
    state.metrics.games_created.inc()
    issued = created.tokens
    tokens = {"admin": issued.admin, "players": list(issued.players), "spectator": issued.spectator}
    return json_response(
        dumps({"game": created.view(now), "tokens": tokens}),
        201,
        {"Location": f"/v1/games/{created.game_id}", "ETag": etag(created.version)},
    )


@bp.get("")
def listing() -> Response:
    client_id = requesting_client()
    query = list_games_query_schema.load(request.args.to_dict())
    cursor = int(query["cursor"]) if "cursor" in query else None
    status = Status(query["status"]) if "status" in query else None
    page = list_games(current_store(), client_id, status, cursor, query["limit"])
    next_cursor = None if page.next_cursor is None else str(page.next_cursor)
    return json_response(dumps({"games": page.games, "next_cursor": next_cursor}))


@bp.get("/<game_id>")
def get(game_id: str) -> Response:
    game = open_requested_game(game_id)
    at = game_query_schema.load(request.args.to_dict()).get("at")
    if at is not None:  # the game as it was: that version's ETag
        return json_response(dumps(view_at(current_store(), game, at)), headers={"ETag": etag(at)})
    return json_response(dumps(game.view(service_state().clock())), headers={"ETag": etag(game.version)})


@bp.delete("/<game_id>")
def delete(game_id: str) -> Response:
    state = service_state()
    delete_game(state.store, open_requested_game(game_id), requester().now, state.told)
    return Response(status=204)


@bp.get("/<game_id>/snapshot")
def snapshot(game_id: str) -> Response:
    game = open_requested_game(game_id)
    game.caller.require_admin()
    return json_response(dumps(game.snapshot), headers={"ETag": etag(game.version)})


@bp.get("/<game_id>/events")
def events(game_id: str) -> Response:
    open_requested_game(game_id)
    query = events_query_schema.load(request.args.to_dict())
    found = current_store().read_events(game_id, query["after"], query["limit"])
    next_after = found[-1][0] if found else query["after"]
    # Stored events are numbered as text, not decoded and encoded again.
    body = f'{{"events":[{",".join(sequenced(seq, text) for seq, text in found)}],"next_after":{next_after}}}'
    return json_response(body)


@bp.get("/<game_id>/legal-moves")
def list_legal_moves(game_id: str) -> Response:
    game = open_requested_game(game_id)
    query = legal_moves_query_schema.load(request.args.to_dict())
    seat, moves = seat_legal_moves(game, query.get("player"))
    body = {"player": seat, "moves": [move.to_json() for move in moves]}
    return json_response(dumps(body), headers={"ETag": etag(game.version)})
