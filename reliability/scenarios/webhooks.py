"""Webhooks under faults: every acknowledged change delivered at least once, signed, in ``seq`` order
once duplicates are dropped, while the receiver is down, a background worker is SIGKILLed and Redis
is SIGKILLed and restarted (``appendfsync always``: nothing acknowledged may be lost with it).

One webhook is registered for the stack's client, to a real HTTPS receiver on 127.0.0.1 that records
every request. Players make moves on many games (``reliability.players``); meanwhile Redis is
killed and restarted, the receiver answers 500 for ``down`` seconds, and a background worker is
killed and a new one started. Then the scenario waits (with a deadline) until every event of every game's log
(``GET /v1/games/{id}/events``, what the service acknowledged) came in a delivery answered 2xx, and
until no more requests come, and judges what the receiver saw.

"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError

from harness.games import Game
from harness.http_client import Client
from harness.webhook_receiver import ALLOWED_NETWORKS, Answer, Received, WebhookReceiver
from reliability.players import Gate, Style, create_tables, crowd, play
from reliability.results import Ledger, ScenarioResult
from reliability.stack import stack
from reliability.verify import Allowance, conclude, resolve_lost, verify_games

CAREFUL = Style(if_match=1.0, keyed=1.0, twice=0.0, admin_token=0.25)
POLL = 0.05
DRAIN_TIMEOUT = 15.0
ENV = {
    "WEBHOOK_ALLOWED_NETWORKS": ALLOWED_NETWORKS,
    "WEBHOOK_RETRY_SCHEDULE": "0.2,0.5,1,1,2,2,3",
    "WEBHOOK_ATTEMPT_TIMEOUT_SECONDS": "3",
    # A killed worker's claims, leases and doorbells lapse in seconds, not the production defaults'.
    "WORKER_LEASE_SECONDS": "2",
    "WORKER_RECLAIM_SECONDS": "3",
    "WORKER_SWEEP_SECONDS": "5",
}


class Recording(WebhookReceiver):
    """The receiver, keeping with each request the status it answered."""

    def __init__(self) -> None:
        super().__init__()
        self.answered: list[tuple[Received, int]] = []
        self.delivered: set[tuple[str, int]] = set()
        """(game id, version) of every delivery answered 2xx."""

    def _record(self, request: Received) -> Answer:
        answer = super()._record(request)
        with self._changed:
            self.answered.append((request, answer.status))
            if 200 <= answer.status < 300:
                try:
                    data = json.loads(request.body)["data"]
                    self.delivered.add((data["game_id"], data["version"]))
                except (ValueError, KeyError, TypeError):
                    pass
        return answer

    def last_at(self) -> float:
        with self._changed:
            return self.answered[-1][0].received_at if self.answered else 0.0


def _wait_for(condition: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(POLL)
    return True


def _accepted(ledger: Ledger) -> int:
    return sum(exchange.accepted for exchange in ledger.exchanges)


def _register(url: str, key: str, target: str) -> tuple[str, str]:
    client = Client(url)
    try:
        answer = client.request("POST", "/v1/webhooks", {"url": target}, headers={"X-API-Key": key})
    finally:
        client.close()
    if answer.status != 201:
        raise RuntimeError(f"the webhook was not registered: {answer.status} {answer.body}")
    return answer.body["id"], answer.body["secret"]


def _webhook_state(url: str, key: str, webhook_id: str) -> dict[str, Any]:
    client = Client(url)
    try:
        answer = client.request("GET", f"/v1/webhooks/{webhook_id}", headers={"X-API-Key": key})
        deliveries = client.request(
            "GET", f"/v1/webhooks/{webhook_id}/deliveries?limit=100", headers={"X-API-Key": key}
        )
    finally:
        client.close()
    state = dict(answer.body) if isinstance(answer.body, dict) else {"status": answer.status}
    state["deliveries"] = deliveries.body
    return state


def _events(url: str, table: Game) -> list[dict[str, Any]]:
    """The game's whole event log, page by page."""
    client = Client(url)
    events: list[dict[str, Any]] = []
    try:
        after = 0
        while True:
            answer = client.request("GET", f"{table.url}/events?after={after}&limit=500", token=table.admin)
            if answer.status != 200:
                raise RuntimeError(f"events of {table.id}: {answer.status} {answer.body}")
            events += answer.body["events"]
            if answer.body["next_after"] == after or not answer.body["events"]:
                return events
            after = answer.body["next_after"]
    finally:
        client.close()


def webhooks(
    *,
    clients: int = 16,
    per_game: int = 2,
    games: int = 32,
    moves_between_faults: int = 150,
    down: float = 2.0,
    outage: float = 1.0,
    worker_gap: float = 1.0,
    tail: float = 2.0,
    seed: int = 7,
    timeout: float = 240.0,
    settle: float = 90.0,
    quiet: float = 2.0,
) -> ScenarioResult:
    """Play while Redis is SIGKILLed (restarted after ``outage`` s), then the receiver is down for
    ``down`` s, then a worker is SIGKILLed (a new one after ``worker_gap`` s), each fault
    ``moves_between_faults`` accepted moves after the last; ``tail`` s of play after the last; then wait
    up to ``settle`` s for every change to be delivered and ``quiet`` s without a request."""
    result = ScenarioResult("webhooks", "Webhook deliveries through receiver, worker and Redis faults")
    started = time.monotonic()
    ledger, gate, stop = Ledger(), Gate(), threading.Event()
    faults: list[str] = []
    with (
        Recording() as receiver,
        stack(
            appendonly=True, appendfsync="always", env={**ENV, "WEBHOOK_CA_FILE": receiver.ca_file}
        ) as running,
    ):
        webhook_id, secret = _register(running.urls[0], running.api_key, receiver.url())
        tables = create_tables(running.urls[0], running.api_key, games, first_seed=seed * 10_000)
        players = crowd(running.urls, tables, per_game, ledger, CAREFUL, seed, stop, gate, None, clients)
        for player in players:
            player.start()

        def after_moves(fault: int) -> bool:
            goal = (fault + 1) * moves_between_faults
            if _wait_for(lambda: _accepted(ledger) >= goal, timeout):
                return True
            ledger.anomaly(f"fault {fault}: fewer than {goal} moves accepted after {timeout} s")
            return False

        # Redis first, while every game still has moves to play (players are at work when it dies and
        # meet the outage); the receiver's and the worker's faults need no player at work.
        if after_moves(0):
            if not _wait_for(lambda: gate.busy > 0, timeout):
                ledger.anomaly(f"no player at work {timeout} s after the Redis kill was due")
            running.redis.kill()
            time.sleep(outage)
            running.redis.start()
            faults.append("Redis killed")
        if after_moves(1):
            receiver.default = Answer(500)
            time.sleep(down)
            receiver.default = Answer(200)
            faults.append("receiver down")
        if after_moves(2):
            running.workers[0].kill()
            time.sleep(worker_gap)
            running.replace_worker(0)
            faults.append("worker killed")
        time.sleep(tail)
        stop.set()
        if not play(players, DRAIN_TIMEOUT):
            ledger.anomaly(f"players still busy {DRAIN_TIMEOUT} s after being stopped")
        result.figures.update(resolve_lost(running.urls[0], tables, ledger))
        conclude(result, ledger, verify_games(running.urls[0], tables, ledger), Allowance(unavailable=True))
        logs = {table.id: _events(running.urls[0], table) for table in tables}
        wanted = {(table.id, event["seq"]) for table in tables for event in logs[table.id]}
        settled_at = time.monotonic()

        def covered() -> bool:
            return wanted <= _delivered_seqs(receiver)

        if not _wait_for(covered, settle):
            result.anomalies.append(
                f"not every acknowledged change was delivered {settle} s after play ended"
            )
        _wait_for(lambda: time.time() - receiver.last_at() >= quiet, settle)
        result.figures["seconds to deliver the rest"] = round(time.monotonic() - settled_at, 1)
        answered = list(receiver.answered)
        state = _webhook_state(running.urls[0], running.api_key, webhook_id)
        if state.get("disabled"):
            result.anomalies.append(f"the webhook was disabled: {state.get('disabled_reason')}")
        worker_logs = "\n".join(worker.log() for worker in running.workers)
    _judge(result, answered, logs, secret)
    if faults != ["Redis killed", "receiver down", "worker killed"]:
        result.anomalies.append(f"only these faults happened: {faults}")
    if not result.statuses.get("503"):
        result.anomalies.append("no client met the Redis outage (no 503): the scenario tested nothing")
    if result.server_errors > result.statuses.get("503", 0):
        result.anomalies.append("an answer 5xx other than 503 storage_unavailable (see the services' logs)")
    if result.anomalies and "Traceback" in worker_logs:
        result.anomalies.append(f"worker log:\n{worker_logs}")
    result.figures.update({"faults": len(faults)})
    result.seconds = time.monotonic() - started
    return result


def _delivered_seqs(receiver: Recording) -> set[tuple[str, int]]:
    """(game id, seq) of every event in a delivery answered 2xx."""
    seqs: set[tuple[str, int]] = set()
    for request, status in list(receiver.answered):
        if 200 <= status < 300:
            data = json.loads(request.body)["data"]
            seqs.update((data["game_id"], event["seq"]) for event in data["events"])
    return seqs


def _judge(
    result: ScenarioResult,
    answered: list[tuple[Received, int]],
    logs: dict[str, list[dict[str, Any]]],
    secret: str,
) -> None:
    verifier = Webhook(secret)
    bad_signatures = 0
    attempts: Counter[str] = Counter()
    taken: dict[str, dict[str, Any]] = {}
    """Per webhook-id, the body of its delivery answered 2xx."""
    taken_twice = 0
    for request, status in answered:
        delivery = request.headers.get("webhook-id", "")
        attempts[delivery] += 1
        try:
            body = verifier.verify(request.body, request.headers)
        except WebhookVerificationError as error:
            bad_signatures += 1
            if bad_signatures <= 3:
                result.anomalies.append(f"delivery {delivery}: the signature does not verify ({error})")
            continue
        if 200 <= status < 300:
            if delivery in taken:
                taken_twice += 1
                if taken[delivery] != body:
                    result.anomalies.append(f"delivery {delivery} came twice with different bodies")
            taken[delivery] = body
    if bad_signatures > 3:
        result.anomalies.append(f"{bad_signatures} requests in all had a signature that does not verify")
    per_game: dict[str, list[dict[str, Any]]] = {game_id: [] for game_id in logs}
    versions: dict[str, Counter[int]] = {game_id: Counter() for game_id in logs}
    for body in taken.values():
        data = body["data"]
        if data["game_id"] not in per_game:
            result.anomalies.append(f"a delivery for a game not played: {data['game_id']}")
            continue
        per_game[data["game_id"]] += data["events"]
        versions[data["game_id"]][data["version"]] += 1
    lost = misordered = changes = 0
    for game_id, log in logs.items():
        got = per_game[game_id]
        seqs = sorted({event["seq"] for event in got})
        last = log[-1]["seq"] if log else 0
        missing = [event["seq"] for event in log if event["seq"] not in set(seqs)]
        lost += len(missing)
        if missing:
            result.anomalies.append(f"game {game_id}: {len(missing)} acknowledged events never delivered: "
                                    f"seq {missing[:10]}")  # fmt: skip
        if seqs and seqs != list(range(1, seqs[-1] + 1)) or (seqs and seqs[-1] > last):
            misordered += 1
            result.anomalies.append(f"game {game_id}: the delivered events' seqs are not 1..{last} once "
                                    f"duplicates are dropped: {seqs[:5]}...{seqs[-5:]}")  # fmt: skip
        by_seq = {event["seq"]: event for event in log}
        differing = [event["seq"] for event in got if by_seq.get(event["seq"]) != event]
        if differing:
            result.anomalies.append(
                f"game {game_id}: delivered events differ from the log's: {differing[:5]}"
            )
        twice = [version for version, count in versions[game_id].items() if count > 1]
        if twice:
            result.anomalies.append(f"game {game_id}: versions {twice[:5]} came in two different deliveries")
        changes += len(versions[game_id])
    result.moves_lost += lost
    result.figures.update(
        {
            "changes delivered": changes,
            "events delivered": sum(len(log) for log in logs.values()) - lost,
            "requests to the receiver": len(answered),
            "answered 500": sum(1 for _, status in answered if status == 500),
            "deliveries (webhook-ids)": len(attempts),
            "most attempts of one": max(attempts.values(), default=0),
            "duplicates (taken twice)": taken_twice,
            "lost": lost,
            "misordered games": misordered,
            "bad signatures": bad_signatures,
        }
    )
