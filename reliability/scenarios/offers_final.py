"""The end of an offers run (docs/OFFERS.md): each game read at one version for its judgement
(``read_final``), and every answer to an offer's request, a seat's return and a move refused by time
or a pause checked against what the contract allows here (``check_offer_answers``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from harness.games import Game
from harness.http_client import Client
from reliability.results import Exchange
from reliability.verify import final_state, malformed_problem

OFFER_CODES = frozenset({
    "offer_open", "offer_not_allowed", "offer_cooldown", "takeback_refused", "abort_too_late", "own_offer",
    "offer_lapsed", "game_finished", "concurrent_update",
})  # fmt: skip
"""The 409s an offer's making or answering may get here (no request of this run names a wrong seat)."""
MOVE_REFUSALS = frozenset({"game_paused", "time_is_up"})
"""The 409s a move may get here beside those of every scenario."""


@dataclass(frozen=True)
class Final:
    """One game as it was read at the end, every part at one version."""

    version: int
    view: dict[str, Any]
    snapshot: dict[str, Any]
    log: list[dict[str, Any]]
    record: dict[str, Any]
    verified: dict[str, Any]


def read_final(client: Client, game: Game, api_key: str, attempts: int = 20) -> Final:
    """The game's snapshot, log, view and record at one version (a timeout may land between two reads:
    then they are read again), and what POST /v1/records/verify says of the record."""
    for _ in range(attempts):
        snapshot, version, log = final_state(client, game)
        view = client.request("GET", game.url, token=game.admin)
        record = client.request("GET", f"{game.url}/record", token=game.admin)
        again = client.request("GET", f"{game.url}/snapshot", token=game.admin)
        answers = (view, record, again)
        if any(answer.status != 200 for answer in answers):
            raise RuntimeError(f"reading {game.id} for the verdict answered {[a.status for a in answers]}")
        if version == int(again.headers["etag"].strip('"')) == view.body["version"]:
            verified = client.request(
                "POST", "/v1/records/verify", record.body, headers={"X-API-Key": api_key}
            )
            body = verified.body if isinstance(verified.body, dict) else {"status": verified.status}
            return Final(version, view.body, snapshot, log, record.body, body)
    raise RuntimeError(f"{game.id} changed under every one of {attempts} reads")


def check_offer_answers(exchanges: list[Exchange]) -> list[str]:
    """Each offer's making or answering, each return, and each move refused by time or a pause got an
    answer the contract allows here: 200 with the game's version, a 409 of ``OFFER_CODES`` (a move's:
    ``MOVE_REFUSALS``), 503 ``storage_unavailable`` with Retry-After, or none (a worker killed); every
    error a problem+json whose status is the answer's."""
    problems = []
    for exchange in exchanges:
        answered = f"{exchange.status} {exchange.code}: {exchange.raw[:200]!r}"
        said = f"{exchange.kind} on {exchange.game_id}: {answered}"
        if exchange.status is None:
            continue
        if exchange.status >= 400 and (malformed := malformed_problem(exchange, said)):
            problems.append(malformed)
            continue
        if exchange.status == 200:
            if exchange.version is None:
                problems.append(f"{said}: 200 without the game's version")
        elif exchange.status == 503 and exchange.code == "storage_unavailable":
            if not exchange.retry_after:
                problems.append(f"{said}: 503 without Retry-After")
        elif not (exchange.status == 409 and exchange.code in _refusals(exchange)):
            problems.append(f"{said}: not an answer this request can get")
    return problems


def _refusals(exchange: Exchange) -> frozenset[str]:
    if exchange.kind.startswith("offer"):
        return OFFER_CODES
    return MOVE_REFUSALS if exchange.is_move else frozenset()
