"""``GET /play``: the web client, a single page and its static files from ``service/web`` (no build step).

The page and its assets come from this origin only, under a strict Content-Security-Policy:
scripts, styles, images and connections to ``'self'``, no inline code, Trusted Types for any
script sink, no framing, no referrer. With ``DEVELOPMENT_CLIENT`` (``make run`` on the
embedded store) the page is told the development key, so that it can offer it. Tokens live
in the links' fragments, which browsers never send: they never reach a server log.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path

from flask import Blueprint, Response

from service.api.context import service_state
from service.play.client_management import DEVELOPMENT_KEY

WEB_PACKAGE = "service.web"
ASSETS_URL = "/play/assets"
DEVELOPMENT_KEY_MARK = '<meta name="restart-development-key" content="">'

CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'; require-trusted-types-for 'script'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}

bp = Blueprint("play", __name__)


def web_folder() -> Path:
    return Path(str(files(WEB_PACKAGE)))


@cache
def page(development: bool) -> str:
    text = (web_folder() / "play.html").read_text(encoding="utf-8")
    if development:
        return text.replace(
            DEVELOPMENT_KEY_MARK, DEVELOPMENT_KEY_MARK.replace('content=""', f'content="{DEVELOPMENT_KEY}"')
        )
    return text


@bp.get("/play")
def play_page() -> Response:
    text = page(service_state().settings.development_client)
    return Response(text, mimetype="text/html", headers={**SECURITY_HEADERS, "Cache-Control": "no-cache"})


def play_assets() -> Blueprint:
    """The page's scripts, styles and words (the contract drift test skips static routes)."""
    assets = Blueprint(
        "play_assets", __name__, static_folder=web_folder() / "assets", static_url_path=ASSETS_URL
    )

    @assets.after_request
    def secured(response: Response) -> Response:
        response.headers.update(SECURITY_HEADERS)
        response.headers.setdefault("Cache-Control", "no-cache")
        return response

    return assets
