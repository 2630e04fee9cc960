"""``POST /v1/games/{game_id}/seats/{seat}/back``: an absent seat's holder is back."""

from __future__ import annotations

from flask import Blueprint, Response

from service.admission.gate import open_game_to_change
from service.api.answers import etag, json_response
from service.api.context import service_state
from service.api.flask_edge import requester
from service.encoding import dumps
from service.play.absence import say_back
from service.play.commit import Rider

bp = Blueprint("seats", __name__, url_prefix="/v1/games/<game_id>/seats")


@bp.post("/<int:seat>/back")
def back(game_id: str, seat: int) -> Response:
    state = service_state()
    who = requester()
    game, request = open_game_to_change(state.store, state.gate, game_id, who)
    try:
        returned = say_back(state.store, game, seat, Rider(request), who.now, state.told)
    finally:
        request.alone(state.store)  # a request that saved nothing (refused, or nothing to change) counts too
    return json_response(dumps(returned.view(who.now)), headers={"ETag": etag(returned.version)})
