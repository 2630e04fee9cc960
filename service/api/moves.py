"""Moves: submit one (judged, saved atomically, idempotent on request), or only ask whether it is legal."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request

from service.api.admission import open_requested_game
from service.api.answers import etag, json_response
from service.api.context import service_state
from service.api.idempotency import IdempotentRequest
from service.api.inputs import expected_version, idempotency_key, read_json
from service.api.language import requested_language, speaks
from service.api.schemas import move_schema
from service.api.translation import translate
from service.encoding import dumps
from service.play.games import game_over
from service.play.moves import judge_move, submit_move
from service.rules import Move

bp = Blueprint("moves", __name__, url_prefix="/v1/games/<game_id>/moves")


@bp.post("")
def apply_move(game_id: str) -> Response:
    state = service_state()
    game = open_requested_game(game_id)
    key = idempotency_key(request.headers)
    expected = expected_version(request.headers)
    payload = read_json()
    keeper: IdempotentRequest | None = None
    if key is not None:
        claimed = IdempotentRequest.begin(state.store, game_id, key, game.caller, expected, payload)
        if isinstance(claimed, Response):
            return claimed  # the replay of the first answer to this key
        keeper = claimed
    move: Move = move_schema.load(payload)
    game.authorize_move(move)
    saved = submit_move(state.store, game, move, expected, keeper)
    state.metrics.move_saved(saved)
    if saved.finished:
        game_over(state.store, game)
    return json_response(saved.body, headers={"ETag": etag(saved.version)})


@bp.post("/validate")
def validate_move(game_id: str) -> Response:
    game = open_requested_game(game_id)
    move: Move = move_schema.load(read_json())
    game.authorize_move(move)
    refusal = judge_move(game, move)
    language = requested_language()
    body: dict[str, Any]
    if refusal is None:
        body = {"legal": True}
    else:
        body = {"legal": False, "code": refusal.code.value, "detail": translate(refusal.message, language)}
    return speaks(json_response(dumps(body), headers={"ETag": etag(game.version)}), language)
