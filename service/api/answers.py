"""Building answers: JSON text encoded once, the entity tag of a game version, the RateLimit fields."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from flask import Response

from service.store.client_apps import WindowUse

JSON_MEDIA_TYPE = "application/json"


def json_response(body: str, status: int = 200, headers: Mapping[str, str] | None = None) -> Response:
    """A response from JSON text encoded once (``service.encoding.dumps``)."""
    return Response(body, status, headers=dict(headers or {}), mimetype=JSON_MEDIA_TYPE)


def etag(version: int) -> str:
    """The strong entity tag of a game version, as sent in ``ETag`` and expected in ``If-Match``."""
    return f'"{version}"'


def policy_fields(windows: Sequence[WindowUse]) -> list[tuple[str, str]]:
    """``RateLimit-Policy`` and ``RateLimit`` (draft-ietf-httpapi-ratelimit-headers) for these windows."""
    if not windows:
        return []
    policy = ", ".join(f'"{use.name}";q={use.quota};w={use.seconds}' for use in windows)
    state = ", ".join(f'"{use.name}";r={use.remaining};t={math.ceil(use.resets_in)}' for use in windows)
    return [("RateLimit-Policy", policy), ("RateLimit", state)]
