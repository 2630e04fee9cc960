"""Races: many clients on two service instances submit moves to the same few games at once.

Each player reads the game, picks a legal move for the seat to play and sends it: with
``If-Match`` (a stale one gets 412), without (the service judges it again against the
newer game; a move that became illegal gets 422), and with an ``Idempotency-Key``, a
share of which is sent a second time, in a row or at the same moment to the other
instance: the copy must replay the first answer byte for byte, or get 409 while the
first is still running. No move may be lost or made twice, no 5xx, and every game
must equal the engine's replay of its accepted moves.
"""

from __future__ import annotations

import threading
import time

from reliability.players import Style, create_tables, crowd, play
from reliability.results import Ledger, ScenarioResult
from reliability.stack import stack
from reliability.verify import Allowance, conclude, verify_games

STYLE = Style(if_match=0.5, keyed=0.5, twice=0.4, at_once=0.5, admin_token=0.25)
TITLE = "Races: concurrent clients on two instances, same games"


def races(
    *,
    clients: int = 64,
    per_game: int = 8,
    games: int = 24,
    max_moves: int | None = None,
    instances: int = 2,
    workers: int = 2,
    seed: int = 1,
    timeout: float = 300.0,
) -> ScenarioResult:
    """``clients`` players, ``per_game`` to a game at a time, play ``games`` games to their end
    (or to ``max_moves`` accepted moves each)."""
    result = ScenarioResult("races", TITLE)
    started = time.monotonic()
    ledger, stop = Ledger(), threading.Event()
    with stack(instances=instances, workers=workers) as running:
        tables = create_tables(running.urls[0], running.api_key, games, first_seed=seed * 10_000)
        players = crowd(
            running.urls, tables, per_game, ledger, STYLE, seed, stop, max_moves=max_moves, clients=clients
        )
        if not play(players, timeout):
            stop.set()
            ledger.anomaly(f"games still unfinished after {timeout} s")
        conclude(result, ledger, verify_games(running.urls[0], tables, ledger), Allowance())
        if result.server_errors:
            result.anomalies.append(f"server log:\n{running.logs()}")
    result.figures.update(clients=len(players), instances=instances, workers=workers)
    result.seconds = time.monotonic() - started
    return result
