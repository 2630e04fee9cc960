"""Fixtures for the HTTP tests: an app on an injected store, a client, and seeded games.

``store`` is the one seam for the storage backend: the Redis store can be added as a
parameter later and every test here runs against both.

Every response any test receives is checked against the contract: an operation
answering a status, or a problem code, that openapi.yaml does not list for it fails
the test that provoked it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask, Response, request
from flask.testing import FlaskClient

from harness.clients import register_in
from service.api.contract import load_contract, operation_ids
from service.app import create_app
from service.settings import Settings
from service.store import Store
from service.store.memory import MemoryStore
from tests.api.api_support import Api, Game
from tests.contract.answers import ANY_REQUEST, operation_answers
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
    operations = operation_ids(app, load_contract())
    outside_the_table: list[str] = []

    @app.after_request
    def check_answer_is_in_the_table(response: Response) -> Response:
        if (request.endpoint or "").endswith("static"):
            return response  # the docs page's assets: files, not operations of the contract
        operation = operations.get(request.endpoint or "")
        answers = operation_answers()[operation] if operation else ANY_REQUEST
        code = (response.get_json(silent=True) or {}).get("code", "") if response.status_code >= 400 else ""
        allowed = answers.get(response.status_code)
        if request.method in ("GET", "POST", "DELETE") and (
            allowed is None or (code and code not in allowed)
        ):
            outside_the_table.append(f"{request.method} {request.path} -> {response.status_code} {code}")
        return response

    yield app
    assert not outside_the_table, f"answers missing from the contract: {outside_the_table}"


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
