"""``GET /play`` and its assets: served from the package, under a strict Content-Security-Policy."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.play.client_management import DEVELOPMENT_KEY

ASSETS = [
    "app.js",
    "api.js",
    "clock.js",
    "dom.js",
    "replay.js",
    "setup.js",
    "stream.js",
    "table.js",
    "tiles.js",
    "words.js",
    "play.css",
]


def test_the_page_is_served_with_its_policy(client: FlaskClient) -> None:
    page = client.get("/play")
    assert page.status_code == 200 and page.mimetype == "text/html"
    policy = page.headers["Content-Security-Policy"]
    for directive in (
        "default-src 'none'",
        "script-src 'self'",
        "connect-src 'self'",
        "frame-ancestors 'none'",
    ):
        assert directive in policy
    assert "unsafe" not in policy and "http" not in policy  # no inline code, no other host
    assert page.headers["Referrer-Policy"] == "no-referrer"
    assert DEVELOPMENT_KEY not in page.get_data(as_text=True)  # no development client here


@pytest.mark.parametrize("asset", [*ASSETS, "icon.svg", "words/en.json", "words/fr.json", "words/pt.json"])
def test_every_asset_is_served_from_this_origin(client: FlaskClient, asset: str) -> None:
    with client.get(f"/play/assets/{asset}") as served:  # a file answer: closed, its file with it
        assert served.status_code == 200
        assert served.headers["X-Content-Type-Options"] == "nosniff"
        text = served.get_data(as_text=True)
    text = re.sub(r'xmlns="[^"]*"', "", text)  # an SVG's namespace names, it fetches nothing
    assert "https://" not in text and "http://" not in text


def test_the_page_names_no_other_host(client: FlaskClient) -> None:
    text = client.get("/play").get_data(as_text=True)
    assert "//" not in text.replace("<!doctype html>", "")


class TestWithTheDevelopmentClient:
    @pytest.fixture
    def app_config(self) -> dict[str, Any]:
        return {"DEVELOPMENT_CLIENT": "1"}

    def test_the_page_offers_the_development_key(self, client: FlaskClient) -> None:
        text = client.get("/play").get_data(as_text=True)
        assert f'<meta name="restart-development-key" content="{DEVELOPMENT_KEY}">' in text
