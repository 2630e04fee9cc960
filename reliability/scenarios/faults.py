"""Faults under load: Redis SIGKILLed and restarted, its script cache flushed, a gunicorn worker SIGKILLed.

Players here send every move with ``If-Match`` and an ``Idempotency-Key``, as a careful
client does, so that a move whose answer a fault swallowed can be asked about again
and, failing that, placed exactly: a move sent with ``If-Match: v`` can only have made
version v + 1.
"""

from __future__ import annotations

import os
import random
import signal
import threading
import time
from collections.abc import Callable, Sequence

from harness.games import Game
from reliability.players import Gate, Player, Style, create_tables, crowd, play
from reliability.results import Ledger, ScenarioResult
from reliability.stack import Stack, stack
from reliability.verify import Allowance, conclude, resolve_lost, verify_games
from service.store import keys

CAREFUL = Style(if_match=1.0, keyed=1.0, twice=0.0, admin_token=0.25)
MIXED = Style(if_match=0.5, keyed=0.5, twice=0.3, at_once=0.5, admin_token=0.25)
DRAIN_TIMEOUT = 15.0
POLL = 0.02


def kill_a_gunicorn_worker(running: Stack, rng: random.Random) -> None:
    """One of the first instance's gunicorn workers SIGKILLed (gunicorn starts another)."""
    pids = running.services[0].worker_pids()
    if pids:
        os.kill(rng.choice(pids), signal.SIGKILL)


def redis_outage(running: Stack, gate: Gate, ledger: Ledger, outage: float) -> None:
    """Redis SIGKILLed, met by the players for ``outage`` s, then restarted with no request in flight."""
    running.redis.kill()
    time.sleep(outage)
    gate.close()
    if not gate.drain(DRAIN_TIMEOUT):
        ledger.anomaly(f"requests still in flight {DRAIN_TIMEOUT} s after the gate closed")
    running.redis.start()
    gate.open()


def _accepted_so_far(ledger: Ledger) -> int:
    return sum(exchange.accepted for exchange in ledger.exchanges)


def _wait_for(condition: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(POLL)
    return True


def _finish(
    result: ScenarioResult, running: Stack, tables: Sequence[Game], ledger: Ledger, allowance: Allowance
) -> None:
    result.figures.update(resolve_lost(running.urls[0], tables, ledger))
    conclude(result, ledger, verify_games(running.urls[0], tables, ledger), allowance)
    if result.server_errors > result.statuses.get("503", 0):
        result.anomalies.append(f"server log:\n{running.logs()}")


def redis_kill(
    *,
    appendfsync: str,
    clients: int = 16,
    per_game: int = 2,
    games: int = 48,
    kills: int = 3,
    moves_between_kills: int = 80,
    outage: float = 1.0,
    tail: float = 2.0,
    max_moves: int | None = None,
    seed: int = 2,
    timeout: float = 240.0,
) -> ScenarioResult:
    """Kill Redis (SIGKILL) ``kills`` times under load; each time, with no request in flight,
    restart it and compare every game's stored version with the highest one a client was told.
    Play goes on for ``tail`` seconds after the last restart; then every game is verified."""
    result = ScenarioResult(
        f"redis-kill-{appendfsync}", f"Redis SIGKILLed under load, appendfsync {appendfsync}"
    )
    started = time.monotonic()
    ledger, gate, stop = Ledger(), Gate(), threading.Event()
    lost_at_kills = 0
    with stack(appendonly=True, appendfsync=appendfsync) as running:
        tables = create_tables(running.urls[0], running.api_key, games, first_seed=seed * 10_000)
        players = crowd(running.urls, tables, per_game, ledger, CAREFUL, seed, stop, gate, max_moves, clients)
        for player in players:
            player.start()
        for kill in range(kills):
            goal = (kill + 1) * moves_between_kills
            if not _wait_for(lambda goal=goal: _accepted_so_far(ledger) >= goal, timeout):
                ledger.anomaly(f"kill {kill}: fewer than {goal} moves accepted after {timeout} s")
                break
            running.redis.kill()
            time.sleep(outage)  # players meet the outage: 503 storage_unavailable, nothing else
            gate.close()
            if not gate.drain(DRAIN_TIMEOUT):
                ledger.anomaly(
                    f"kill {kill}: requests still in flight {DRAIN_TIMEOUT} s after the gate closed"
                )
            running.redis.start()
            lost_at_kills += _lost_since_acknowledged(running, tables, ledger)
            gate.open()
        _stop_after(tail, players, stop, ledger)
        _finish(result, running, tables, ledger, Allowance(unavailable=True))
    if lost_at_kills:
        result.anomalies.append(
            f"{lost_at_kills} acknowledged moves were missing after a Redis process crash "
            f"(appendfsync {appendfsync}): the documented promise is none"
        )
    if not result.statuses.get("503"):
        result.anomalies.append("no client met the outage (no 503): the scenario tested nothing")
    result.moves_lost += lost_at_kills
    result.figures.update(
        {"appendfsync": appendfsync, "Redis kills": kills, "lost at the kills": lost_at_kills}
    )
    result.seconds = time.monotonic() - started
    return result


def _stop_after(tail: float, players: Sequence[Player], stop: threading.Event, ledger: Ledger) -> None:
    """Let play go on for ``tail`` seconds, then stop every player (games may be left unfinished)."""
    time.sleep(tail)
    stop.set()
    if not play(players, DRAIN_TIMEOUT):
        ledger.anomaly(f"players still busy {DRAIN_TIMEOUT} s after being stopped")


def _lost_since_acknowledged(running: Stack, tables: Sequence[Game], ledger: Ledger) -> int:
    """Per game, how far the version Redis came back with falls short of the highest a client was told."""
    told: dict[str, int] = {}
    for exchange in ledger.exchanges:
        if exchange.is_move and exchange.status == 200 and exchange.version is not None:
            told[exchange.game_id] = max(told.get(exchange.game_id, 1), exchange.version)
    lost = 0
    with running.redis.client() as redis:
        for table in tables:
            stored = int(redis.hget(keys.snapshot(table.id), "version") or 0)
            lost += max(0, told.get(table.id, 1) - stored)
    return lost


def script_flush(
    *,
    clients: int = 16,
    per_game: int = 4,
    games: int = 24,
    interval: float = 0.005,
    max_moves: int | None = None,
    seed: int = 3,
    timeout: float = 240.0,
) -> ScenarioResult:
    """``SCRIPT FLUSH`` every ``interval`` seconds during play: NOSCRIPT must never reach a client."""
    result = ScenarioResult("script-flush", "Redis script cache flushed (NOSCRIPT) under load")
    started = time.monotonic()
    ledger, stop, flushed = Ledger(), threading.Event(), threading.Event()
    flushes = 0
    with stack(instances=2) as running:
        tables = create_tables(running.urls[0], running.api_key, games, first_seed=seed * 10_000)

        def flusher() -> None:
            nonlocal flushes
            with running.redis.client() as redis:
                while not flushed.wait(interval):
                    redis.script_flush()
                    flushes += 1

        thread = threading.Thread(target=flusher, daemon=True)
        thread.start()
        players = crowd(
            running.urls, tables, per_game, ledger, MIXED, seed, stop, max_moves=max_moves, clients=clients
        )
        if not play(players, timeout):
            stop.set()
            ledger.anomaly(f"games still unfinished after {timeout} s")
        flushed.set()
        thread.join()
        _finish(result, running, tables, ledger, Allowance())
    result.figures["script flushes"] = flushes
    result.seconds = time.monotonic() - started
    return result


def worker_kill(
    *,
    clients: int = 24,
    per_game: int = 3,
    games: int = 80,
    kills: int = 8,
    threads: int = 4,
    in_flight: int = 8,
    respawn: float = 1.0,
    tail: float = 2.0,
    max_moves: int | None = None,
    seed: int = 4,
    timeout: float = 240.0,
) -> ScenarioResult:
    """SIGKILL a gunicorn worker ``kills`` times, each when at least ``in_flight`` requests are open;
    every game must then be fully before or fully after each interrupted move."""
    result = ScenarioResult("worker-kill", "A gunicorn worker SIGKILLed mid-request")
    started = time.monotonic()
    ledger, gate, stop = Ledger(), Gate(), threading.Event()
    chooser = random.Random(seed)
    done = 0
    with stack(workers=2, threads=threads) as running:
        tables = create_tables(running.urls[0], running.api_key, games, first_seed=seed * 10_000)
        players = crowd(running.urls, tables, per_game, ledger, CAREFUL, seed, stop, gate, max_moves, clients)
        for player in players:
            player.start()
        service = running.services[0]
        for _ in range(kills):
            ready = _wait_for(
                lambda: len(service.worker_pids()) == 2 and gate.busy >= in_flight, timeout / kills
            )
            if not ready or not any(player.thread.is_alive() for player in players):
                break
            os.kill(chooser.choice(service.worker_pids()), signal.SIGKILL)
            done += 1
            time.sleep(respawn)
        if done < kills:
            ledger.anomaly(f"only {done} of {kills} worker kills happened: the games ended first")
        _stop_after(tail, players, stop, ledger)
        _finish(result, running, tables, ledger, Allowance(lost_connections=True))
    result.figures.update({"worker kills": done, "answers lost": result.statuses.get("no answer", 0)})
    result.seconds = time.monotonic() - started
    return result
