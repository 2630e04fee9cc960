"""Building answers: JSON text encoded once, and the entity tag of a game version."""

from __future__ import annotations

from collections.abc import Mapping

from flask import Response

JSON_MEDIA_TYPE = "application/json"


def json_response(body: str, status: int = 200, headers: Mapping[str, str] | None = None) -> Response:
    """A response from JSON text encoded once (``service.encoding.dumps``)."""
    return Response(body, status, headers=dict(headers or {}), mimetype=JSON_MEDIA_TYPE)


def etag(version: int) -> str:
    """The strong entity tag of a game version, as sent in ``ETag`` and expected in ``If-Match``."""
    return f'"{version}"'
