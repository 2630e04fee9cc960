"""A key known to be over its requests window is refused by admission (``service.api.admission``),
before Flask, with exactly Flask's answer.

Two apps, each on its own store and frozen clock, hold a client allowed two requests a
second. The same requests go to both: one app's admission refuses known-full keys, the
other's leaves them to Flask. Statuses, headers, bodies and the /metrics counters must
match, and the edge app's Flask must have seen only the requests before the window was
known to be full.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from harness.client_apps import register_in
from service.api.admission import KNOWN_REFUSAL_PAUSE, AdmissionLayer
from service.app import create_app
from service.settings import Settings
from service.store.client_apps import ClientLimits
from service.store.memory import MemoryStore
from tests.store.helpers import FakeClock

SETTINGS = {"LOG_LEVEL": "INFO", "ACCESS_LOG": "1"}
COUNTERS = re.compile(r"^(restart_[a-z_]+_total)(\{[^}]*\})? (\S+)$", re.MULTILINE)
LIMITED = ClientLimits(requests_per_second=2)
REQUESTS: list[tuple[str, str, dict[str, Any] | None, dict[str, str]]] = [
    ("POST", "/v1/games", {"players": ["Ana", "Bo"], "seed": 3}, {}),
    ("GET", "/v1/games", None, {}),
    ("POST", "/v1/adjudicate", {"snapshot": {}, "move": {}}, {"Accept-Language": "fr-CA"}),
    ("POST", "/v1/games", {"players": ["Ana"]}, {"Accept-Language": "pt-BR"}),  # a bad body: 429 first
    ("GET", "/v1/games", None, {"Accept-Language": "pt"}),
    ("POST", "/v1/adjudicate", None, {}),
    ("GET", "/v1/games", None, {"Origin": "https://elsewhere.example"}),  # CORS comes from the one edge
]


@dataclass
class Side:
    app: Flask
    client: FlaskClient
    key: str
    clock: FakeClock
    reached_flask: list[str] = field(default_factory=list)


def side(edge: bool) -> Side:
    store, clock = MemoryStore(), FakeClock(1_800_000_000.0)
    app = create_app(Settings.from_environment(SETTINGS), store, clock)
    admitting = app.wsgi_app
    assert isinstance(admitting, AdmissionLayer)
    assert admitting.pause == 0  # no gevent here: a refusal holds no thread
    made = Side(app, app.test_client(), register_in(store, limits=LIMITED), clock)
    inner = admitting.flask

    def recording(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        made.reached_flask.append(environ["PATH_INFO"])
        return inner(environ, start_response)

    admitting.flask = recording
    admitting.refuses_known_keys = edge
    return made


def send(one: Side, number: int, method: str, path: str, body: Any, headers: dict[str, str]) -> Any:
    sent = {"X-API-Key": one.key, "X-Request-ID": f"request-{number}", **headers}
    return one.client.open(path, method=method, json=body, headers=sent)


def counters(one: Side) -> dict[tuple[str, str], float]:
    text = one.client.get("/metrics").get_data(as_text=True)
    return {(name, labels or ""): float(value) for name, labels, value in COUNTERS.findall(text)}


def test_a_known_full_key_gets_flasks_own_answer_without_flask() -> None:
    edge, flask_only = side(edge=True), side(edge=False)
    statuses = []
    for number, (method, path, body, headers) in enumerate(REQUESTS * 2):
        answers = [send(one, number, method, path, body, headers) for one in (edge, flask_only)]
        statuses.append(answers[0].status_code)
        assert answers[0].status_code == answers[1].status_code, (method, path)
        if answers[0].status_code != 429:
            continue  # a new game's id and tokens are drawn at random
        assert answers[0].get_data() == answers[1].get_data(), (method, path)
        assert sorted(answers[0].headers.items()) == sorted(answers[1].headers.items()), (method, path)
    assert statuses[:2] == [201, 200] and set(statuses[2:]) == {429}
    assert counters(edge) == counters(flask_only)
    # Flask saw the two admitted requests (the second left the window full), then only /metrics.
    assert edge.reached_flask == ["/v1/games", "/v1/games", "/metrics"]
    assert len(flask_only.reached_flask) == len(REQUESTS) * 2 + 1


def test_requests_it_cannot_be_sure_of_go_to_flask() -> None:
    edge = side(edge=True)
    for number in range(2):  # the second leaves the window full, and the process knows it
        send(edge, number, "GET", "/v1/games", None, {})
    reached = len(edge.reached_flask)
    declined = [
        ("GET", "/v1/games", {"Authorization": "Bearer something"}),
        ("POST", "/v1/games", {"Idempotency-Key": "k1"}),
        ("GET", "/v1/games", {"X-API-Key": "not a key"}),
        ("DELETE", "/v1/games", {}),
        ("GET", "/v1/games/abc", {}),
    ]
    for number, (method, path, headers) in enumerate(declined, start=10):
        send(edge, number, method, path, None, headers)
    assert len(edge.reached_flask) == reached + len(declined)


def test_in_a_gevent_worker_a_known_refusal_waits_then_looks_again() -> None:
    edge = side(edge=True)
    admitting = edge.app.wsgi_app
    assert isinstance(admitting, AdmissionLayer)
    admitting.pause = KNOWN_REFUSAL_PAUSE  # as cooperative_worker() sets it under gevent
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        edge.clock.advance(seconds)

    admitting.sleep = sleep  # only this layer's pause: another test's thread that sleeps moves no clock here
    admitting.spread = lambda: 0.5  # the pause's middle: exactly KNOWN_REFUSAL_PAUSE
    for number in range(2):  # the bucket is empty, and known to be, until its next token half a second on
        send(edge, number, "GET", "/v1/games", None, {})
    assert send(edge, 2, "GET", "/v1/games", None, {}).status_code == 429
    assert len(edge.reached_flask) == 2 and slept == [KNOWN_REFUSAL_PAUSE]
    edge.clock.advance(0.35 - KNOWN_REFUSAL_PAUSE)  # the next token comes during the next pause
    assert send(edge, 3, "GET", "/v1/games", None, {}).status_code == 200
    assert len(edge.reached_flask) == 3 and slept == [KNOWN_REFUSAL_PAUSE] * 2


def test_a_known_refusal_s_pause_is_jittered_about_its_length() -> None:
    """Connections refused together must not wake together (they would spend the next tokens as a
    burst): each pause is 0.5 to 1.5 times KNOWN_REFUSAL_PAUSE, at random."""
    edge = side(edge=True)
    admitting = edge.app.wsgi_app
    assert isinstance(admitting, AdmissionLayer)
    admitting.pause = KNOWN_REFUSAL_PAUSE
    slept: list[float] = []
    admitting.sleep = slept.append
    for number in range(2):
        send(edge, number, "GET", "/v1/games", None, {})
    for number in range(2, 42):
        assert send(edge, number, "GET", "/v1/games", None, {}).status_code == 429
    assert len(slept) == 40 and len(set(slept)) > 1
    assert all(0.5 * KNOWN_REFUSAL_PAUSE <= pause <= 1.5 * KNOWN_REFUSAL_PAUSE for pause in slept)
