"""Consent offers racing moves and timeouts under faults (docs/OFFERS.md): timed games of 2 to 4 people,
played by the harness, where seats offer takebacks right after their own move while the others
accept and the next seat moves at the same moment, offer an abort early, an end by agreement, a pause
and its resume; a gunicorn worker, Redis and the background worker are SIGKILLed meanwhile. Every
game is rated, its seats people of a small roster (``offers_ratings``).

The people at the tables are ``offers_table``'s; at the end each game is read at one version
(``offers_final.read_final``) and its log, record and final view are judged by
``offers_judge.judge_game``, and every answer is checked against what the contract allows here;
once the worker has rated the games that finished, their ratings and the pool are judged by
``offers_ratings.judge_ratings``.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from harness.games import Game, create_game
from harness.http_client import Client
from harness.players import SAMPLE_NAMES
from reliability.results import ScenarioResult
from reliability.scenarios.faults import kill_a_gunicorn_worker, redis_outage
from reliability.scenarios.offers_final import MOVE_REFUSALS, check_offer_answers, read_final
from reliability.scenarios.offers_judge import judge_game
from reliability.scenarios.offers_ratings import judge_ratings, rated_between, seated, settle
from reliability.scenarios.offers_replay import OfferVerdict
from reliability.scenarios.offers_table import Run, Table
from reliability.stack import stack
from reliability.verify import Allowance, check_answers

TITLE = "Offers (takeback, abort, agreement, pause) racing moves and timeouts, worker and Redis killed"
ENV = {
    # A killed background worker's claims on deadlines lapse in 2 s, not the production 10 s.
    "WORKER_LEASE_SECONDS": "2",
    "WORKER_RECLAIM_SECONDS": "3",
    "WORKER_SWEEP_SECONDS": "5",
}
TARGET_SCORES = (30, 10_000, 10_000, 10_000)
"""Each game's: a quarter end by their scores early in a run, the others play on to its end (unless
aborted or ended by agreement)."""
POLICY = {
    "kinds": ["takeback", "abort", "agreement", "pause"],
    "cooldown_moves": 1,
    "max_pause_seconds": 3600,
}
"""A pause lasts until a resume: nothing ends one by itself during a run."""
ABSENT_AFTER = 2
DRAIN_TIMEOUT = 15.0
ABORT_SHARE = 0.25
"""Games whose first act is an offer of abort."""


def _tables(
    run: Run,
    games: int,
    rng: random.Random,
    seed: int,
    turn_seconds: tuple[int, ...],
    players_of: dict[str, tuple[str, ...]],
) -> list[Table]:
    """``games`` rated games of 2 to 4 people on a clock of one of ``turn_seconds``, each table's thread
    started as soon as its game is made (its clock runs from then); ``players_of`` gets each game's
    player references, drawn from the roster (by a generator of their own: the tables are the same
    as when they were not rated)."""
    client = Client(run.running.urls[0])
    tables = []
    roster = random.Random(seed + 1)
    try:
        for number in range(games):
            players, target = rng.randint(2, 4), rng.choice(TARGET_SCORES)
            references = seated(roster, players)
            seats = [{"name": name, "player": player}
                     for name, player in zip(SAMPLE_NAMES[:players], references, strict=True)]  # fmt: skip
            clock = {
                "turn_seconds": rng.choice(turn_seconds),
                "absent_after": ABSENT_AFTER,
                "on_timeout": "pass",
            }
            game = create_game(
                client, seats, seed * 10_000 + number, target, key=run.running.api_key,
                extra={"clock": clock, "offers": POLICY, "rated": True},
            )  # fmt: skip
            players_of[game.id] = references
            table = Table(run, game, rng.randrange(2**32), rng.random() < ABORT_SHARE)
            table.thread.start()
            tables.append(table)
    finally:
        client.close()
    return tables


def _fault(run: Run, fault: str, outage: float, rng: random.Random) -> None:
    """A gunicorn worker SIGKILLed (gunicorn starts another); the background worker SIGKILLed and a new
    one started; or Redis SIGKILLed, met by the players for ``outage`` s, then restarted with no
    request in flight."""
    if fault == "worker":
        kill_a_gunicorn_worker(run.running, rng)
    elif fault == "background":
        run.running.replace_worker(0)
    else:
        redis_outage(run.running, run.gate, run.ledger, outage)


def offers(
    *,
    games: int = 32,
    seconds: float = 40.0,
    turn_seconds: tuple[int, ...] = (2, 3),
    faults: tuple[str, ...] = ("worker", "redis", "background", "worker", "redis", "background", "worker"),
    outage: float = 0.5,
    seed: int = 17,
) -> ScenarioResult:
    """``seconds`` of play at ``games`` tables with ``faults`` spread over it (``worker``: a gunicorn
    worker SIGKILLed; ``background``: the background worker SIGKILLed and replaced; ``redis``: Redis
    SIGKILLed and restarted after ``outage`` s); then, once the worker has rated every game that
    finished (``offers_ratings.settle``), every game judged, and the ratings."""
    result = ScenarioResult("offers", TITLE)
    started = time.monotonic()
    rng = random.Random(seed)
    with stack(workers=2, threads=4, appendonly=True, appendfsync="always", env=ENV) as running:
        run = Run(running)
        players_of: dict[str, tuple[str, ...]] = {}
        tables = _tables(run, games, rng, seed, turn_seconds, players_of)
        struck = []
        for fault in faults:
            run.stop.wait(seconds / (len(faults) + 1))
            struck.append(round(time.time() * 1000))
            _fault(run, fault, outage, rng)
        run.stop.wait(seconds / (len(faults) + 1))
        run.stop.set()
        for table in tables:
            table.thread.join(DRAIN_TIMEOUT)
        if any(table.thread.is_alive() for table in tables):
            run.ledger.anomaly(f"tables still busy {DRAIN_TIMEOUT} s after being stopped")
        with running.redis.client() as redis:
            ratings = settle(redis, players_of)
        verdict = OfferVerdict()
        client = Client(running.urls[0])
        try:
            for table in tables:
                _judge(run, client, table.game, verdict)
        finally:
            client.close()
        _conclude(result, run, verdict, len(tables))
        rated = judge_ratings(ratings.games, ratings.pool)
        result.anomalies += rated.findings
        result.figures.update({key: rated.tally[key] for key in sorted(rated.tally)})
        result.figures["rating wait s"] = round(ratings.waited, 1)
        if struck:
            result.figures["games rated from the first fault to the last"] = rated_between(
                ratings.pool, struck[0], struck[-1]
            )
        if result.server_errors > result.statuses.get("503", 0):
            result.anomalies.append(f"server log:\n{running.logs()}")
        if result.anomalies and any("Traceback" in worker.log() for worker in running.workers):
            result.anomalies.append("worker log:\n" + "\n".join(worker.log() for worker in running.workers))
    result.figures["faults"] = dict(Counter(faults))
    result.seconds = time.monotonic() - started
    return result


def _judge(run: Run, client: Client, game: Game, verdict: OfferVerdict) -> None:
    final = read_final(client, game, run.running.api_key)
    assert game.seed is not None and game.target_score is not None  # _tables sends both
    moves = [exchange for exchange in run.ledger.moves_for(game.id) if exchange.kind == "move"]
    judged = judge_game(
        game.names, game.seed, game.target_score, final.log,
        {"version": final.version, "view": final.view, "snapshot": final.snapshot},
        final.record, final.verified, moves, run.asked.get(game.id, []),
    )  # fmt: skip
    verdict.findings += [f"game {game.id}: {finding}" for finding in judged.findings]
    verdict.tally.update(judged.tally)
    ended = final.view.get("end_reason")
    verdict.tally["games still playing" if ended is None else f"games ended: {ended}"] += 1


def _conclude(result: ScenarioResult, run: Run, verdict: OfferVerdict, games: int) -> None:
    result.count(run.ledger)
    exchanges = run.ledger.exchanges
    moves_and_reads = [e for e in exchanges if e.kind in ("move", "snapshot") and e.code not in MOVE_REFUSALS]
    refused = [e for e in exchanges if e.kind == "move" and e.code in MOVE_REFUSALS]
    others = [e for e in exchanges if e.kind not in ("move", "snapshot")]
    allowance = Allowance(unavailable=True, lost_connections=True)
    result.anomalies += check_answers(moves_and_reads, allowance) + check_offer_answers(others + refused)
    result.anomalies += verdict.findings
    tally = verdict.tally
    result.moves_accepted, result.games_checked = tally["moves accepted"], games
    result.moves_lost = sum("lost" in finding for finding in verdict.findings)
    result.figures.update({key: tally[key] for key in sorted(tally) if key != "moves accepted"})
    result.figures["moves refused game_paused"] = sum(e.code == "game_paused" for e in refused)
    result.figures["moves refused time_is_up"] = sum(e.code == "time_is_up" for e in refused)
    result.figures["offer requests by answer"] = dict(
        Counter(f"{e.kind} {e.status_label} {e.code or ''}".strip() for e in others if e.kind != "back")
    )
    made = sum(tally[key] for key in tally if key.endswith(" offers"))
    if not tally["takeback took effect"] or not made:
        result.anomalies.append(f"no takeback took effect ({made} offers made): the scenario tested nothing")
