"""``POST /v1/games/{game_id}/seats/{seat}/back``: an absent seat's holder is back."""

from __future__ import annotations

from flask import Blueprint, Response

from service.api.answers import etag, json_response
from service.api.context import service_state
from service.api.flask_edge import counted, requester
from service.encoding import dumps
from service.play.absence import say_back
from service.play.games import open_game_for_move

bp = Blueprint("seats", __name__, url_prefix="/v1/games/<game_id>/seats")


@bp.post("/<int:seat>/back")
def back(game_id: str, seat: int) -> Response:
    state = service_state()
    who = requester()
    game, request = open_game_for_move(state.store, state.gate, game_id, who)
    if game.admitted is not None:
        counted(game.admitted.windows)
    try:
        returned = say_back(state.store, game, seat, request, who.now, state.told)
    except Exception:
        request.alone(state.store)  # a refused request is counted too
        raise
    finally:
        if request.admitted is not None:
            counted(request.admitted.windows)
    return json_response(dumps(returned.view(who.now)), headers={"ETag": etag(returned.version)})
