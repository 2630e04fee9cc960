"""Moves: submit one (judged, saved atomically, idempotent on request), or only ask whether it is legal."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request

from service.api.encoding import dumps
from service.api.http import current_store, expected_version, idempotency_key, json_response, read_json
from service.api.idempotency import IdempotencySlot, run_once
from service.api.play import open_game, parse_move, submit_move
from service.api.views import etag
from service.rules import from_snapshot, validate

bp = Blueprint("moves", __name__, url_prefix="/v1/games/<game_id>/moves")


@bp.post("")
def apply_move(game_id: str) -> Response:
    store = current_store()
    game = open_game(store, game_id, request.headers)
    key = idempotency_key(request.headers)
    expected = expected_version(request.headers)
    payload = read_json()
    slot = IdempotencySlot.for_request(key, game.caller.role, expected, payload) if key else None

    def attempt() -> Response:
        move = parse_move(game, payload)
        saved = submit_move(store, game, move, expected, slot)
        return json_response(saved.body, headers={"ETag": etag(saved.version)})

    return run_once(store, game_id, slot, attempt)


@bp.post("/validate")
def validate_move(game_id: str) -> Response:
    game = open_game(current_store(), game_id, request.headers)
    move = parse_move(game, read_json())
    refusal = validate(from_snapshot(game.snapshot, verify=False), move)
    body: dict[str, Any]
    if refusal is None:
        body = {"legal": True}
    else:
        body = {"legal": False, "code": refusal.code.value, "detail": refusal.detail}
    return json_response(dumps(body), headers={"ETag": etag(game.version)})
