"""Every operation of the API: its contract id and every answer it can give, in one table.

Keyed by Flask endpoint. ``ANSWERS`` maps each status an operation can return to
the problem codes it carries (an empty set for a success). The contract lists
exactly these statuses and codes per operation, tests/contract/test_drift.py checks
that it does, and the functional tests check that no response ever falls outside it.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.api.errors import ApiCode
from service.rules import Illegal

Answers = dict[int, frozenset[str]]


def _codes(*codes: str) -> frozenset[str]:
    return frozenset(codes)


SUCCESS: frozenset[str] = frozenset()
ENGINE_CODES = frozenset(Illegal)

_AUTH: Answers = {401: _codes(ApiCode.UNAUTHORIZED)}
_JSON_BODY: Answers = {
    400: _codes(ApiCode.MALFORMED_JSON),
    413: _codes(ApiCode.PAYLOAD_TOO_LARGE),
    415: _codes(ApiCode.UNSUPPORTED_MEDIA_TYPE),
}
_BUG: Answers = {500: _codes(ApiCode.INTERNAL_ERROR)}
_STORED_GAME_BUG: Answers = {500: _codes(ApiCode.INTERNAL_ERROR, ApiCode.CORRUPT_GAME)}
"""For operations that read a stored game, which may hold what the service never wrote."""
_STORE: Answers = {503: _codes(ApiCode.STORAGE_UNAVAILABLE)}
_INVALID: Answers = {422: _codes(ApiCode.INVALID_REQUEST)}
_FORBIDDEN: Answers = {403: _codes(ApiCode.FORBIDDEN)}
_SERVER: Answers = {
    414: _codes(ApiCode.URI_TOO_LONG),
    431: _codes(ApiCode.HEADER_FIELDS_TOO_LARGE),
}
"""Gunicorn's refusals of what it cannot parse (service/api/server_errors.py): any operation."""


@dataclass(frozen=True, slots=True)
class Operation:
    operation_id: str
    answers: Answers


_DECLARED: dict[str, Operation] = {
    "games.create": Operation("createGame", {201: SUCCESS, **_JSON_BODY, **_INVALID, **_BUG, **_STORE}),
    "games.get": Operation("getGame", {200: SUCCESS, **_AUTH, **_STORED_GAME_BUG, **_STORE}),
    "games.snapshot": Operation(
        "getSnapshot", {200: SUCCESS, **_AUTH, **_FORBIDDEN, **_STORED_GAME_BUG, **_STORE}
    ),
    "games.events": Operation(
        "listEvents", {200: SUCCESS, **_AUTH, **_INVALID, **_STORED_GAME_BUG, **_STORE}
    ),
    "games.list_legal_moves": Operation(
        "listLegalMoves",
        {200: SUCCESS, **_AUTH, **_FORBIDDEN, **_INVALID, **_STORED_GAME_BUG, **_STORE},
    ),
    "moves.apply_move": Operation(
        "applyMove",
        {
            200: SUCCESS,
            **_JSON_BODY,
            400: _codes(ApiCode.MALFORMED_JSON, ApiCode.INVALID_IF_MATCH, ApiCode.INVALID_IDEMPOTENCY_KEY),
            **_AUTH,
            **_FORBIDDEN,
            409: _codes(ApiCode.CONCURRENT_UPDATE, ApiCode.IDEMPOTENCY_KEY_IN_FLIGHT),
            412: _codes(ApiCode.VERSION_MISMATCH),
            422: _codes(ApiCode.INVALID_REQUEST, ApiCode.IDEMPOTENCY_KEY_REUSED) | ENGINE_CODES,
            **_STORED_GAME_BUG,
            **_STORE,
        },
    ),
    "moves.validate_move": Operation(
        "validateMove",
        {200: SUCCESS, **_JSON_BODY, **_AUTH, **_FORBIDDEN, **_INVALID, **_STORED_GAME_BUG, **_STORE},
    ),
    "adjudicate.adjudicate": Operation(
        "adjudicate",
        {200: SUCCESS, **_JSON_BODY, 422: _codes(ApiCode.INVALID_REQUEST, ApiCode.INVALID_SNAPSHOT), **_BUG},
    ),
    "meta.healthz": Operation("getHealth", {200: SUCCESS, **_BUG}),
    "meta.readyz": Operation("getReadiness", {200: SUCCESS, **_BUG, **_STORE}),
    "meta.metrics": Operation("getMetrics", {200: SUCCESS, **_BUG}),
    "meta.openapi_json": Operation("getContractJson", {200: SUCCESS, **_BUG}),
    "meta.openapi_yaml": Operation("getContractYaml", {200: SUCCESS, **_BUG}),
    "meta.docs": Operation("getDocs", {200: SUCCESS, **_BUG}),
}

OPERATIONS: dict[str, Operation] = {
    endpoint: Operation(declared.operation_id, {**declared.answers, **_SERVER})
    for endpoint, declared in _DECLARED.items()
}
"""Every operation's answers, gunicorn's refusals included."""

ANY_REQUEST: Answers = {
    400: _codes(ApiCode.BAD_REQUEST),
    404: _codes(ApiCode.NOT_FOUND),
    405: _codes(ApiCode.METHOD_NOT_ALLOWED),
}
"""Answers that come before any operation is chosen: routing, and HTTP-level refusals."""
