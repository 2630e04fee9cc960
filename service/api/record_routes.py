"""Game records: ``GET /v1/games/{game_id}/record`` and ``POST /v1/records/verify`` (docs/RECORDS.md).

A game's record is its caller's (nothing hidden leaks: ``play.records.game_record``). Verifying is
stateless, like ``/v1/adjudicate``: a client app's key counts it, the record comes from anywhere,
and the answer says the result the rules give or the first flaw, its sentence in the caller's
language.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response

from service.api.answers import json_response
from service.api.context import current_store, service_state
from service.api.flask_edge import open_requested_game, request_json, requesting_client, speaks
from service.api.language import requested_language
from service.api.schemas import game_record_schema, quick_record
from service.api.translation import translate
from service.encoding import dumps
from service.greenlets import off_the_loop
from service.play.records import game_record
from service.rules.record import Flaw, Result, record_from_json, replay

bp = Blueprint("records", __name__, url_prefix="/v1")


def verdict_of(payload: Any) -> Result | Flaw:
    """What the rules make of a record sent to be verified (ValidationError: not the format's shape)."""
    document = quick_record(payload) or game_record_schema.load(payload)
    return replay(record_from_json(document))


@bp.get("/games/<game_id>/record")
def record(game_id: str) -> Response:
    return json_response(dumps(game_record(current_store(), open_requested_game(game_id))))


@bp.post("/records/verify")
def verify() -> Response:
    requesting_client()
    payload = request_json(service_state().settings.max_record_bytes)
    verdict = off_the_loop(verdict_of, payload)  # up to 1 MiB of moves: CPU that must stall no request
    language = requested_language()
    body: dict[str, Any]
    if isinstance(verdict, Flaw):
        body = {"valid": False, "round": verdict.round, "move_index": verdict.move_index,
                "code": str(verdict.code), "detail": translate(verdict.message, language)}  # fmt: skip
    else:
        body = {
            "valid": True,
            "status": verdict.status.value,
            "winners": list(verdict.winners),
            "end_reason": None if verdict.end_reason is None else verdict.end_reason.value,
            "scores": list(verdict.scores),
            "rounds": len(payload["rounds"]),  # the record has the shape verdict_of checked
        }
    speaks(language)
    return json_response(dumps(body))
