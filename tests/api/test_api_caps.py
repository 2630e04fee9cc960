"""Each client's requests in flight and streams open, capped per worker process, at N and at N + 1.

The caps count what this process holds at once. A request past the in-flight cap is refused
before any store call (429 ``concurrency_limited``, ``Retry-After``, not counted in the
windows); a stream past the streams cap, 429 ``streams_limited``; each place is given back
as its answer (or its stream) ends. A client's own caps replace the defaults once this
process has seen one of its admissions.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from harness.client_apps import register_in
from harness.games import Game
from harness.in_process_api import Api
from service.admission.config import LimitDefaults
from service.store import Store
from service.store.client_apps import ClientLimits
from tests.api.test_api_client_apps import call, keyed
from tests.api.test_api_errors import assert_problem

DEFAULTS = LimitDefaults()


def client_id(key: str) -> str:
    return key.split("_")[1]


def held(app: Flask, key: str) -> int:
    return int(app.extensions["restart"].in_flight.held(client_id(key)))


def fill(app: Flask, key: str, places: int) -> None:
    """Stand for ``places`` other requests of the client in flight in this process."""
    occupancy = app.extensions["restart"].in_flight
    for _ in range(places):
        assert occupancy.take(client_id(key), 10**6)


@pytest.mark.parametrize(
    ("method", "path", "credential"),
    [
        ("GET", "/v1/games", "key"),
        ("POST", "/moves", "token"),
        ("GET", "", "token"),
        ("GET", "/stream", "token"),
    ],
)
def test_the_nth_request_in_flight_is_served_and_the_next_refused(
    app: Flask, api: Api, game: Game, method: str, path: str, credential: str
) -> None:
    headers = keyed(api.key) if credential == "key" else {"Authorization": f"Bearer {game.admin}"}
    target = path if path.startswith("/v1") else game.url + path
    body = {"player": 1, "action": "pass"} if method == "POST" else None
    fill(app, api.key, DEFAULTS.max_in_flight - 1)
    served = call(api, method, target, body, headers)
    assert served.status_code in (200, 422), served.get_data(as_text=True)
    served.close()
    assert held(app, api.key) == DEFAULTS.max_in_flight - 1  # its place given back
    fill(app, api.key, 1)
    refused = call(api, method, target, body, headers)
    assert_problem(refused, 429, "concurrency_limited")
    assert refused.headers["Retry-After"] == "1" and refused.get_json()["retry_after"] == 1
    assert "RateLimit" not in refused.headers  # refused before it counted
    assert held(app, api.key) == DEFAULTS.max_in_flight


def test_another_clients_requests_are_not_held_back(app: Flask, api: Api, store: Store) -> None:
    fill(app, api.key, DEFAULTS.max_in_flight)
    other = register_in(store, "Other")
    assert call(api, "GET", "/v1/games", None, keyed(other)).status_code == 200


def test_a_clients_own_cap_replaces_the_default_once_seen(app: Flask, store: Store) -> None:
    key = register_in(store, "Small", ClientLimits(max_in_flight=2))
    api = Api(app.test_client(), key)
    assert call(api, "GET", "/v1/games", None, keyed(key)).status_code == 200  # this process sees its limits
    fill(app, key, 1)
    assert call(api, "GET", "/v1/games", None, keyed(key)).status_code == 200
    fill(app, key, 1)
    assert_problem(call(api, "GET", "/v1/games", None, keyed(key)), 429, "concurrency_limited")


class HeldStore:
    """Holds every game read until released: requests really in flight at once, on threads."""

    def __init__(self, inner: Store) -> None:
        self.inner, self.inside, self.release = inner, threading.Semaphore(0), threading.Event()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def load_counted(self, *args: Any) -> Any:
        self.inside.release()
        assert self.release.wait(10)
        return self.inner.load_counted(*args)


def test_requests_held_at_once_on_threads_meet_the_cap(app: Flask, api: Api, game: Game) -> None:
    assert call(api, "GET", game.url, None, {"Authorization": f"Bearer {game.admin}"}).status_code == 200
    state = app.extensions["restart"]
    held_store = HeldStore(state.store)
    state.store = held_store
    answers: list[int] = []

    def read() -> None:
        client = app.test_client()
        answers.append(client.get(game.url, headers={"Authorization": f"Bearer {game.admin}"}).status_code)

    threads = [threading.Thread(target=read) for _ in range(DEFAULTS.max_in_flight)]
    for thread in threads:
        thread.start()
    for _ in threads:
        assert held_store.inside.acquire(timeout=10)  # every one of them is inside, holding its place
    refused = app.test_client().get(game.url, headers={"Authorization": f"Bearer {game.admin}"})
    assert_problem(refused, 429, "concurrency_limited")
    held_store.release.set()
    for thread in threads:
        thread.join(10)
    assert answers == [200] * DEFAULTS.max_in_flight
    assert held(app, api.key) == 0


@pytest.fixture
def streams_cap(app_config: dict[str, str]) -> int:
    return int(app_config["CLIENT_MAX_STREAMS"])


@pytest.mark.parametrize("app_config", [{"CLIENT_MAX_STREAMS": "3"}])
def test_the_nth_stream_opens_and_the_next_is_refused_until_one_closes(
    api: Api, game: Game, streams_cap: int
) -> None:
    def open_stream() -> Any:
        return api.client.get(f"{game.url}/stream", headers={"Authorization": f"Bearer {game.admin}"},
                              buffered=False)  # fmt: skip

    opened = [open_stream() for _ in range(streams_cap)]
    assert [response.status_code for response in opened] == [200] * streams_cap
    refused = open_stream()
    assert_problem(refused, 429, "streams_limited")
    assert refused.headers["Retry-After"] == "1"
    opened.pop().close()  # the server closes a stream its client left
    again = open_stream()
    assert again.status_code == 200
    for response in [*opened, again]:
        response.close()


@pytest.fixture
def never_started(api: Api, game: Game) -> Iterator[Any]:
    response = api.client.get(f"{game.url}/stream", headers={"Authorization": f"Bearer {game.admin}"},
                              buffered=False)  # fmt: skip
    yield response
    response.close()


@pytest.mark.parametrize("app_config", [{"CLIENT_MAX_STREAMS": "1"}])
def test_a_stream_closed_before_its_first_frame_gives_its_place_back(
    app: Flask, api: Api, game: Game, never_started: Any
) -> None:
    never_started.close()
    assert app.extensions["restart"].streams.held(client_id(api.key)) == 0
