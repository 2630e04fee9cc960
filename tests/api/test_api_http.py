"""Cross-cutting HTTP behaviour: CORS, request ids, the access log, the contract and the docs page."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from importlib.resources import files
from typing import Any

import pytest
import yaml
from flask.testing import FlaskClient

from harness.in_process_api import Api
from service.app import create_app
from service.settings import Settings
from service.store import GameStore
from service.store.memory import MemoryStore

ORIGIN = "https://frontend.example"


def cors_client(origins: str) -> FlaskClient:
    settings = Settings.from_environment({"CORS_ORIGINS": origins, "LOG_LEVEL": "WARNING"})
    return create_app(settings, MemoryStore()).test_client()


@pytest.mark.parametrize(
    ("origins", "allowed"), [(ORIGIN, ORIGIN), (f"https://other.example, {ORIGIN}/", ORIGIN), ("*", "*")]
)
def test_cors_answers_allowed_origins(origins: str, allowed: str) -> None:
    client = cors_client(origins)
    response = client.post("/v1/games", json={"players": ["A", "B"]}, headers={"Origin": ORIGIN})
    assert response.headers["Access-Control-Allow-Origin"] == allowed
    exposed = {name.strip() for name in response.headers["Access-Control-Expose-Headers"].split(",")}
    assert exposed == {
        *("ETag", "Location", "Retry-After", "Idempotent-Replayed", "RateLimit", "RateLimit-Policy"),
        *("Content-Language", "X-Request-ID"),
    }
    assert "Access-Control-Allow-Credentials" not in response.headers


def test_cors_preflight_allows_the_apis_methods_and_headers() -> None:
    client = cors_client(ORIGIN)
    response = client.options(
        "/v1/games/abc/moves",
        headers={
            "Origin": ORIGIN,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "if-match",
        },
    )
    assert response.status_code == 204
    assert response.headers["Access-Control-Allow-Origin"] == ORIGIN
    methods = {name.strip() for name in response.headers["Access-Control-Allow-Methods"].split(",")}
    assert {"GET", "POST", "DELETE"} <= methods
    allowed = {name.strip() for name in response.headers["Access-Control-Allow-Headers"].split(",")}
    assert allowed >= {"Authorization", "X-API-Key", "Content-Type", "If-Match", "Idempotency-Key"}
    assert allowed >= {"Last-Event-ID", "Accept-Language", "X-Request-ID"}
    assert "X-Request-ID" in response.headers


def test_cors_says_nothing_to_other_origins_or_when_unconfigured(client: FlaskClient) -> None:
    stranger = cors_client(ORIGIN).get("/healthz", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in stranger.headers
    assert "Origin" in stranger.headers["Vary"]
    unconfigured = client.get("/healthz", headers={"Origin": ORIGIN})
    assert "Access-Control-Allow-Origin" not in unconfigured.headers


def test_a_sane_request_id_is_returned_and_any_other_replaced(client: FlaskClient) -> None:
    assert client.get("/healthz", headers={"X-Request-ID": "abc-123"}).headers["X-Request-ID"] == "abc-123"
    for insane in ["", "has space", "x" * 129, "é"]:
        returned = client.get("/healthz", headers={"X-Request-ID": insane}).headers["X-Request-ID"]
        assert returned != insane and re.fullmatch(r"[0-9a-f]{32}", returned)
    assert "X-Request-ID" in client.get("/v1/nothing").headers


def access_lines(captured: str) -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in captured.splitlines() if line.startswith("{")]
    return [line for line in lines if line.get("logger") == "service.access"]


def test_each_request_logs_one_json_access_line(store: GameStore, capsys: pytest.CaptureFixture[str]) -> None:
    api = Api.of(create_app(Settings.from_environment({"LOG_LEVEL": "INFO"}), store))
    game = api.create()
    capsys.readouterr()
    api.get(game.url, game.admin, headers={"X-Request-ID": "trace-me"})
    (line,) = access_lines(capsys.readouterr().err)
    assert line["method"] == "GET" and line["status"] == 200 and line["request_id"] == "trace-me"
    assert line["game_id"] == game.id and line["path"] == game.url and line["duration_ms"] >= 0
    assert line["level"] == "INFO" and line["message"] == "request" and isinstance(line["pid"], int)


def test_the_contract_is_served_as_committed_in_yaml_and_json(client: FlaskClient) -> None:
    committed = files("service.api").joinpath("openapi.yaml").read_text()
    as_yaml = client.get("/openapi.yaml")
    assert as_yaml.status_code == 200 and as_yaml.mimetype == "application/yaml"
    assert as_yaml.get_data(as_text=True) == committed
    as_json = client.get("/openapi.json")
    assert as_json.status_code == 200 and as_json.get_json() == yaml.safe_load(committed)


class _Assets(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.urls += [value for name, value in attrs if name in ("src", "href") and value]


def test_the_docs_page_works_offline(client: FlaskClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    parser = _Assets()
    parser.feed(html)
    assert parser.urls, "the page loads its assets"
    for url in parser.urls:
        assert url.startswith("/docs/assets/"), f"{url} is not served by the service itself"
        with client.get(url) as asset:
            assert asset.status_code == 200
    assert '"/openapi.json"' in html
    assert "http://" not in html and "https://" not in html


@pytest.mark.parametrize(
    "settings, lines",
    [
        ({"ACCESS_LOG": "1"}, 1),
        ({"ACCESS_LOG": "0"}, 0),
        ({"ACCESS_LOG": "off"}, 0),
        ({"LOG_LEVEL": "WARNING"}, 0),
    ],
)
def test_access_log_follows_its_setting_and_the_level(
    store: GameStore, settings: dict[str, str], lines: int, capsys: pytest.CaptureFixture[str]
) -> None:
    client = create_app(Settings.from_environment({"LOG_LEVEL": "INFO", **settings}), store).test_client()
    capsys.readouterr()
    client.get("/healthz")
    assert len(access_lines(capsys.readouterr().err)) == lines
