"""Small request and response helpers shared by the blueprints.

Request bodies are read here, once, so that every POST refuses the same way: a
non-JSON media type is 415, bytes that are not JSON are 400 ``malformed_json``, and a
body over ``MAX_CONTENT_LENGTH`` is 413 (raised by werkzeug while reading).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask import Response, current_app, request
from werkzeug.datastructures import Headers

from service.api.encoding import loads
from service.api.errors import ApiCode, Problem
from service.store import GameStore

STORE_EXTENSION = "restart.store"
JSON_MEDIA_TYPE = "application/json"
_IF_MATCH = re.compile(r'"?([0-9]{1,18})"?')
_IDEMPOTENCY_KEY = re.compile(r"[\x20-\x7e]{1,255}")

HeaderLookup = Headers | Mapping[str, str]
"""Request headers, or a plain mapping in tests."""


def current_store() -> GameStore:
    store: GameStore = current_app.extensions[STORE_EXTENSION]
    return store


def _is_json(mimetype: str) -> bool:
    return mimetype == JSON_MEDIA_TYPE or (mimetype.startswith("application/") and mimetype.endswith("+json"))


def read_json() -> Any:
    """The request body as JSON, or the problem that explains why not."""
    if not _is_json(request.mimetype):
        raise Problem(ApiCode.UNSUPPORTED_MEDIA_TYPE, "send the body as application/json")
    try:
        return loads(request.get_data(cache=False))
    except ValueError as error:
        raise Problem(ApiCode.MALFORMED_JSON, f"the body is not valid JSON: {_short(error)}") from None


def _short(error: ValueError) -> str:
    return str(error)[:200]


def json_response(body: str, status: int = 200, headers: Mapping[str, str] | None = None) -> Response:
    """A response from JSON text encoded once (``encoding.dumps``)."""
    return Response(body, status, headers=dict(headers or {}), mimetype=JSON_MEDIA_TYPE)


def expected_version(headers: HeaderLookup) -> int | None:
    """The version ``If-Match`` names: None when absent or ``*`` (any version will do).

    Accepted: ``"3"`` (the ETag as sent) or ``3``. Anything else is 400
    ``invalid_if_match``: a garbled precondition must not silently become no precondition.
    """
    value = headers.get("If-Match")
    if value is None:
        return None
    if value == "*":
        return None
    found = _IF_MATCH.fullmatch(value)
    if found is None or value.startswith('"') != value.endswith('"'):
        raise Problem(ApiCode.INVALID_IF_MATCH, 'If-Match takes one game version, such as "3", or *')
    return int(found.group(1))


def idempotency_key(headers: HeaderLookup) -> str | None:
    value = headers.get("Idempotency-Key")
    if value is None:
        return None
    if not _IDEMPOTENCY_KEY.fullmatch(value):
        raise Problem(
            ApiCode.INVALID_IDEMPOTENCY_KEY, "Idempotency-Key takes 1 to 255 printable ASCII characters"
        )
    return value
