"""Bots: the levels the service plays (``GET /v1/bots``, public), and a level's hint for a seat."""

from __future__ import annotations

from flask import Blueprint, Response, request

from service.api.answers import etag, json_response
from service.api.context import service_state
from service.api.flask_edge import open_requested_game
from service.api.schemas import hint_query_schema
from service.encoding import dumps
from service.play.bot_seats import hint, levels, thinking_for_a_request

bp = Blueprint("bots", __name__, url_prefix="/v1")


@bp.get("/bots")
def list_bots() -> Response:
    return json_response(dumps({"bots": levels()}))


@bp.get("/games/<game_id>/hint")
def get_hint(game_id: str) -> Response:
    """What a level would play for the caller's seat now (the admin names one with ``?player=``)."""
    game = open_requested_game(game_id)
    query = hint_query_schema.load(request.args.to_dict())
    state = service_state()
    think = thinking_for_a_request(state.store, state.settings.hint_wait)
    move = hint(game, query.get("player"), query["level"], think)
    body = {"level": query["level"], "move": move.to_json()}
    return json_response(dumps(body), headers={"ETag": etag(game.version)})
