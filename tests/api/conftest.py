"""Fixtures for the HTTP tests: an app on an injected store, a client, and seeded games.

``store`` is the one seam for the storage backend: the Redis store can be added as a
parameter later and every test here runs against both.

Every response any test receives is checked against the contract: an operation
answering a status, or a problem code, that openapi.yaml does not list for it fails
the test that provoked it.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.exceptions import HTTPException

from harness.client_apps import register_in
from harness.games import Game
from harness.in_process_api import Api
from service.api.contract import load_contract, operation_ids
from service.app import create_app
from service.settings import Settings
from service.store import Store
from service.store.memory import MemoryStore
from tests.contract.answers import ANY_REQUEST, header_patterns, operation_answers
from tests.store.helpers import FakeClock

GENEROUS_LIMITS = {
    "CLIENT_REQUESTS_PER_SECOND": "1000000",
    "CLIENT_GAMES_PER_MINUTE": "1000000",
    "AUTH_FAILURES_PER_MINUTE": "1000000",
}
"""Limits no test here meets unless it sets its own (``app_config``): the clock stands still."""


@pytest.fixture
def store() -> Store:
    return MemoryStore()


@pytest.fixture
def clock() -> FakeClock:
    """The app's clock for the limits' windows: it moves only when a test moves it."""
    return FakeClock(1_800_000_000.0)


@pytest.fixture
def app_config() -> dict[str, Any]:
    """Extra settings for ``app``, as environment variables; tests override this fixture to change them."""
    return {}


@pytest.fixture
def app(store: Store, app_config: dict[str, Any], clock: FakeClock) -> Iterator[Flask]:
    settings = Settings.from_environment({"LOG_LEVEL": "WARNING", **GENEROUS_LIMITS, **app_config})
    app = create_app(settings, store, clock)
    outside_the_table: list[str] = []
    app.wsgi_app = AnswersInTheContract(app, app.wsgi_app, outside_the_table)  # type: ignore[method-assign]
    yield app
    assert not outside_the_table, f"answers missing from the contract: {outside_the_table}"


class AnswersInTheContract:
    """Around the whole app (the move path included): every answer's status and code must be the
    contract's for its operation, and each header the contract gives a pattern must match it. Streams
    pass through unread."""

    STREAMED = ("text/event-stream", "application/x-ndjson")

    def __init__(self, app: Flask, inner: Any, outside_the_table: list[str]) -> None:
        self.app, self.inner, self.outside = app, inner, outside_the_table
        self.operations = operation_ids(app, load_contract())

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        seen: dict[str, Any] = {}

        def noting(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            seen.update(status=int(status.split()[0]), headers=dict(headers))
            return start_response(status, headers, exc_info)

        answer = self.inner(environ, noting)
        if not seen or seen["headers"].get("Content-Type", "").startswith(self.STREAMED):
            return answer
        body = b"".join(answer)
        if hasattr(answer, "close"):
            answer.close()
        self.check(environ, seen["status"], body, seen["headers"])
        return [body]

    def check(self, environ: dict[str, Any], status: int, body: bytes, headers: dict[str, str]) -> None:
        method, path = environ["REQUEST_METHOD"], environ["PATH_INFO"]
        try:
            endpoint, _ = self.app.url_map.bind_to_environ(environ).match()
        except HTTPException:
            endpoint = ""
        if endpoint.endswith("static"):
            return  # the docs page's assets: files, not operations of the contract
        operation = self.operations.get(endpoint)
        answers = operation_answers()[operation] if operation else ANY_REQUEST
        code = ""
        if status >= 400:
            with contextlib.suppress(ValueError):
                code = (json.loads(body) or {}).get("code", "")
        allowed = answers.get(status)
        if method in ("GET", "POST", "DELETE") and (allowed is None or (code and code not in allowed)):
            self.outside.append(f"{method} {path} -> {status} {code}")
        patterns = header_patterns().get((operation or "", status), {})
        for name, value in headers.items():
            pattern = patterns.get(name.lower())
            if pattern is not None and not pattern.search(value):
                self.outside.append(f"{method} {path} -> {status}: {name} {value!r} not /{pattern.pattern}/")


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def api(client: FlaskClient, store: Store) -> Api:
    return Api(client, register_in(store))


@pytest.fixture
def game(api: Api) -> Game:
    """Seed 7, three players: seat 1 (Elias) moves first; see openapi.yaml's examples for the hands."""
    return api.create()
