"""Every error status, always as problem+json; hostile input never reaches a 500."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harness.games import Game
from harness.in_process_api import Api
from service.api.problems import ALL_CODES, PROBLEM_TYPE_BASE
from service.store import CorruptData, GameRow, GameStore, StoreUnavailable
from service.store.config import Expiry
from service.store.memory import MemoryStore
from tests.api.api_support import InterferingStore
from tests.store.helpers import create

GAME_ROUTES = [
    ("GET", "", None),
    ("GET", "/snapshot", None),
    ("GET", "/events", None),
    ("GET", "/legal-moves?player=1", None),
    ("POST", "/moves", {"player": 1, "action": "pass"}),
    ("POST", "/moves/validate", {"player": 1, "action": "pass"}),
]


BOTH_CHALLENGES = 'Bearer realm="restart", ApiKey realm="restart", header="X-API-Key"'
"""A game operation takes a bearer token of the game, or its owner's client key."""


def assert_problem(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    problem: dict[str, Any] = response.get_json()
    assert problem["code"] == code and code in ALL_CODES
    assert problem["type"] == PROBLEM_TYPE_BASE + code
    assert problem["status"] == status
    assert problem["title"] and problem["detail"]
    return problem


def _stranger_tokens(api: Api, game: Game) -> dict[str, tuple[str, dict[str, str]]]:
    """(game id, headers) for every way of not being allowed in."""
    other = api.create(players=["Annika", "Elias"], seed=2)
    bearer = {"Authorization": f"Bearer {game.admin}"}
    return {
        "no token": (game.id, {}),
        "another scheme": (game.id, {"Authorization": f"Basic {game.admin}"}),
        "an empty bearer": (game.id, {"Authorization": "Bearer "}),
        "an unknown token": (game.id, {"Authorization": "Bearer " + "x" * 43}),
        "another game's admin token": (game.id, {"Authorization": f"Bearer {other.admin}"}),
        "another game's seat token": (game.id, {"Authorization": f"Bearer {other.players[0]}"}),
        "a game that does not exist": ("A" * 22, bearer),
        "an id no game can have": ("not-a-game", bearer),
    }


@pytest.mark.parametrize(("method", "path", "body"), GAME_ROUTES)
def test_strangers_all_get_the_same_401(api: Api, game: Game, method: str, path: str, body: Any) -> None:
    answers = set()
    for game_id, headers in _stranger_tokens(api, game).values():
        response = api.client.open(f"/v1/games/{game_id}{path}", method=method, json=body, headers=headers)
        assert_problem(response, 401, "unauthorized")
        assert response.headers["WWW-Authenticate"] == BOTH_CHALLENGES
        answers.add(response.get_data())
    assert len(answers) == 1, "every stranger gets the same answer, byte for byte"


def test_an_expired_game_answers_like_one_that_never_existed(client: FlaskClient, app: Any) -> None:
    now = [0.0]
    app.extensions["restart"].store = MemoryStore(Expiry(idle=60), clock=lambda: now[0])
    api = Api.of(app)
    game = api.create()
    assert api.get(game.url, game.admin).status_code == 200
    now[0] = 61.0
    assert_problem(api.get(game.url, game.admin), 401, "unauthorized")


def test_an_unknown_route_is_404(client: FlaskClient) -> None:
    assert_problem(client.get("/v1/nothing-here"), 404, "not_found")
    assert_problem(client.get("/v1/games/abc/moves/undo"), 404, "not_found")


def test_an_unsupported_method_is_405_with_allow(client: FlaskClient, game: Game) -> None:
    response = client.put(game.url)
    assert_problem(response, 405, "method_not_allowed")
    assert {"GET", "DELETE"} <= {method.strip() for method in response.headers["Allow"].split(",")}
    assert_problem(client.put("/v1/games"), 405, "method_not_allowed")


@pytest.mark.parametrize("path", ["/v1/games", "/v1/adjudicate", "moves", "moves/validate"])
def test_post_bodies_are_checked_the_same_way_everywhere(api: Api, game: Game, path: str) -> None:
    url = path if path.startswith("/") else f"{game.url}/{path}"
    headers = {"Authorization": f"Bearer {game.admin}", "X-API-Key": api.key}
    post = api.client.post
    assert_problem(
        post(url, data="{}", headers=headers, content_type="text/plain"), 415, "unsupported_media_type"
    )
    assert_problem(post(url, data="", headers=headers), 415, "unsupported_media_type")
    for malformed in ["{", "", "NaN", '{"a": Infinity}', "[" * 100 + "]" * 100, b"\xff\xfe\x00"]:
        response = post(url, data=malformed, headers=headers, content_type="application/json")
        assert_problem(response, 400, "malformed_json")
    too_large = json.dumps({"players": ["x" * 70_000]})
    response = post(url, data=too_large, headers=headers, content_type="application/json")
    assert_problem(response, 413, "payload_too_large")


def test_a_json_media_type_with_parameters_or_suffix_is_json(api: Api) -> None:
    body = json.dumps({"players": ["A", "B"]})
    for content_type in ["application/json; charset=utf-8", "application/vnd.restart+json"]:
        response = api.client.post("/v1/games", data=body, content_type=content_type, headers=api.key_header)
        assert response.status_code == 201


class UnreachableStore:
    """A store whose every call fails as a Redis outage would."""

    def __getattr__(self, name: str) -> Any:
        def unavailable(*args: Any, **kwargs: Any) -> Any:
            raise StoreUnavailable("connection refused")

        return unavailable


@pytest.fixture
def unreachable_store() -> UnreachableStore:
    return UnreachableStore()


@pytest.mark.parametrize(("method", "path", "body"), GAME_ROUTES)
def test_a_store_outage_is_503_with_retry_after(
    client: FlaskClient, app: Any, method: str, path: str, body: Any
) -> None:
    app.extensions["restart"].store = UnreachableStore()
    url = f"/v1/games/{'a' * 22}{path}"
    response = client.open(url, method=method, json=body, headers={"Authorization": "Bearer token"})
    assert_problem(response, 503, "storage_unavailable")
    assert response.headers["Retry-After"] == "1"


def test_creating_during_an_outage_is_503_and_readiness_fails_but_liveness_holds(
    client: FlaskClient, app: Any
) -> None:
    app.extensions["restart"].store = UnreachableStore()
    keyed = {"X-API-Key": "rsk_someclient_secret"}  # its client cannot be read: the outage is the answer
    response = client.post("/v1/games", json={"players": ["A", "B"]}, headers=keyed)
    assert_problem(response, 503, "storage_unavailable")
    assert_problem(client.get("/readyz"), 503, "storage_unavailable")
    assert client.get("/healthz").status_code == 200
    assert client.get("/healthz").get_json() == {"status": "ok"}


def test_readiness_when_the_store_answers(client: FlaskClient) -> None:
    response = client.get("/readyz")
    assert response.status_code == 200 and response.get_json() == {"status": "ready"}


def times_out() -> None:
    raise StoreUnavailable("timeout")


def test_an_outage_during_a_move_frees_its_idempotency_key(
    api: Api, game: Game, app: Any, store: GameStore
) -> None:
    app.extensions["restart"].store = InterferingStore(store, 1, times_out)
    move, key = {"player": 1, "action": "pass"}, {"Idempotency-Key": "k"}
    assert_problem(api.move(game, game.admin, move, **key), 503, "storage_unavailable")
    response = api.move(game, game.admin, move, **key)
    assert response.status_code == 200 and "Idempotent-Replayed" not in response.headers


class BrokenStore(MemoryStore):
    def load_game(self, game_id: str) -> Any:
        raise RuntimeError("a bug")


def test_a_bug_is_a_logged_500_problem(
    client: FlaskClient, app: Any, caplog: pytest.LogCaptureFixture
) -> None:
    app.extensions["restart"].store = BrokenStore()
    with caplog.at_level(logging.ERROR, logger="service"):
        response = client.get(f"/v1/games/{'a' * 22}", headers={"Authorization": "Bearer token"})
    problem = assert_problem(response, 500, "internal_error")
    assert "a bug" not in json.dumps(problem)
    assert any(record.exc_info for record in caplog.records)


class CorruptStore(MemoryStore):
    """A store that finds, where a game should be, data this service never wrote."""

    def load_game(self, game_id: str) -> Any:
        raise CorruptData(f"restart:{{{game_id}}}:snapshot holds a list, not a hash")


@pytest.mark.parametrize(("method", "path", "body"), GAME_ROUTES)
def test_corrupt_stored_data_is_a_500_problem_logged_with_the_game_id(
    client: FlaskClient, app: Any, caplog: pytest.LogCaptureFixture, method: str, path: str, body: Any
) -> None:
    app.extensions["restart"].store = CorruptStore()
    game_id = "c" * 22
    with caplog.at_level(logging.ERROR, logger="service"):
        response = client.open(
            f"/v1/games/{game_id}{path}", method=method, json=body, headers={"Authorization": "Bearer t"}
        )
    problem = assert_problem(response, 500, "corrupt_game")
    assert "restart:" not in json.dumps(problem), "how games are stored is not the client's business"
    (record,) = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert record.fields == {"game_id": game_id}  # type: ignore[attr-defined]
    assert "holds a list" in record.getMessage()


def test_a_snapshot_slot_the_service_never_wrote_is_corrupt_not_a_bug(
    api: Api, game: Game, store: GameStore
) -> None:
    found = store.load_game(game.id)
    assert isinstance(store, MemoryStore) and found is not None
    create(store, "d" * 22, GameRow(1, '{"not": "ours"}', found.tokens), [])
    response = api.get(f"/v1/games/{'d' * 22}", game.admin)
    assert_problem(response, 500, "corrupt_game")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=20,
)
move_like = st.fixed_dictionaries(
    {},
    optional={
        "player": json_values | st.integers(-2, 5),
        "action": json_values | st.sampled_from(["play", "scissors", "trash", "pass"]),
        "row": json_values | st.sampled_from(["red", "blue", "gray"]),
        "tiles": json_values | st.lists(st.sampled_from(["red-2", "scissors", "trash", "x"]), max_size=3),
    },
)


@pytest.mark.parametrize("path", ["/v1/games", "/v1/adjudicate", "moves", "moves/validate"])
@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=json_values | move_like, token_kind=st.sampled_from(["admin", "seat", "none"]))
def test_hostile_bodies_never_reach_a_500(
    api: Api, game: Game, path: str, body: Any, token_kind: str
) -> None:
    token = {"admin": game.admin, "seat": game.players[1], "none": None}[token_kind]
    url = path if path.startswith("/") else f"{game.url}/{path}"
    for move in (body, {"snapshot": body, "move": body}):
        response = api.post(url, token, move, headers=api.key_header)
        assert response.status_code < 500, response.get_data(as_text=True)
        if response.status_code >= 400:
            assert response.mimetype == "application/problem+json"


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    path=st.sampled_from(["", "/events", "/legal-moves", "/snapshot"]),
    query=st.dictionaries(
        st.sampled_from(["after", "limit", "player", "x"]), st.text(max_size=12), max_size=3
    ),
    headers=st.dictionaries(
        st.sampled_from(["If-Match", "Idempotency-Key", "X-Request-ID", "Authorization"]),
        st.text(st.characters(min_codepoint=32, max_codepoint=255), max_size=30),
        max_size=3,
    ),
)
def test_hostile_queries_and_headers_never_reach_a_500(
    api: Api, game: Game, path: str, query: dict[str, str], headers: dict[str, str]
) -> None:
    response = api.get(f"{game.url}{path}", game.admin, headers=headers, query_string=query)
    assert response.status_code < 500
    move = api.post(f"{game.url}/moves", game.admin, {"player": 2, "action": "pass"}, headers=headers)
    assert move.status_code < 500


def test_a_snapshot_nested_too_deep_for_a_naive_walk_is_refused(api: Api) -> None:
    deep: Any = "red-1"
    for _ in range(60):
        deep = [deep]
    response = api.post(
        "/v1/adjudicate",
        None,
        {"snapshot": {"box": deep}, "move": {"player": 0, "action": "pass"}},
        headers=api.key_header,
    )
    assert response.status_code == 422
    assert response.get_json()["code"] == "invalid_snapshot"
