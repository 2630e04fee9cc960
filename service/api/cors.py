"""CORS for browser frontends on other origins, configured by ``CORS_ORIGINS``.

``CORS_ORIGINS`` is a comma-separated list of origins (``https://a.example,
https://b.example``) or ``*``; empty (the default) sends no CORS headers at all.
Written here rather than with flask-cors (6.0), which differs in what browsers and
caches rely on: it sends no ``Vary: Origin`` on answers to other origins (a shared
cache could serve an allowed origin the answer without CORS headers), echoes only the
requested headers in a preflight, and leaves preflights of unknown paths to a 404.
Bearer tokens travel in ``Authorization``, never in cookies, so credentials are not
enabled. A preflight (OPTIONS with ``Access-Control-Request-Method``) is answered
204 before any route runs.
"""

from __future__ import annotations

from flask import Flask, Response, request

ALLOWED_METHODS = "GET, POST, DELETE, OPTIONS"
ALLOWED_HEADERS = ", ".join(
    ("Authorization", "X-API-Key", "Content-Type", "If-Match", "Idempotency-Key", "Last-Event-ID")
    + ("Accept-Language", "X-Request-ID")
)
EXPOSED_HEADERS = ", ".join(
    ("ETag", "Location", "Retry-After", "Idempotent-Replayed", "RateLimit", "RateLimit-Policy")
    + ("Content-Language", "X-Request-ID")
)
"""Every request header a client of the contract sends, and every answer header it reads."""
PREFLIGHT_MAX_AGE = "600"


class Cors:
    """Which origins may call the API from a browser, and the fields that tell them so."""

    def __init__(self, origins: frozenset[str]) -> None:
        self.origins = origins
        self.any_origin = "*" in origins
        self.varies = bool(origins) and not self.any_origin
        """Every answer says ``Vary: Origin`` when some origins, not all, get CORS headers."""

    def allowed(self, origin: str | None) -> bool:
        return origin is not None and (self.any_origin or origin in self.origins)

    def fields(self, origin: str | None) -> list[tuple[str, str]]:
        """The fields of any answer to a request from ``origin`` (``Edge.finish`` adds them)."""
        if not self.allowed(origin):
            return []
        allowed = "*" if self.any_origin else str(origin)
        return [("Access-Control-Allow-Origin", allowed), ("Access-Control-Expose-Headers", EXPOSED_HEADERS)]


def init_app(app: Flask, cors: Cors) -> None:
    """A preflight (OPTIONS with ``Access-Control-Request-Method``) is answered 204 before any route."""
    if not cors.origins:
        return

    def answer_preflight() -> Response | None:
        if request.method != "OPTIONS" or "Access-Control-Request-Method" not in request.headers:
            return None
        response = Response(status=204)
        if cors.allowed(request.headers.get("Origin")):
            response.headers["Access-Control-Allow-Methods"] = ALLOWED_METHODS
            response.headers["Access-Control-Allow-Headers"] = ALLOWED_HEADERS
            response.headers["Access-Control-Max-Age"] = PREFLIGHT_MAX_AGE
        return response

    app.before_request(answer_preflight)
