"""The move endpoint answers alike on every store: the embedded one, and Redis over TCP, TLS and a cluster.

Two apps, each on its own store and frozen clock, hold the same game (same seed): the
reference on the memory store (every step under one lock), the other on a Redis of each
kind (one script on a single server, steps on a cluster). Every request goes to both: the
statuses, headers and bodies must match (the game id aside), and so must the stored games,
the event logs, the counters of ``/metrics`` and the access lines. The requests are legal
moves, illegal ones, every kind of bad credential, precondition, key and body, and enough
of them to meet the rate limits.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from marshmallow import ValidationError

from harness.client_apps import register_in
from harness.games import Game
from harness.in_process_api import Api
from harness.players import SAMPLE_NAMES
from service.api.schemas import move_schema, quick_move
from service.app import create_app
from service.play.stored_game import decode
from service.rules import Move, from_snapshot, legal_moves
from service.settings import Settings
from service.store import Store, StoreUnavailable
from service.store.memory import MemoryStore
from service.store.redis import RedisStore
from tests.store.conftest import redis_options
from tests.store.helpers import FakeClock

JSON_TYPE = {"Content-Type": "application/json"}
LANGUAGES = ("fr-CA", "pt-BR;q=0.9, en;q=0.8", "de", "*", "en;q=0, fr;q=0.5", "pt")
SETTINGS = {"LOG_LEVEL": "INFO", "ACCESS_LOG": "1", "AUTH_FAILURES_PER_MINUTE": "6"}
GENERATED_ID = re.compile(r"[0-9a-f]{32}")
COUNTERS = re.compile(r"^(restart_[a-z_]+_total)(\{[^}]*\})? (\S+)$", re.MULTILINE)


@dataclass
class Side:
    app: Flask
    client: FlaskClient
    store: Store
    clock: FakeClock
    game: Game
    key: str

    def tokens(self) -> dict[str, str]:
        named = {f"seat{n}": token for n, token in enumerate(self.game.players)}
        return {**named, "admin": self.game.admin, "spectator": self.game.created["tokens"]["spectator"]}


def side(config: dict[str, str], players: int, store: Store) -> Side:
    clock = FakeClock(1_800_000_000.0)
    app = create_app(Settings.from_environment({**SETTINGS, **config}), store, clock)
    client = app.test_client()
    key = register_in(store)
    game = Api(client, key).create(SAMPLE_NAMES[:players], seed=11, target_score=40)
    return Side(app, client, store, clock, game, key)


@dataclass
class Sent:
    body: bytes
    headers: dict[str, str]
    token: str | None


class Twins:
    """``lean``: the app on the store under test; ``flask``: the reference, on the memory store."""

    def __init__(
        self, config: dict[str, str], players: int, capsys: pytest.CaptureFixture[str], store: Store
    ) -> None:
        self.lean, self.flask = side(config, players, store), side(config, players, MemoryStore())
        self.capsys = capsys
        self.compared = 0

    def send(self, sent: Sent) -> int:
        answers, lines = [], []
        self.capsys.readouterr()
        for one in (self.lean, self.flask):
            headers = dict(sent.headers)
            if sent.token == "key":  # the owner's key: the game's admin
                headers["X-API-Key"] = one.key
            elif sent.token is not None:
                headers["Authorization"] = f"Bearer {one.tokens().get(sent.token, sent.token)}"
            response = one.client.post(f"{one.game.url}/moves", data=sent.body, headers=headers)
            body = response.get_data(as_text=True).replace(one.game.id, "<game>")
            made = response.headers["X-Request-ID"]
            if made != sent.headers.get("X-Request-ID"):  # made here: a new one each time
                assert GENERATED_ID.fullmatch(made), made
            named = [(name, "<made>" if value == made else value) for name, value in response.headers.items()]
            answers.append((response.status, sorted(named), body))
            written = self.capsys.readouterr().err.replace(made, "<made>").splitlines()
            lines.append([_access_fields(line, one.game.id) for line in written])
        assert answers[0] == answers[1], sent
        assert lines[0] == lines[1], sent
        lean_record, flask_record = (one.store.load_game(one.game.id) for one in (self.lean, self.flask))
        assert lean_record is not None and flask_record is not None
        assert (lean_record.version, lean_record.snapshot) == (flask_record.version, flask_record.snapshot)
        self.compared += 1
        return int(answers[0][0].split()[0])

    def snapshot(self) -> dict[str, Any]:
        """The game's position, from the store (a request would count in the client's windows)."""
        record = self.flask.store.load_game(self.flask.game.id)
        assert record is not None
        return decode(record.snapshot).snapshot

    def advance(self, seconds: float) -> None:
        self.lean.clock.advance(seconds)
        self.flask.clock.advance(seconds)

    def finish(self) -> None:
        """The two games' logs and the two apps' counters are the same too."""
        sides = (self.lean, self.flask)
        logs = [_bearer_get(one, f"{one.game.url}/events?limit=500") for one in sides]
        assert logs[0].get_json() == logs[1].get_json()
        counters = [_counters(one.client.get("/metrics").get_data(as_text=True)) for one in sides]
        assert counters[0] == counters[1]
        assert counters[0].get(("restart_moves_applied_total", "")) not in (None, 0.0)


def _bearer_get(one: Side, path: str) -> Any:
    return one.client.get(path, headers=_bearer(one.game.admin))


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _access_fields(line: str, game_id: str) -> dict[str, Any]:
    fields = json.loads(line.replace(game_id, "<game>"))
    for varying in ("time", "duration_ms", "pid"):
        fields.pop(varying, None)
    return dict(fields)


def _counters(text: str) -> dict[tuple[str, str], float]:
    """The /metrics counters (durations differ run to run: histograms are left out)."""
    return {(name, labels or ""): float(value) for name, labels, value in COUNTERS.findall(text)}


# Request kinds: each builds the bytes and headers of one move request from the game's position.


def legal(position: dict[str, Any], chooser: random.Random) -> dict[str, Any]:
    state = from_snapshot(position)
    moves: list[Move] = legal_moves(state, state.current_player)
    return chooser.choice(moves).to_json()


def encoded(**document: Any) -> bytes:
    return json.dumps(document).encode()


def request_kinds(position: dict[str, Any], version: int, chooser: random.Random) -> list[Sent]:
    seat = position["current_player"]
    move = legal(position, chooser) if position["status"] == "playing" else {"player": 0, "action": "pass"}
    body = json.dumps(move).encode()
    json_type = {"Content-Type": "application/json", "X-Request-ID": f"req-{chooser.randrange(10**6)}"}
    other_seat = (seat + 1) % len(position["players"])
    hand = position["players"][seat]["hand"] or ["red-1"]
    return [
        Sent(body, json_type, f"seat{seat}"),
        Sent(body, json_type, f"seat{seat}"),
        Sent(body, json_type, "admin"),
        Sent(body, {**json_type, "If-Match": f'"{version}"'}, f"seat{seat}"),
        Sent(body, {**json_type, "If-Match": str(version)}, f"seat{seat}"),
        Sent(body, {**json_type, "If-Match": f'"{version - 1}"'}, f"seat{seat}"),
        Sent(body, {**json_type, "If-Match": "*"}, f"seat{seat}"),
        Sent(body, {**json_type, "If-Match": 'W/"3"'}, f"seat{seat}"),
        Sent(body, json_type, f"seat{other_seat}"),
        Sent(body, json_type, "spectator"),
        Sent(body, json_type, "not-a-token"),
        Sent(body, json_type, None),
        Sent(body, {**json_type, "Authorization": "Basic abc"}, None),
        Sent(body, {"Content-Type": "text/plain"}, f"seat{seat}"),
        Sent(body, {"Content-Type": "application/json; charset=utf-8"}, f"seat{seat}"),
        Sent(body, {"Content-Type": "application/merge-patch+json"}, f"seat{seat}"),
        Sent(body, {"Content-Type": "APPLICATION/JSON"}, f"seat{seat}"),
        Sent(body, {**json_type, "X-Request-ID": "bad id with spaces"}, f"seat{seat}"),
        Sent(body, {**json_type, "Idempotency-Key": f"k{chooser.randrange(5)}"}, f"seat{seat}"),
        Sent(body, {**json_type, "Idempotency-Key": f"k{chooser.randrange(5)}"}, "admin"),
        Sent(body, {**json_type, "Idempotency-Key": "bad\x7fkey"}, f"seat{seat}"),
        Sent(body, json_type, "key"),
        Sent(body, {**json_type, "If-Match": f'"{version}"'}, "key"),
        Sent(body, {**json_type, "X-API-Key": "rsk_nobody_x"}, None),
        Sent(body, {**json_type, "Origin": "https://elsewhere.example"}, f"seat{seat}"),
        Sent(body, {**json_type, "X-Forwarded-For": "203.0.113.9"}, f"seat{seat}"),
        Sent(body, {**json_type, "Accept-Language": chooser.choice(LANGUAGES)}, f"seat{other_seat}"),
        Sent(body, {**json_type, "Accept-Language": chooser.choice(LANGUAGES)}, f"seat{seat}"),
        Sent(body[:-1], json_type, f"seat{seat}"),
        Sent(b"", json_type, f"seat{seat}"),
        Sent(b"[]", json_type, f"seat{seat}"),
        Sent(b'{"player": 0, "action": "pass", "extra": 1}', json_type, f"seat{seat}"),
        Sent(json.dumps({**move, "player": True}).encode(), json_type, f"seat{seat}"),
        Sent(json.dumps({**move, "player": float(move["player"])}).encode(), json_type, f"seat{seat}"),
        Sent(json.dumps({**move, "player": 9}).encode(), json_type, f"seat{seat}"),
        Sent(json.dumps({**move, "action": "dance"}).encode(), json_type, f"seat{seat}"),
        Sent(json.dumps({**move, "row": "purple"}).encode(), json_type, f"seat{seat}"),
        Sent(json.dumps({**move, "row": ""}).encode(), json_type, f"seat{seat}"),
        Sent(json.dumps({**move, "tiles": "red-1"}).encode(), json_type, f"seat{seat}"),
        Sent(json.dumps({**move, "tiles": ["x" * 17]}).encode(), json_type, f"seat{seat}"),
        Sent(json.dumps({**move, "tiles": ["red-1"] * 21}).encode(), json_type, f"seat{seat}"),
        Sent(encoded(player=seat, action="play", row="red", tiles=hand[:2]), json_type, f"seat{seat}"),
        Sent(encoded(player=seat, action="play", row="blue", tiles=["blue-99"]), json_type, f"seat{seat}"),
        Sent(encoded(player=seat, action="scissors", row="green"), json_type, f"seat{seat}"),
        Sent(encoded(player=seat, action="pass"), json_type, f"seat{seat}"),
        Sent(b"[" * 200 + b"]" * 200, json_type, f"seat{seat}"),
    ]


def play(twins: Twins, seed: int, requests: int) -> None:
    chooser = random.Random(seed)
    for _ in range(requests):
        position = twins.snapshot()
        version = twins.flask.store.load_game(twins.flask.game.id).version  # type: ignore[union-attr]
        twins.send(chooser.choice(request_kinds(position, version, chooser)))
        if chooser.random() < 0.1:
            twins.advance(chooser.choice((0.5, 1.0, 61.0)))
    twins.finish()


REDIS_KINDS = ["redis", "redis-tls", "redis-cluster"]


@pytest.fixture(params=REDIS_KINDS)
def redis_store(request: pytest.FixtureRequest) -> Iterator[Store]:
    """A Redis store of each kind, emptied (one game's keys never meet another test's)."""
    store = RedisStore(redis_options(str(request.param), request))
    yield store
    store.close()


@pytest.mark.parametrize("seed", range(3))
def test_every_kind_of_move_request_is_answered_alike(
    seed: int, redis_store: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    twins = Twins({}, players=2 + seed % 3, capsys=capsys, store=redis_store)
    play(twins, seed, 160)


def test_on_the_memory_store_too(capsys: pytest.CaptureFixture[str]) -> None:
    """Two memory stores: what the answers owe to the store alone (a different game each run)."""
    twins = Twins({}, players=3, capsys=capsys, store=MemoryStore())
    play(twins, 40, 160)


def test_at_the_rate_limits_too(redis_store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    """Five requests a second: many moves meet 429, with the same headers on every store."""
    twins = Twins({"CLIENT_REQUESTS_PER_SECOND": "5"}, players=2, capsys=capsys, store=redis_store)
    play(twins, 99, 120)


def test_a_deleted_game(redis_store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    """Known to both processes, then deleted: the next move is 401 both ways, counted the same."""
    twins = Twins({}, players=2, capsys=capsys, store=redis_store)
    play(twins, 7, 10)
    for one in (twins.lean, twins.flask):
        assert one.client.delete(one.game.url, headers=_bearer(one.game.admin)).status_code == 204
    answers = []
    for one in (twins.lean, twins.flask):
        response = one.client.post(f"{one.game.url}/moves", data=b'{"player": 0, "action": "pass"}',
                                   headers={**JSON_TYPE, **_bearer(one.game.players[0])})  # fmt: skip
        kept = sorted((name, value) for name, value in response.headers.items() if name != "X-Request-ID")
        answers.append((response.status_code, response.get_data(), kept))
    assert answers[0] == answers[1] and answers[0][0] == 401
    counters = [
        _counters(one.client.get("/metrics").get_data(as_text=True)) for one in (twins.lean, twins.flask)
    ]
    assert counters[0] == counters[1]


def test_with_cors_configured(redis_store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    twins = Twins({"CORS_ORIGINS": "https://elsewhere.example"}, players=3, capsys=capsys, store=redis_store)
    play(twins, 5, 80)


def test_a_whole_game_to_its_end(redis_store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    twins = Twins({}, players=2, capsys=capsys, store=redis_store)
    chooser = random.Random(3)
    while twins.snapshot()["status"] == "playing":
        position = twins.snapshot()
        body = json.dumps(legal(position, chooser)).encode()
        assert twins.send(Sent(body, JSON_TYPE, f"seat{position['current_player']}")) == 200
    twins.send(Sent(b'{"player": 0, "action": "pass"}', JSON_TYPE, "seat0"))
    twins.finish()


class DownStore:
    """The store when Redis is gone: every call fails as the Redis store would."""

    def __init__(self, inner: MemoryStore) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        def unavailable(*args: Any, **kwargs: Any) -> Any:
            raise StoreUnavailable("Redis: ConnectionError: gone")

        return unavailable


def test_when_the_store_is_down(redis_store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    twins = Twins({}, players=2, capsys=capsys, store=redis_store)
    position = twins.snapshot()
    body = json.dumps(legal(position, random.Random(1))).encode()
    for one in (twins.lean, twins.flask):
        one.app.extensions["restart"].gate.known.forget(one.game.id)
    stores = [one.store for one in (twins.lean, twins.flask)]
    for one in (twins.lean, twins.flask):
        one.app.extensions["restart"].store = DownStore(one.store)
    answers = []
    for one in (twins.lean, twins.flask):
        headers = {**JSON_TYPE, **_bearer(one.game.players[0])}
        response = one.client.post(f"{one.game.url}/moves", data=body, headers=headers)
        kept = sorted((name, value) for name, value in response.headers.items() if name != "X-Request-ID")
        answers.append((response.status_code, response.get_json()["code"], kept))
    assert answers[0] == answers[1] and answers[0][:2] == (503, "storage_unavailable")
    assert stores[0].load_game(twins.lean.game.id).version == 1  # type: ignore[union-attr]


# quick_move against marshmallow: never a different move, never a move marshmallow refuses.

VALUES: list[Any] = [
    *(None, True, False, 0, 1, 3, 4, -1, 2.0, 2.5, 1e300),
    *("", "red", "pass", "play", "scissors", "trash", "x" * 17),
    *([], ["red-1"], ["red-1"] * 21, [1], [""], {}, {"a": 1}),
]
PLAUSIBLE: dict[str, list[Any]] = {
    "player": [0, 1, 2, 3, 1.0],
    "action": ["play", "pass", "scissors", "trash"],
    "row": [None, "red", "blue", "green", "orange", "gray"],
    "tiles": [[], ["red-1"], ["blue-3", "blue-4"], ["x"], ["gray-12"] * 20],
    "other": [1],
}


def bodies(chooser: random.Random) -> Iterator[Any]:
    """Move-like documents: each field absent, plausible or odd."""
    for _ in range(3000):
        document = {}
        for name, plausible in PLAUSIBLE.items():
            draw = chooser.random()
            if draw < 0.6 and name != "other":
                document[name] = chooser.choice(plausible)
            elif draw < 0.75:
                document[name] = chooser.choice(VALUES)
        yield document
    yield from VALUES


def test_quick_move_agrees_with_the_schema() -> None:
    taken = 0
    for document in bodies(random.Random(0)):
        quick = quick_move(document)
        try:
            loaded = move_schema.load(document)
        except ValidationError:
            assert quick is None, document
            continue
        if quick is not None:
            taken += 1
            assert quick == loaded, document
    assert taken > 100  # it does take plain moves
