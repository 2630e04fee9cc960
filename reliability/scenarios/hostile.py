"""Hostile input: the corpus in ``hostile_corpus`` sent as raw bytes; every answer a 4xx problem+json.

Each case goes on a fresh connection (an answer such as 413 may close it), with exactly
the bytes and headers the case holds. Before and after, Redis is photographed: every
key, every game's version, snapshot and event count. Nothing may differ.
"""

from __future__ import annotations

import http.client
import json
import time
from typing import Any

from harness.games import Game
from reliability.players import create_tables
from reliability.results import Exchange, Ledger, ScenarioResult
from reliability.scenarios.hostile_corpus import Case, Targets, corpus
from reliability.stack import Stack, stack
from service.store import keys

PROBLEM_MEDIA_TYPE = "application/problem+json"
TIMEOUT = 10.0


def hostile(*, rounds: int = 1, seed: int = 5) -> ScenarioResult:
    """Send the corpus ``rounds`` times against two fresh games; check every answer and the store."""
    result = ScenarioResult("hostile", "Hostile input: malformed, oversized, forged, odd")
    started = time.monotonic()
    ledger = Ledger()
    with stack() as running:
        key = running.api_key
        game, other = create_tables(running.urls[0], key, 1, seed * 10_000, players=3) + create_tables(
            running.urls[0], key, 1, seed * 10_000 + 1, players=2
        )
        targets = _targets(running.urls[0], game, other, key)
        cases = corpus(targets)
        before = _footprint(running, (game, other))
        for _ in range(rounds):
            for case in cases:
                ledger.add(_send(running.urls[0], case))
        after = _footprint(running, (game, other))
    result.count(ledger)
    result.anomalies += [problem for e in ledger.exchanges if (problem := _problem(e))]
    if after != before:
        changed = sorted(set(after["keys"]) ^ set(before["keys"]))
        result.anomalies.append(
            f"the store changed: keys added or removed {changed[:10]}, games {after['games']}"
        )
    result.games_checked = 2
    result.figures["cases"] = len(cases)
    result.figures["refused by gunicorn's HTTP parser"] = sum(case.http_level for case in cases)
    result.seconds = time.monotonic() - started
    return result


def _targets(url: str, game: Game, other: Game, key: str) -> Targets:
    connection = http.client.HTTPConnection(url.removeprefix("http://"), timeout=TIMEOUT)
    try:
        connection.request("GET", f"{game.url}/snapshot", headers={"Authorization": f"Bearer {game.admin}"})
        snapshot = json.loads(connection.getresponse().read())
    finally:
        connection.close()
    seat = snapshot["current_player"]
    hands = [player["hand"] for player in snapshot["players"]]
    elsewhere = hands[(seat + 1) % len(hands)][0]
    return Targets(
        game.id, game.admin, game.players, seat, tuple(hands[seat]), elsewhere, snapshot,
        other.id, other.admin, other.players[0], key,
    )  # fmt: skip


def _footprint(running: Stack, tables: tuple[Game, ...]) -> dict[str, Any]:
    with running.redis.client() as redis:
        games = {
            table.id: (redis.hgetall(keys.snapshot(table.id)), redis.xlen(keys.events(table.id)))
            for table in tables
        }
        # The limits' counts move with every counted request, and the worker's sweep lease comes and
        # goes with its steps: bookkeeping, not what the corpus may change.
        sweep = keys.sweep_lease().encode()
        kept = sorted(key for key in redis.keys("*") if b":window:" not in key and key != sweep)
        return {"keys": kept, "games": games}


def _send(url: str, case: Case) -> Exchange:
    headers = {name: value for name, value in case.headers.items() if value or name != "Content-Type"}
    if case.body is not None and "Content-Type" not in case.headers:
        headers["Content-Type"] = "application/json"
    connection = http.client.HTTPConnection(url.removeprefix("http://"), timeout=TIMEOUT)
    try:
        connection.request(case.method, case.path, body=case.body, headers=headers)
        answer = connection.getresponse()
        raw = answer.read()
    except (OSError, http.client.HTTPException) as error:
        return Exchange("hostile", case.name, None, error=f"{type(error).__name__}: {error}")
    finally:
        connection.close()
    content_type = answer.getheader("Content-Type", "")
    try:
        body = json.loads(raw)
    except ValueError:
        body = None
    code = body.get("code") if isinstance(body, dict) else None
    kind = "http-level" if case.http_level else "hostile"
    return Exchange(kind, case.name, answer.status, code, content_type=content_type, raw=raw[:300], body=body)


def _problem(exchange: Exchange) -> str | None:
    said = f"{exchange.game_id}: {exchange.status_label} {exchange.code}"
    if exchange.status is None:
        return f"{said}: {exchange.error}"
    if not 400 <= exchange.status < 500:
        return f"{said}: not a 4xx: {exchange.raw!r}"
    body = exchange.body if isinstance(exchange.body, dict) else {}
    if not exchange.content_type.startswith(PROBLEM_MEDIA_TYPE) or not isinstance(body.get("code"), str):
        return f"{said}: not problem+json with a code ({exchange.content_type}): {exchange.raw!r}"
    if body.get("status") != exchange.status:
        return f"{said}: the problem's status {body.get('status')} is not the HTTP status"
    return None
