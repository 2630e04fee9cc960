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


def varies_by_origin(origins: frozenset[str]) -> bool:
    """Every answer says ``Vary: Origin`` when some origins, not all, get CORS headers."""
    return bool(origins) and "*" not in origins


def init_app(app: Flask, origins: frozenset[str]) -> None:
    if not origins:
        return
    any_origin = "*" in origins

    def allowed(origin: str | None) -> bool:
        return origin is not None and (any_origin or origin in origins)

    def answer_preflight() -> Response | None:
        if request.method != "OPTIONS" or "Access-Control-Request-Method" not in request.headers:
            return None
        response = Response(status=204)
        if allowed(request.headers.get("Origin")):
            response.headers["Access-Control-Allow-Methods"] = ALLOWED_METHODS
            response.headers["Access-Control-Allow-Headers"] = ALLOWED_HEADERS
            response.headers["Access-Control-Max-Age"] = PREFLIGHT_MAX_AGE
        return response

    def add_headers(response: Response) -> Response:
        origin = request.headers.get("Origin")
        if allowed(origin):
            response.headers["Access-Control-Allow-Origin"] = "*" if any_origin else origin
            response.headers["Access-Control-Expose-Headers"] = EXPOSED_HEADERS
        if varies_by_origin(origins):
            response.vary.add("Origin")
        return response

    app.before_request(answer_preflight)
    app.after_request(add_headers)
