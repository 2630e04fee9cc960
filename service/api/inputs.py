"""Reading what a request brings: its JSON body, and the headers that shape an operation.

Request bodies are read here, by one function for Flask's views and the move handler, so
that every POST refuses the same way: a body over the limit is 413 ``payload_too_large``
whether it comes with a ``Content-Length`` or chunked, a non-JSON media type is 415, and
bytes that are not JSON are 400 ``malformed_json``.
"""

from __future__ import annotations

import re
from typing import Any

from service.api.answers import JSON_MEDIA_TYPE
from service.api.problems import ApiCode, Problem
from service.encoding import loads
from service.rules.messages import Message

_IF_MATCH = re.compile(r'"?([0-9]{1,18})"?')
_IDEMPOTENCY_KEY = re.compile(r"[\x20-\x7e]{1,255}")


def is_json(mimetype: str) -> bool:
    return mimetype == JSON_MEDIA_TYPE or (mimetype.startswith("application/") and mimetype.endswith("+json"))


DRAIN_BYTES = 1024 * 1024
"""How much of a body over the limit is read and dropped before the 413, so that the client, still
sending, reads the answer rather than a connection reset; past it, the connection is dropped."""


def read_body(environ: dict[str, Any], limit: int) -> bytes:
    """The request's body, at most ``limit`` bytes, else 413, as werkzeug reads a body: a server
    that ends the stream itself (``wsgi.input_terminated``: gunicorn, which decodes chunked bodies)
    is read one byte past the limit to tell; otherwise ``Content-Length`` says how much there is."""
    stream = environ["wsgi.input"]
    length = environ.get("CONTENT_LENGTH", "")
    declared = int(length) if length.isdigit() else None
    if declared is None or declared <= limit:
        if "wsgi.input_terminated" not in environ:
            return b"" if declared is None else stream.read(declared)
        body: bytes = stream.read(limit + 1)
        if len(body) <= limit:
            return body
    if "wsgi.input_terminated" in environ and (declared or 0) <= DRAIN_BYTES:
        budget = DRAIN_BYTES
        while budget > 0 and (chunk := stream.read(min(65536, budget))):
            budget -= len(chunk)
    raise Problem(
        ApiCode.PAYLOAD_TOO_LARGE, Message("request bodies are limited to {kib} KiB", kib=limit // 1024)
    )


def read_json(environ: dict[str, Any], limit: int) -> Any:
    """The request body as JSON, or the problem that explains why not."""
    if not is_json(environ.get("CONTENT_TYPE", "").partition(";")[0].strip().lower()):
        raise Problem(ApiCode.UNSUPPORTED_MEDIA_TYPE, Message("send the body as application/json"))
    body = read_body(environ, limit)
    try:
        return loads(body)
    except ValueError as error:
        raise Problem(
            ApiCode.MALFORMED_JSON, Message("the body is not valid JSON: {reason}", reason=str(error)[:200])
        ) from None


def bearer_token(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer`` header; None when there is none (the use case refuses)."""
    scheme, _, token = (authorization or "").partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        return None
    return token


def expected_version(value: str | None) -> int | None:
    """The version an ``If-Match`` header names: None when absent or ``*`` (any version will do).

    Accepted: ``"3"`` (the ETag as sent) or ``3``. Anything else is 400
    ``invalid_if_match``: a garbled precondition must not silently become no precondition.
    """
    if value is None or value == "*":
        return None
    found = _IF_MATCH.fullmatch(value)
    if found is None or value.startswith('"') != value.endswith('"'):
        raise Problem(ApiCode.INVALID_IF_MATCH, Message('If-Match takes one game version, such as "3", or *'))
    return int(found.group(1))


def idempotency_key(value: str | None) -> str | None:
    """An ``Idempotency-Key`` header's key; None when absent."""
    if value is None:
        return None
    if not _IDEMPOTENCY_KEY.fullmatch(value):
        raise Problem(
            ApiCode.INVALID_IDEMPOTENCY_KEY,
            Message("Idempotency-Key takes 1 to 255 printable ASCII characters"),
        )
    return value
