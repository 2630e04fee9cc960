"""A client app's players, by its own references: which of its games wait on one of them."""

from __future__ import annotations

from flask import Blueprint, Response, request

from service.api.answers import json_response
from service.api.context import service_state
from service.api.flask_edge import requester, requesting_client
from service.api.schemas import player_in_path_schema, player_turns_query_schema
from service.encoding import dumps
from service.play.turns import list_turns

bp = Blueprint("players", __name__, url_prefix="/v1/players")


@bp.get("/<player>/turns")
def turns(player: str) -> Response:
    client_id = requesting_client()
    player = player_in_path_schema.load({"player": player})["player"]
    query = player_turns_query_schema.load(request.args.to_dict())
    state = service_state()
    now_ms = round(requester().now * 1000)
    page = list_turns(state.store, client_id, player, query.get("cursor"), query["limit"], now_ms)
    return json_response(dumps({"turns": page.turns, "next_cursor": page.next_cursor}))
