"""A finished game's rematch (``POST /v1/games/{id}/rematch``): 201 and the new game the first time it
is asked for, 200 and the same game every time after (``play.rematches``)."""

from __future__ import annotations

from flask import Blueprint, Response

from service.admission.gate import reserve
from service.api.answers import etag, json_response
from service.api.context import service_state
from service.api.flask_edge import requester
from service.api.seats import seat_change
from service.encoding import dumps
from service.play.rematches import rematch

bp = Blueprint("rematches", __name__, url_prefix="/v1/games/<game_id>")


@bp.post("/rematch")
def rematch_game(game_id: str) -> Response:
    state, who = service_state(), requester()
    made = seat_change(
        game_id,
        lambda game, rider, now: rematch(
            state.store,
            game,
            now,
            rider,
            lambda owner, new_id: reserve(state.store, state.gate, who, owner, new_id),
            state.told,
        ),
    )
    headers = {"ETag": etag(made.game.version), "Location": f"/v1/games/{made.game.game_id}"}
    return json_response(dumps(made.game.view(who.now)), 201 if made.created else 200, headers)
