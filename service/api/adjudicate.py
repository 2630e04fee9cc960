"""Stateless adjudication: judge a move against a snapshot the client brings; nothing is stored.

Only client apps may (their key counts the request). The snapshot comes from outside,
so it is checked completely (``verify=True``) and an inconsistent one is 422
``invalid_snapshot`` listing every problem the engine found.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response

from service.api.answers import json_response
from service.api.flask_edge import request_json, requesting_client, speaks
from service.api.language import requested_language
from service.api.schemas import adjudicate_schema
from service.api.translation import translate
from service.encoding import dumps
from service.rules import IllegalMove, apply, from_snapshot, to_snapshot

bp = Blueprint("adjudicate", __name__, url_prefix="/v1")


@bp.post("/adjudicate")
def adjudicate() -> Response:
    requesting_client()
    request_data = adjudicate_schema.load(request_json())
    state = from_snapshot(request_data["snapshot"], verify=True)
    language = requested_language()
    body: dict[str, Any]
    try:
        transition = apply(state, request_data["move"])
    except IllegalMove as refusal:
        body = {"legal": False, "code": refusal.code.value, "detail": translate(refusal.message, language)}
    else:
        events = [event.to_json() for event in transition.events]
        body = {"legal": True, "snapshot": to_snapshot(transition.state), "events": events}
    speaks(language)
    return json_response(dumps(body))
