"""The checks: every answer is one the contract allows, a key never runs twice, and every game replays.

A game is right when the moves clients saw accepted, ordered by the version each
produced, are exactly versions 2..final (none lost, none twice), and the engine, dealing
``new_game(names, seed, target)`` and applying them, reaches the very snapshot and event
log the service holds. A move whose answer was lost (the connection died, or a 503 after
Redis may already have run the write) is first asked about again with its
``Idempotency-Key`` (``resolve_lost``); one that stays undecided (its key still held by a
request that died) is placed by the event log, which is written in the same atomic step
as the move.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from harness.games import Game
from harness.http_client import Client
from reliability.players import IN_FLIGHT, send
from reliability.results import Exchange, Ledger, ScenarioResult
from service.play.stored_game import numbered_events
from service.rules import Illegal, IllegalMove, Move, apply, new_game, to_snapshot

PROBLEM_MEDIA_TYPE = "application/problem+json"
ENGINE_CODES = frozenset(code.value for code in Illegal)
KEPT = frozenset({200, 403, 412, 422})
"""Answers the service records under a key and replays (service.api.idempotency)."""
EVENTS_PAGE = 500


@dataclass(frozen=True)
class Allowance:
    """What a scenario's faults excuse: 503 while Redis is away, lost connections when a worker dies."""

    unavailable: bool = False
    lost_connections: bool = False
    replaced_tokens: bool = False
    """Seats change hands meanwhile: a move sent with a token replaced since is 401 ``unauthorized``."""


def check_answers(exchanges: Iterable[Exchange], allowance: Allowance) -> list[str]:
    return [problem for exchange in exchanges if (problem := _answer_problem(exchange, allowance))]


def _answer_problem(exchange: Exchange, allowance: Allowance) -> str | None:
    where = f"{exchange.kind} on {exchange.game_id} (If-Match {exchange.if_match}, key {exchange.key})"
    if exchange.status is None:
        return None if allowance.lost_connections else f"{where}: no answer: {exchange.error}"
    said = f"{where}: {exchange.status} {exchange.code}: {exchange.raw[:200]!r}"
    if exchange.status >= 400 and (malformed := malformed_problem(exchange, said)):
        return malformed
    if exchange.status == 503 and exchange.code == "storage_unavailable" and allowance.unavailable:
        return None if exchange.retry_after else f"{said}: 503 without Retry-After"
    if exchange.status == 200:
        if exchange.version is None:
            return f"{said}: 200 without the game's version"
        return None
    if not exchange.is_move:
        return f"{said}: a snapshot read can only succeed here"
    expected = {(412, "version_mismatch")} if exchange.if_match is not None else set()
    if exchange.if_match is None:
        expected |= {(409, "concurrent_update"), *((422, code) for code in ENGINE_CODES)}
    if exchange.key is not None:
        expected.add((409, IN_FLIGHT))
    if allowance.replaced_tokens:
        expected.add((401, "unauthorized"))
    return (
        None if (exchange.status, exchange.code) in expected else f"{said}: not an answer this move can get"
    )


def malformed_problem(exchange: Exchange, said: str) -> str | None:
    """What is wrong with an error answer's problem+json document (``said`` names the answer), if anything."""
    body = exchange.body if isinstance(exchange.body, dict) else {}
    if not exchange.content_type.startswith(PROBLEM_MEDIA_TYPE) or not isinstance(body.get("code"), str):
        return f"{said}: an error that is not problem+json with a code"
    if body.get("status") != exchange.status:
        return f"{said}: the problem's status member disagrees with the HTTP status"
    return None


def check_keys(exchanges: Iterable[Exchange]) -> list[str]:
    """Per ``Idempotency-Key``: at most one request ran to a kept answer, and every replay repeats it."""
    problems = []
    for key, answers in _by_key(exchanges).items():
        ran = [e for e in answers if not e.replayed and e.status in KEPT and e.code != IN_FLIGHT]
        lost = any(e.status is None or e.status == 503 for e in answers)
        if len(ran) > 1:
            problems.append(f"key {key} ran {len(ran)} times: {[(e.status, e.version) for e in ran]}")
            continue
        for replay in (e for e in answers if e.replayed):
            if ran and (replay.status, replay.raw) != (ran[0].status, ran[0].raw):
                problems.append(f"key {key}: replay {replay.status} differs from the answer {ran[0].status}")
            elif not ran and not lost:
                problems.append(f"key {key}: replayed {replay.status} though no request with it ran")
    return problems


def _by_key(exchanges: Iterable[Exchange]) -> dict[str, list[Exchange]]:
    grouped: dict[str, list[Exchange]] = defaultdict(list)
    for exchange in exchanges:
        if exchange.is_move and exchange.key is not None:
            grouped[exchange.key].append(exchange)
    return grouped


def _answer_lost(exchange: Exchange) -> bool:
    """No answer tells what the key's request did: none came, 503, in flight; or the resolving retry's
    412, which a forgotten key also gets (a game keeps its last 32 keys: the lost move may have landed,
    its key since pushed out by newer ones), so the event log places it."""
    if exchange.kind == "resolve" and exchange.status == 412:
        return True
    return exchange.status is None or exchange.status == 503 or exchange.code == IN_FLIGHT


def resolve_lost(url: str, tables: Sequence[Game], ledger: Ledger) -> dict[str, int]:
    """Ask again, with the same key, body and If-Match, about every move whose answer never came.

    A replay tells what the lost request did; a fresh answer means it never landed (a move
    lands together with its answer) and is itself a new request; 409 in flight means the
    key is still held by a request that died: left undecided, for the event log to place.
    """
    by_id = {table.id: table for table in tables}
    tally = {"asked again": 0, "landed": 0, "had not landed": 0, "undecided": 0}
    client = Client(url)
    try:
        for key, answers in _by_key(ledger.exchanges).items():
            if not all(_answer_lost(e) for e in answers):
                continue
            first = answers[0]
            assert first.move is not None and first.token is not None
            again = send(
                client, ledger, "resolve", by_id[first.game_id], first.move, first.token, first.if_match, key
            )
            tally["asked again"] += 1
            if _answer_lost(again):
                tally["undecided"] += 1
            elif again.replayed and again.status == 200:
                tally["landed"] += 1
            else:
                tally["had not landed"] += 1
    finally:
        client.close()
    return tally


@dataclass
class GameVerdict:
    games: int = 0
    accepted: int = 0
    lost: int = 0
    placed_by_log: int = 0
    anomalies: list[str] = field(default_factory=list)


def conclude(result: ScenarioResult, ledger: Ledger, verdict: GameVerdict, allowance: Allowance) -> None:
    """Fill a result from the ledger and the games' verdict; every check's findings become anomalies."""
    result.count(ledger)
    exchanges = ledger.exchanges
    result.anomalies += check_answers(exchanges, allowance) + check_keys(exchanges) + verdict.anomalies
    result.moves_accepted, result.moves_lost, result.games_checked = (
        verdict.accepted,
        verdict.lost,
        verdict.games,
    )
    result.figures["answers replayed"] = sum(e.replayed for e in exchanges)
    if verdict.placed_by_log:
        result.figures["moves placed by the event log"] = verdict.placed_by_log


def verify_games(url: str, tables: Sequence[Game], ledger: Ledger) -> GameVerdict:
    verdict = GameVerdict()
    client = Client(url)
    try:
        for table in tables:
            snapshot, version, events = final_state(client, table)
            verdict.games += 1
            check_game(table, snapshot, version, events, ledger.moves_for(table.id), verdict)
    finally:
        client.close()
    return verdict


def final_state(client: Client, table: Game) -> tuple[dict[str, Any], int, list[Any]]:
    answer = client.request("GET", f"{table.url}/snapshot", token=table.admin)
    if answer.status != 200:
        raise RuntimeError(
            f"reading {table.id} for the verdict answered {answer.status}: {answer.raw[:200]!r}"
        )
    version = int(answer.headers["etag"].strip('"'))
    events: list[Any] = []
    while True:
        page = client.request(
            "GET", f"{table.url}/events?after={len(events)}&limit={EVENTS_PAGE}", token=table.admin
        )
        if page.status != 200:
            raise RuntimeError(f"reading {table.id}'s events answered {page.status}")
        events += page.body["events"]
        if len(page.body["events"]) < EVENTS_PAGE:
            return answer.body, version, events


def acknowledged(moves: Iterable[Exchange]) -> dict[int, list[Exchange]]:
    """Version -> the requests told (200) that they produced it, plus replays of answers that were lost."""
    moves = list(moves)
    by_version: dict[int, list[Exchange]] = defaultdict(list)
    known_keys = {e.key for e in moves if e.accepted and e.key is not None}
    for exchange in moves:
        landed_unseen = exchange.replayed and exchange.status == 200 and exchange.key not in known_keys
        if (exchange.accepted or landed_unseen) and exchange.version is not None:
            by_version[exchange.version].append(exchange)
            if landed_unseen:
                known_keys.add(exchange.key)
    return by_version


def check_game(
    table: Game,
    final: dict[str, Any],
    final_version: int,
    logged: list[Any],
    moves: list[Exchange],
    verdict: GameVerdict,
) -> None:
    """Add to ``verdict`` what this game shows: its accepted and lost moves, and its anomalies."""
    acks = acknowledged(moves)
    undecided = [
        e
        for key_answers in _by_key(moves).values()
        if all(_answer_lost(e) for e in key_answers)
        for e in key_answers[:1]
    ] + [e for e in moves if e.key is None and e.status in (None, 503)]
    name = f"game {table.id}"
    verdict.accepted += len(acks)
    for version, told in sorted(acks.items()):
        if len(told) > 1:
            verdict.lost += len(told) - 1
            verdict.anomalies.append(f"{name}: {len(told)} moves were each told they made version {version}")
        if version > final_version:
            verdict.lost += len(told)
            verdict.anomalies.append(
                f"{name}: version {version} was acknowledged, the game is at {final_version}"
            )
    transition = new_game(table.names, table.seed, table.target_score)
    state, expected = transition.state, normalised(numbered_events(transition.events, 0))
    for version in range(2, final_version + 1):
        if version in acks:
            chosen = [acks[version][0].move]
        else:
            chosen = [e.move for e in undecided if e.if_match in (version - 1, None)]
        for candidate in chosen:
            assert candidate is not None
            try:
                step = apply(state, Move.from_json(candidate))
            except IllegalMove as refusal:
                if version in acks:
                    verdict.anomalies.append(
                        f"{name}: the move acknowledged as version {version} is illegal: {refusal}"
                    )
                    return
                continue
            step_events = normalised(numbered_events(step.events, len(expected)))
            if version in acks or step_events == logged[len(expected) : len(expected) + len(step_events)]:
                state, expected = step.state, expected + step_events
                verdict.placed_by_log += version not in acks
                break
        else:
            verdict.anomalies.append(f"{name}: version {version} was made by no move any client knows of")
            return
    if normalised(to_snapshot(state)) != final:
        verdict.anomalies.append(
            f"{name}: the engine's replay of the accepted moves differs from the stored game"
        )
    if expected != logged:
        verdict.anomalies.append(
            f"{name}: the replay's {len(expected)} events differ from the {len(logged)} logged"
        )


def normalised(document: Any) -> Any:
    """A document as it travels (JSON), so tuples and lists compare equal."""
    return json.loads(json.dumps(document))
