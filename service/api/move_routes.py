"""``POST /v1/games/{game_id}/moves/validate``: would a move be legal now? Nothing is saved.

Submitting a move is answered before Flask, by ``service.api.move_handler``.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response

from service.api.answers import etag, json_response
from service.api.flask_edge import open_requested_game, request_json, speaks
from service.api.language import requested_language
from service.api.schemas import move_schema
from service.api.translation import translate
from service.encoding import dumps
from service.play.moves import judge_move
from service.rules import Move

bp = Blueprint("moves", __name__, url_prefix="/v1/games/<game_id>/moves")


@bp.post("/validate")
def validate_move(game_id: str) -> Response:
    game = open_requested_game(game_id)
    move: Move = move_schema.load(request_json())
    game.authorize_move(move)
    refusal = judge_move(game, move)
    language = requested_language()
    body: dict[str, Any]
    if refusal is None:
        body = {"legal": True}
    else:
        body = {"legal": False, "code": refusal.code.value, "detail": translate(refusal.message, language)}
    speaks(language)
    return json_response(dumps(body), headers={"ETag": etag(game.version)})
