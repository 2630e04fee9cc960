"""The hostile corpus: requests no well-behaved client sends, each of which must get a 4xx problem+json.

Data in code, built against two real games (``Targets``) so that the hostile part of each
case is the only thing wrong with it: a bad If-Match on an otherwise valid move, a forged
snapshot that differs from a real one in one detail. No case is a valid creation or a
legal move: after the corpus, nothing in Redis may have changed.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

NESTING = 10_000


@dataclass(frozen=True)
class Targets:
    """The two games the corpus aims at: ``game`` (3 players) and ``other`` (2 players)."""

    game: str
    admin: str
    seats: tuple[str, ...]
    current: int
    """The seat to play in ``game``."""
    hand: tuple[str, ...]
    """That seat's hand."""
    elsewhere: str
    """A tile in another seat's hand."""
    snapshot: dict[str, Any]
    other: str
    other_admin: str
    other_seat: str
    key: str
    """The key of the client that owns both games."""


@dataclass(frozen=True)
class Case:
    name: str
    method: str
    path: str
    body: bytes | None = None
    headers: dict[str, str] = field(default_factory=dict)
    """Sent as they are; ``Content-Type: application/json`` is added when a body has none."""
    http_level: bool = False
    """Not valid HTTP/1.1 framing: gunicorn's parser refuses it before the app sees it (still as
    problem+json: service/api/server_errors.py)."""


def _json(value: Any) -> bytes:
    return json.dumps(value).encode()


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _create(name: str, body: bytes, **headers: str) -> Case:
    return Case(f"create: {name}", "POST", "/v1/games", body, headers)


def _names(*names: str) -> bytes:
    """A create body whose players are ``names`` (JSON escapes kept as written: lone surrogates)."""
    return ('{"players":[' + ",".join(f'"{name}"' for name in names) + "]}").encode()


def creations() -> list[Case]:
    players = '"players":["Annika","Elias"]'
    return [
        _create("empty body", b""),
        _create("truncated", b'{"players":["Annika","El'),
        _create("trailing comma", b'{"players":["Annika","Elias"],}'),
        _create("single quotes", b"{'players':['Annika','Elias']}"),
        _create("not UTF-8", b'\xff\xfe{"players":1}'),
        _create("null", b"null"),
        _create("a list", b"[]"),
        _create("a string", b'"players"'),
        _create("NaN seed", f'{{{players},"seed":NaN}}'.encode()),
        _create("Infinity target", f'{{{players},"target_score":Infinity}}'.encode()),
        _create("1e400 seed", f'{{{players},"seed":1e400}}'.encode()),
        _create("5000-digit seed", f'{{{players},"seed":{"9" * 5000}}}'.encode()),
        _create("duplicated key", f'{{{players},"players":5}}'.encode()),
        _create(f"arrays nested {NESTING} deep", b"[" * NESTING + b"]" * NESTING),
        _create(f"objects nested {NESTING} deep", b'{"a":' * NESTING + b"1" + b"}" * NESTING),
        _create("a 70 KiB name", _names("A" * 70 * 1024, "Elias")),
        _create("10,000 players", _json({"players": ["a"] * 10_000})),
        _create("players a string", _json({"players": "Annika,Elias"})),
        _create("players numbers", _json({"players": [1, 2]})),
        _create("a null player", _json({"players": [None, "Elias"]})),
        _create("players an object", _json({"players": {"Annika": 1, "Elias": 2}})),
        _create("one player", _json({"players": ["Annika"]})),
        _create("five players", _json({"players": ["a", "b", "c", "d", "e"]})),
        _create("seed a string", _json({"players": ["Annika", "Elias"], "seed": "7"})),
        _create("seed true", _json({"players": ["Annika", "Elias"], "seed": True})),
        _create("seed 1.5", _json({"players": ["Annika", "Elias"], "seed": 1.5})),
        _create("seed -1", _json({"players": ["Annika", "Elias"], "seed": -1})),
        _create("seed 2**64", _json({"players": ["Annika", "Elias"], "seed": 2**64})),
        _create("target 0", _json({"players": ["Annika", "Elias"], "target_score": 0})),
        _create("target a list", _json({"players": ["Annika", "Elias"], "target_score": []})),
        _create("empty name", _names("", "Elias")),
        _create("41-character name", _names("A" * 41, "Elias")),
        _create("41 emoji", _names("\U0001f600" * 41, "Elias")),
        _create(
            "family emoji x6 (42 code points)",
            _names("\U0001f468\u200d\U0001f469\u200d\U0001f467" * 6 + "\u200d" * 12, "E"),
        ),  # fmt: skip
        _create("right-to-left override, 41 long", _names("\u202e" + "A" * 40, "Elias")),
        _create("41 zero-width spaces", _names("\u200b" * 41, "Elias")),
        _create("41 combining accents", _names("e" + "\u0301" * 40, "Elias")),
        _create("41 lone surrogates (JSON escapes)", _names("\\ud800" * 41, "Elias")),
        _create("NUL in a name", _names("Ann\\u0000ika", "Elias")),
        _create("newline in a name", _names("Ann\\nika", "Elias")),
        _create("C1 control (NEL) in a name", _names("Ann\u0085ika", "Elias")),
        _create(
            "Content-Type text/plain",
            _json({"players": ["Annika", "Elias"]}),
            **{"Content-Type": "text/plain"},
        ),
        _create(
            "Content-Type form",
            b"players=Annika&players=Elias",
            **{"Content-Type": "application/x-www-form-urlencoded"},
        ),  # fmt: skip
        _create(
            "Content-Type application/jsonx",
            _json({"players": ["A", "B"]}),
            **{"Content-Type": "application/jsonx"},
        ),  # fmt: skip
        _create("no Content-Type", _json({"players": ["Annika", "Elias"]}), **{"Content-Type": ""}),
    ]


def moves(t: Targets) -> list[Case]:
    path = f"/v1/games/{t.game}/moves"
    admin = _bearer(t.admin)
    seat = t.current
    wrong_seat = (seat + 1) % len(t.seats)
    legal_shape = {"player": seat, "action": "play", "row": "red", "tiles": [t.hand[0]]}

    def move(name: str, body: Any, headers: dict[str, str] | None = None, raw: bytes | None = None) -> Case:
        sent = admin if headers is None else headers
        return Case(f"move: {name}", "POST", path, raw if raw is not None else _json(body), sent)

    return [
        move("truncated", None, raw=b'{"player":1,"action":"pl'),
        move("-Infinity seat", None, raw=b'{"player":-Infinity,"action":"pass"}'),
        move(
            f"tiles nested {NESTING} deep",
            None,
            raw=b'{"player":0,"action":"play","tiles":' + b"[" * NESTING + b"]" * NESTING + b"}",
        ),  # fmt: skip
        move("a 100 KiB body", {"player": seat, "action": "pass", "pad": "x" * 100 * 1024}),
        move("player a string", {**legal_shape, "player": str(seat)}),
        move("player true", {**legal_shape, "player": True}),
        move("player -1", {**legal_shape, "player": -1}),
        move("player 4", {**legal_shape, "player": 4}),
        move("player 2.5", {**legal_shape, "player": 2.5}),
        move("no player", {"action": "pass"}),
        move("no action", {"player": seat}),
        move("action unknown", {**legal_shape, "action": "fly"}),
        move("action a number", {**legal_shape, "action": 3}),
        move("row purple", {**legal_shape, "row": "purple"}),
        move("row a number", {**legal_shape, "row": 5}),
        move("tiles a string", {**legal_shape, "tiles": t.hand[0]}),
        move("tiles numbers", {**legal_shape, "tiles": [1, 2]}),
        move("tiles null", {**legal_shape, "tiles": [None]}),
        move("an empty tile code", {**legal_shape, "tiles": [""]}),
        move("a 17-character tile code", {**legal_shape, "tiles": ["r" * 17]}),
        move("21 tiles", {**legal_shape, "tiles": [t.hand[0]] * 21}),
        move("10,000 tiles", {**legal_shape, "tiles": ["r"] * 10_000}),
        move("unknown tile", {**legal_shape, "tiles": ["red-99"]}),
        move("duplicated tiles", {**legal_shape, "tiles": [t.hand[0], t.hand[0]]}),
        move("a tile not in the hand", {**legal_shape, "tiles": [t.elsewhere]}),
        move("not this seat's turn", {"player": wrong_seat, "action": "pass"}),
        move("a seat the game lacks", {"player": 3, "action": "pass"}),
        move("a list body", [legal_shape]),
        move("no Authorization", {"player": seat, "action": "pass"}, {}),
        move("Basic auth", {"player": seat, "action": "pass"}, {"Authorization": "Basic dXNlcjpwYXNz"}),
        move("empty bearer", {"player": seat, "action": "pass"}, {"Authorization": "Bearer "}),
        move("5000-character token", {"player": seat, "action": "pass"}, _bearer("x" * 5000)),
        move("another game's admin token", {"player": seat, "action": "pass"}, _bearer(t.other_admin)),
        move("another game's seat token", {"player": 0, "action": "pass"}, _bearer(t.other_seat)),
        move(
            "a seat token for another seat", {"player": wrong_seat, "action": "pass"}, _bearer(t.seats[seat])
        ),
        move("If-Match garbage", {"player": seat, "action": "pass"}, {**admin, "If-Match": "abc"}),
        move("If-Match half quoted", {"player": seat, "action": "pass"}, {**admin, "If-Match": '"1'}),
        move("If-Match weak", {"player": seat, "action": "pass"}, {**admin, "If-Match": 'W/"1"'}),
        move("If-Match a list", {"player": seat, "action": "pass"}, {**admin, "If-Match": '"1", "2"'}),
        move(
            "If-Match 19 digits",
            {"player": seat, "action": "pass"},
            {**admin, "If-Match": '"' + "9" * 19 + '"'},
        ),
        move("If-Match a stale version", {"player": seat, "action": "pass"}, {**admin, "If-Match": '"999"'}),
        move("Idempotency-Key empty", {"player": seat, "action": "pass"}, {**admin, "Idempotency-Key": ""}),
        move(
            "Idempotency-Key 256 long",
            {"player": seat, "action": "pass"},
            {**admin, "Idempotency-Key": "k" * 256},
        ),
        move(
            "Idempotency-Key non-ASCII",
            {"player": seat, "action": "pass"},
            {**admin, "Idempotency-Key": "clé"},
        ),
        move(
            "Content-Type text/plain",
            {"player": seat, "action": "pass"},
            {**admin, "Content-Type": "text/plain"},
        ),
        Case(
            "validate: tiles numbers", "POST", f"{path}/validate", _json({**legal_shape, "tiles": [1]}), admin
        ),
        Case(
            "validate: seat token for another seat",
            "POST",
            f"{path}/validate",
            _json({"player": wrong_seat, "action": "pass"}),
            _bearer(t.seats[seat]),
        ),  # fmt: skip
        Case(
            "validate: 100 KiB",
            "POST",
            f"{path}/validate",
            _json({"player": seat, "action": "pass", "pad": "x" * 100 * 1024}),
            admin,
        ),  # fmt: skip
    ]


def _forged(snapshot: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    forged = copy.deepcopy(snapshot)
    change(forged)
    return forged


def adjudications(t: Targets) -> list[Case]:
    real = t.snapshot
    seat = t.current
    move = {"player": seat, "action": "pass"}

    def case(name: str, snapshot: Any, body: bytes | None = None) -> Case:
        return Case(
            f"adjudicate: {name}",
            "POST",
            "/v1/adjudicate",
            body or _json({"snapshot": snapshot, "move": move}),
        )

    def hand(s: dict[str, Any]) -> list[str]:
        held: list[str] = s["players"][seat]["hand"]
        return held

    return [
        case("truncated", None, b'{"snapshot":{"schema":1,"players":['),
        case(
            f"nested {NESTING} deep",
            None,
            b'{"snapshot":' + b'{"a":' * NESTING + b"1" + b"}" * NESTING + b"}",
        ),
        case("nested 100 deep", None, b'{"snapshot":' + b'{"a":' * 100 + b"1" + b"}" * 100 + b"}"),
        case("a duplicated tile", _forged(real, lambda s: hand(s).__setitem__(1, hand(s)[0]))),
        case("a 1 in a hand", _forged(real, lambda s: hand(s).append("red-1"))),
        case(
            "a row descending",
            _forged(real, lambda s: s["rows"].__setitem__("red", ["red-1", "red-9", "red-5"])),
        ),
        case("a tile missing from the box", _forged(real, lambda s: s["box"].pop())),
        case("an extra field", _forged(real, lambda s: s.__setitem__("cheat", True))),
        case("a missing field", _forged(real, lambda s: s.pop("box"))),
        case("schema 2", _forged(real, lambda s: s.__setitem__("schema", 2))),
        case("current player 9", _forged(real, lambda s: s.__setitem__("current_player", 9))),
        case("a negative score", _forged(real, lambda s: s["players"][0].__setitem__("score", -5))),
        case("a 41-character name", _forged(real, lambda s: s["players"][0].__setitem__("name", "A" * 41))),
        case("an unknown tile", _forged(real, lambda s: hand(s).__setitem__(0, "gold-1"))),
        case("finished without winners", _forged(real, lambda s: s.__setitem__("status", "finished"))),
        case("a seed out of range", _forged(real, lambda s: s.__setitem__("seed", -1))),
        case("rows a list", _forged(real, lambda s: s.__setitem__("rows", []))),
        case("a list, not an object", [real]),
        case(
            "1,500 players",
            _forged(real, lambda s: s.__setitem__("players", [{"name": "a", "hand": [], "score": 0}] * 1500)),
        ),  # fmt: skip
        case(
            "10,000 players",
            _forged(
                real, lambda s: s.__setitem__("players", [{"name": "a", "hand": [], "score": 0}] * 10_000)
            ),
        ),  # fmt: skip
        case("the move a string", None, _json({"snapshot": real, "move": "pass"})),
        case("no move", None, _json({"snapshot": real})),
    ]


def reads(t: Targets) -> list[Case]:
    game = f"/v1/games/{t.game}"
    admin = _bearer(t.admin)
    return [
        Case("get: no token", "GET", game),
        Case("get: another game's token", "GET", game, headers=_bearer(t.other_admin)),
        Case("get: traversal", "GET", "/v1/games/../../etc/passwd", headers=admin),
        Case("get: encoded traversal", "GET", "/v1/games/..%2F..%2Fetc%2Fpasswd", headers=admin),
        Case("get: NUL id", "GET", "/v1/games/%00", headers=admin),
        Case("get: brace id", "GET", "/v1/games/%7Babc%7D", headers=admin),
        Case("get: glob id", "GET", "/v1/games/*", headers=admin),
        Case("get: 3000-character id", "GET", "/v1/games/" + "a" * 3000, headers=admin),
        Case("get: well-formed unknown id", "GET", "/v1/games/" + "A" * 22, headers=admin),
        Case("snapshot: seat token", "GET", f"{game}/snapshot", headers=_bearer(t.seats[0])),
        Case("events: after -1", "GET", f"{game}/events?after=-1", headers=admin),
        Case("events: after abc", "GET", f"{game}/events?after=abc", headers=admin),
        Case("events: after 10^13", "GET", f"{game}/events?after=9999999999999", headers=admin),
        Case("events: limit 0", "GET", f"{game}/events?limit=0", headers=admin),
        Case("events: limit 501", "GET", f"{game}/events?limit=501", headers=admin),
        Case("events: limit 1e3", "GET", f"{game}/events?limit=1e3", headers=admin),
        Case("events: Arabic digit", "GET", f"{game}/events?after=%D9%A5", headers=admin),
        Case("legal moves: player 9", "GET", f"{game}/legal-moves?player=9", headers=admin),
        Case("legal moves: player -1", "GET", f"{game}/legal-moves?player=-1", headers=admin),
        Case("legal moves: player abc", "GET", f"{game}/legal-moves?player=abc", headers=admin),
        Case("legal moves: admin without a player", "GET", f"{game}/legal-moves", headers=admin),
        Case("legal moves: another seat", "GET", f"{game}/legal-moves?player=1", headers=_bearer(t.seats[0])),
        Case("DELETE a game as a seat", "DELETE", game, headers=_bearer(t.seats[0])),
        Case(
            "DELETE another client's game by its key",
            "DELETE",
            f"/v1/games/{t.other}",
            headers={"X-API-Key": "rsk_nobody_x"},
        ),
        Case("PATCH a game", "PATCH", game, _json({"round": 9}), headers=admin),
        Case("PUT /v1/games", "PUT", "/v1/games", _json({"players": ["A", "B"]})),
        Case("unknown route", "GET", "/v1/nothing"),
    ]


def http_level(t: Targets) -> list[Case]:
    path = f"/v1/games/{t.game}/moves"
    admin = _bearer(t.admin)
    body = _json({"player": t.current, "action": "pass"})
    many = {f"X-Filler-{number}": "x" for number in range(101)}
    return [
        Case("http: DEL in Idempotency-Key", "POST", path, body, {**admin, "Idempotency-Key": "k\x7f"}, True),
        Case("http: control character in If-Match", "POST", path, body, {**admin, "If-Match": "\x01"}, True),
        Case("http: 5000-byte request line", "GET", "/v1/games/" + "a" * 5000, None, admin, True),
        Case("http: 9000-byte header", "POST", path, body, {**admin, "X-Filler": "x" * 9000}, True),
        Case("http: 101 headers", "POST", path, body, {**admin, **many}, True),
    ]


KEYED_PATHS = ("/v1/games", "/v1/adjudicate")


def corpus(targets: Targets) -> list[Case]:
    """Every case; creations and adjudications carry the client's key, so that what is wrong with
    them is their hostile part, not a missing credential."""
    cases = creations() + moves(targets) + adjudications(targets) + reads(targets) + http_level(targets)
    return [
        replace(case, headers={"X-API-Key": targets.key, **case.headers})
        if case.path in KEYED_PATHS
        else case
        for case in cases
    ]
