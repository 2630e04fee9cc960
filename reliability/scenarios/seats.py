"""Seats changing hands under faults (issue 43): the owner hands seats on while their holders move,
claims of one invitation race each other, a gunicorn worker and Redis are SIGKILLed meanwhile.

Each game has one mover (the holder whose turn it is, with the token the run last knew for the
seat, ``If-Match`` and an ``Idempotency-Key``), a replacer hands random seats to new holders, and a
claimer invites to a random seat and sends three claims of it at once. A token the run lost (the
answer to a hand-over or a claim never came) is found out by its 401 and the seat handed again.

What must hold, from each game's record (its seats' holders, by name, each for the versions it
held the seat) and the answers the clients got:
- every move accepted was made by the seat's holder when it was saved: no move was saved under a
  token revoked before it (``from_version < version < until_version`` of its holder);
- nothing acknowledged is lost: the accepted moves are, in order, among the record's moves, and
  every hand-over or claim told 200 starts its holder's span at the version it was told;
- nothing was played twice: the record holds no more moves than were accepted or left unanswered;
- of the claims of one invitation, at most one was told 200 and at most one holder came of them;
- the record verifies (``POST /v1/records/verify``).

Beside the games, a table maker sets up tables (games waiting for their players) with every seat
open and sends three claims of each seat at once, all seats together; after the run, each table,
read by its admin (which deals one whose last claim died before its deal), must be judged right
(``judge_table``): at most one claim of a seat told 200, every claim told 200 seated in the table
by its name, a table whose seats are all held dealt once into a game whose seats are the
claimants' and open to their tokens.
"""

from __future__ import annotations

import http.client
import itertools
import random
import threading
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from harness.games import Game, create_game
from harness.http_client import Client
from harness.players import SAMPLE_NAMES
from reliability.players import Gate, choose, read_snapshot, send
from reliability.results import Exchange, Ledger, ScenarioResult
from reliability.scenarios.faults import kill_a_gunicorn_worker, redis_outage
from reliability.stack import Stack, stack
from reliability.verify import Allowance, check_answers, check_keys

DRAIN_TIMEOUT = 15.0
CLAIMS_AT_ONCE = 3
LONG_GAME = 10_000
"""The target score: no game ends during a run."""
UNANSWERED = (None, 502, 503)
"""An answer that says nothing of what became of the request (no answer, or the store away)."""


@dataclass(frozen=True)
class SeatChange:
    """A hand-over (``hand``) or a claim (``claim``, of invitation number ``invitation``) and its answer."""

    kind: str
    game_id: str
    seat: int
    name: str
    status: int | None
    version: int | None = None
    invitation: int | None = None
    code: str | None = None


@dataclass(frozen=True)
class TableClaim:
    """A claim of a table's open seat and its answer (``token``: the seat's, when told 200)."""

    table_id: str
    seat: int
    name: str
    status: int | None
    token: str | None = None
    code: str | None = None


class Holders:
    """The token the run last knew for each seat, and the holder's name each token was given to."""

    def __init__(self, tables: list[Game]) -> None:
        self._lock = threading.Lock()
        self._current = {
            (table.id, seat): token for table in tables for seat, token in enumerate(table.players)
        }
        self.names = {
            token: name for table in tables for token, name in zip(table.players, table.names, strict=True)
        }

    def token(self, game_id: str, seat: int) -> str:
        with self._lock:
            return self._current[(game_id, seat)]

    def given(self, game_id: str, seat: int, token: str, name: str) -> None:
        with self._lock:
            self._current[(game_id, seat)] = token
            self.names[token] = name


class Run:
    """What the actors of one run share."""

    def __init__(self, running: Stack, tables: list[Game], seed: int) -> None:
        self.running, self.tables = running, tables
        self.holders = Holders(tables)
        self.ledger, self.gate, self.stop = Ledger(), Gate(), threading.Event()
        self.changes: list[SeatChange] = []
        self.table_claims: list[TableClaim] = []
        self.table_admins: dict[str, str] = {}
        """Each table set up, and its admin token."""
        self._lock = threading.Lock()
        self._names = itertools.count(1)
        self._invitations = itertools.count(1)
        self.rng = random.Random(seed)

    def name(self) -> str:
        with self._lock:
            return f"H{next(self._names)}"

    def invitation(self) -> int:
        with self._lock:
            return next(self._invitations)

    def record(self, change: SeatChange) -> None:
        with self._lock:
            self.changes.append(change)

    def set_up(self, table_id: str, admin: str) -> None:
        with self._lock:
            self.table_admins[table_id] = admin

    def record_claim(self, claim: TableClaim) -> None:
        with self._lock:
            self.table_claims.append(claim)

    def hand(self, client: Client, table: Game, seat: int) -> None:
        """The seat handed to a new holder by its owner's key."""
        name = self.name()
        body = {"name": name, "player": f"app:{name}"}
        with self.gate.passage():
            answer = _ask(client, "PUT", f"{table.url}/seats/{seat}/holder", body, None, self.running.api_key)
        self.took(table, seat, name, answer, "hand")

    def took(
        self, table: Game, seat: int, name: str, answer: Any, kind: str, invitation: int | None = None
    ) -> None:
        status = None if answer is None else answer.status
        code = answer.body.get("code") if status and status >= 400 and isinstance(answer.body, dict) else None
        version = None
        if status == 200:
            version = answer.body["game"]["version"]
            self.holders.given(table.id, seat, answer.body["token"], name)
        self.record(SeatChange(kind, table.id, seat, name, status, version, invitation, code))


def _ask(client: Client, method: str, path: str, body: Any, token: str | None, key: str | None = None) -> Any:
    """The answer, or None when the connection failed first."""
    try:
        return client.request(method, path, body, token, {"X-API-Key": key} if key else None)
    except (OSError, http.client.HTTPException):
        return None


def _mover(run: Run, table: Game, seed: int) -> Callable[[], None]:
    def move() -> None:
        client, rng = Client(run.running.urls[0]), random.Random(seed)
        try:
            while not run.stop.is_set():
                with run.gate.passage():
                    read, snapshot = read_snapshot(client, run.ledger, table)
                if snapshot is None or read.version is None:
                    time.sleep(0.05)
                    continue
                if snapshot["status"] == "finished":
                    return
                seat = snapshot["current_player"]
                token = run.holders.token(table.id, seat)
                with run.gate.passage():
                    sent = send(client, run.ledger, "move", table, choose(snapshot, rng), token, read.version,
                                str(uuid.uuid4()))  # fmt: skip
                if sent.status in (401, 403):  # a token the run lost, or one just replaced
                    run.hand(client, table, seat)
                elif sent.status in UNANSWERED:
                    time.sleep(0.05)
        finally:
            client.close()

    return move


def _replacer(run: Run, pause: float) -> None:
    client = Client(run.running.urls[0])
    try:
        while not run.stop.wait(pause):
            table = run.rng.choice(run.tables)
            run.hand(client, table, run.rng.randrange(len(table.players)))
    finally:
        client.close()


def _claimer(run: Run, pause: float) -> None:
    client = Client(run.running.urls[0])
    try:
        while not run.stop.wait(pause):
            table = run.rng.choice(run.tables)
            seat = run.rng.randrange(len(table.players))
            path = f"{table.url}/seats/{seat}/invitation"
            with run.gate.passage():
                made = _ask(client, "POST", path, {"expires_in": 600}, None, run.running.api_key)
            if made is None or made.status != 200:
                continue
            number, token = run.invitation(), made.body["invitation"]["token"]
            claims = [
                threading.Thread(target=_claim, args=(run, table, seat, token, number))
                for _ in range(CLAIMS_AT_ONCE)
            ]
            for claim in claims:
                claim.start()
            for claim in claims:
                claim.join()
    finally:
        client.close()


def _claim(run: Run, table: Game, seat: int, invitation: str, number: int) -> None:
    client, name = Client(run.running.urls[0]), run.name()
    try:
        with run.gate.passage():
            body = {"name": name, "player": f"app:{name}"}
            answer = _ask(client, "POST", f"{table.url}/seats/{seat}/claim", body, invitation)
        run.took(table, seat, name, answer, "claim", number)
    finally:
        client.close()


def _table_maker(run: Run, pause: float) -> None:
    """Tables of 2 to 4 open seats, each seat claimed three times at once, every seat together."""
    client = Client(run.running.urls[0])
    try:
        while not run.stop.wait(pause):
            size = run.rng.randint(2, 4)
            body = {"players": [{"open": True}] * size, "target_score": LONG_GAME, "expires_in": 600}
            with run.gate.passage():
                made = _ask(client, "POST", "/v1/tables", body, None, run.running.api_key)
            if made is None or made.status != 201:
                continue
            table_id = made.body["table"]["table_id"]
            run.set_up(table_id, made.body["tokens"]["admin"])
            claims = [
                threading.Thread(
                    target=_claim_at_table, args=(run, table_id, invitation["seat"], invitation["token"])
                )
                for invitation in made.body["invitations"]
                for _ in range(CLAIMS_AT_ONCE)
            ]
            for claim in claims:
                claim.start()
            for claim in claims:
                claim.join()
    finally:
        client.close()


def _claim_at_table(run: Run, table_id: str, seat: int, invitation: str) -> None:
    client, name = Client(run.running.urls[0]), run.name()
    try:
        with run.gate.passage():
            answer = _ask(
                client, "POST", f"/v1/tables/{table_id}/seats/{seat}/claim", {"name": name}, invitation
            )
        status = None if answer is None else answer.status
        token = answer.body["token"] if status == 200 else None
        code = answer.body.get("code") if status and status >= 400 and isinstance(answer.body, dict) else None
        run.record_claim(TableClaim(table_id, seat, name, status, token, code))
    finally:
        client.close()


def seats(
    *,
    games: int = 8,
    seconds: float = 20.0,
    worker_kills: int = 3,
    redis_kills: int = 1,
    outage: float = 0.5,
    replace_every: float = 0.05,
    claim_every: float = 0.2,
    table_every: float = 0.3,
    seed: int = 7,
) -> ScenarioResult:
    """``seconds`` of play with seats handed on and claimed, ``worker_kills`` gunicorn workers and
    ``redis_kills`` Redis processes SIGKILLed along the way; then every game checked."""
    result = ScenarioResult(
        "seats", "Seats handed on and claimed while moves race them, worker and Redis killed"
    )
    started = time.monotonic()
    # Every actor calls from one address, and a move racing its seat's hand-over is refused as a bad
    # credential would be: the address guard, which would shut them all out after 30, is opened.
    guard = {"AUTH_FAILURES_PER_MINUTE": "1000000"}
    with stack(workers=2, threads=4, appendonly=True, appendfsync="always", env=guard) as running:
        tables = _tables(running, games, seed)
        run = Run(running, tables, seed)
        actors = [
            threading.Thread(target=_mover(run, table, seed + index)) for index, table in enumerate(tables)
        ]
        actors += [threading.Thread(target=_replacer, args=(run, replace_every)),
                   threading.Thread(target=_claimer, args=(run, claim_every)),
                   threading.Thread(target=_table_maker, args=(run, table_every))]  # fmt: skip
        for actor in actors:
            actor.start()
        faults = ["worker"] * worker_kills + ["redis"] * redis_kills
        run.rng.shuffle(faults)
        for fault in faults:
            time.sleep(seconds / (len(faults) + 1))
            _kill(run, fault, outage, result)
        time.sleep(seconds / (len(faults) + 1))
        run.stop.set()
        for actor in actors:
            actor.join(DRAIN_TIMEOUT)
        if any(actor.is_alive() for actor in actors):
            run.ledger.anomaly(f"actors still busy {DRAIN_TIMEOUT} s after being stopped")
        verdict = _verify(run)
        result.count(run.ledger)
        allowance = Allowance(unavailable=True, lost_connections=True, replaced_tokens=True)
        result.anomalies += check_answers(run.ledger.exchanges, allowance) + check_keys(run.ledger.exchanges)
        result.anomalies += verdict.anomalies
        if result.server_errors > result.statuses.get("503", 0):
            result.anomalies.append(f"server log:\n{running.logs()}")
    result.moves_accepted, result.games_checked = verdict.moves, len(tables)
    claims = [change for change in run.changes if change.kind == "claim"]
    result.figures.update({
        "hand-overs told 200": sum(c.status == 200 for c in run.changes if c.kind == "hand"),
        "invitations raced": len({c.invitation for c in claims}),
        "claims told 200": sum(c.status == 200 for c in claims),
        "claims told 409 invitation_used or 410": sum(c.status in (409, 410) for c in claims),
        "seat changes by answer": dict(Counter(_answered(change) for change in run.changes)),
        "tables set up": len(run.table_admins),
        "tables dealt": verdict.tables_dealt,
        "table claims by answer": dict(Counter(_told(claim) for claim in run.table_claims)),
        "worker kills": worker_kills,
        "Redis kills": redis_kills,
        "moves refused as their token was replaced": sum(
            e.status in (401, 403) for e in run.ledger.exchanges if e.is_move
        ),
    })  # fmt: skip
    if not result.figures["claims told 200"] or not result.figures["hand-overs told 200"]:
        result.anomalies.append("no seat changed hands: the scenario tested nothing")
    if not verdict.tables_dealt:
        result.anomalies.append("no table was dealt: its part of the scenario tested nothing")
    result.seconds = time.monotonic() - started
    return result


def _told(claim: TableClaim) -> str:
    return f"{claim.status} {claim.code or ''}".strip()


def _answered(change: SeatChange) -> str:
    return f"{change.kind} {change.status} {change.code or ''}".strip()


def _tables(running: Stack, games: int, seed: int) -> list[Game]:
    """Four-seat games to a target far enough that none ends during the run (a finished game's seats
    no longer change hands)."""
    client = Client(running.urls[0])
    try:
        return [
            create_game(client, SAMPLE_NAMES[:4], seed * 10_000 + index, LONG_GAME, key=running.api_key)
            for index in range(games)
        ]
    finally:
        client.close()


def _kill(run: Run, fault: str, outage: float, result: ScenarioResult) -> None:
    if fault == "worker":
        kill_a_gunicorn_worker(run.running, run.rng)
        time.sleep(outage)
        return
    redis_outage(run.running, run.gate, run.ledger, outage)


@dataclass
class Verdict:
    moves: int = 0
    tables_dealt: int = 0
    anomalies: list[str] = field(default_factory=list)


def _verify(run: Run) -> Verdict:
    verdict = Verdict()
    client = Client(run.running.urls[0])
    try:
        for table in run.tables:
            _verify_game(run, client, table, verdict)
        for table_id, admin in sorted(run.table_admins.items()):
            _verify_table(run, client, table_id, admin, verdict)
    finally:
        client.close()
    return verdict


def _verify_game(run: Run, client: Client, table: Game, verdict: Verdict) -> None:
    name = f"game {table.id}"
    snapshot = client.request("GET", f"{table.url}/snapshot", token=table.admin)
    record = client.request("GET", f"{table.url}/record", token=table.admin)
    if snapshot.status != 200 or record.status != 200:
        verdict.anomalies.append(f"{name}: read for the verdict answered {snapshot.status}, {record.status}")
        return
    checked = client.request(
        "POST", "/v1/records/verify", record.body, headers={"X-API-Key": run.running.api_key}
    )
    if checked.status != 200 or checked.body.get("valid") is not True:
        verdict.anomalies.append(f"{name}: its record does not verify: {checked.raw[:300]!r}")
    moves = [e for e in run.ledger.moves_for(table.id) if e.kind == "move"]
    verdict.moves += sum(e.accepted for e in moves)
    final = int(snapshot.headers["etag"].strip('"'))
    changes = [c for c in run.changes if c.game_id == table.id]
    verdict.anomalies += [
        f"{name}: {finding}" for finding in judge_game(record.body, final, moves, changes, run.holders.names)
    ]


def judge_game(
    record: dict[str, Any],
    final: int,
    moves: list[Exchange],
    changes: list[SeatChange],
    names: dict[str, str],
) -> list[str]:
    """What is wrong with a game, from its ``record`` and ``final`` version, the ``moves`` sent to it
    with their answers, its seat ``changes``, and the holder's name each token was given to."""
    findings: list[str] = []
    holders = [player.get("holders") or [] for player in record["players"]]
    accepted = sorted((e for e in moves if e.accepted), key=lambda e: e.version or 0)
    told: dict[int, int] = defaultdict(int)
    for version in [e.version for e in accepted] + [c.version for c in changes if c.status == 200]:
        assert version is not None
        told[version] += 1
    for version, count in sorted(told.items()):
        if count > 1:
            findings.append(f"{count} changes were each told they made version {version}")
        if version > final:
            findings.append(f"version {version} was acknowledged, the game is at {final}")
    for move in accepted:
        assert move.move is not None
        seat, holder = move.move["player"], names.get(move.token or "")
        if not any(_held(span, holder, move.version or 0) for span in holders[seat]):
            findings.append(
                f"the move saved as version {move.version} was sent by {holder}, who did not hold "
                f"seat {seat} then: {holders[seat]}"
            )
    for change in changes:
        spans = holders[change.seat]
        if change.status == 200 and not any(
            span["name"] == change.name and span["from_version"] == change.version for span in spans
        ):
            findings.append(f"{change.name} was told seat {change.seat} at version {change.version}: {spans}")
    findings += _claimed_twice(holders, changes)
    played = [m["move"] for round_ in record["rounds"] for m in round_["moves"]]
    remaining = iter(played)
    for move in accepted:  # in order, among the record's moves
        if not any(move.move == made for made in remaining):
            findings.append(f"the move acknowledged as version {move.version} is not in the record")
            break
    unanswered = sum(e.status in UNANSWERED for e in moves)
    if len(played) > len(accepted) + unanswered:
        findings.append(
            f"the record holds {len(played)} moves; {len(accepted)} were accepted and {unanswered} "
            "unanswered: one was played twice"
        )
    return findings


def _claimed_twice(holders: list[list[dict[str, Any]]], changes: list[SeatChange]) -> list[str]:
    by_invitation: dict[int, list[SeatChange]] = defaultdict(list)
    for change in changes:
        if change.invitation is not None:
            by_invitation[change.invitation].append(change)
    every_holder = {span["name"] for spans in holders for span in spans}
    findings = []
    for number, claims in sorted(by_invitation.items()):
        won = sum(claim.status == 200 for claim in claims)
        seated = sum(claim.name in every_holder for claim in claims)
        if won > 1 or seated > 1:
            findings.append(
                f"invitation {number} was claimed {won} times by the answers, {seated} by the record"
            )
    return findings


def _held(span: dict[str, Any], holder: str | None, version: int) -> bool:
    until = span["until_version"]
    return span["name"] == holder and span["from_version"] < version and (until is None or version < until)


def _verify_table(run: Run, client: Client, table_id: str, admin: str, verdict: Verdict) -> None:
    read = client.request("GET", f"/v1/tables/{table_id}", token=admin)  # deals a full table not yet dealt
    if read.status != 200:
        verdict.anomalies.append(f"table {table_id}: read for the verdict answered {read.status}")
        return
    claims = [claim for claim in run.table_claims if claim.table_id == table_id]
    game = None
    if read.body["status"] == "dealt":
        verdict.tables_dealt += 1
        found = client.request("GET", f"/v1/games/{table_id}", token=admin)
        game = found.body if found.status == 200 else {"unreadable": found.status}
    opened = {
        claim.seat: client.request("GET", f"/v1/games/{table_id}", token=claim.token).status
        for claim in claims
        if claim.status == 200 and claim.token is not None and game is not None
    }
    verdict.anomalies += [
        f"table {table_id}: {finding}" for finding in judge_table(read.body, game, claims, opened)
    ]


def judge_table(
    table: dict[str, Any], game: dict[str, Any] | None, claims: list[TableClaim], opened: dict[int, int]
) -> list[str]:
    """What is wrong with a table, from its view as its admin reads it at the end, its ``game`` (the
    admin's view; None while it is not dealt), the ``claims`` sent with their answers, and what each
    seat's token told 200 was answered when it read the game (``opened``)."""
    findings: list[str] = []
    seats = table["seats"]
    for seat in seats:
        won = [claim for claim in claims if claim.seat == seat["seat"] and claim.status == 200]
        if len(won) > 1:
            findings.append(f"seat {seat['seat']} was claimed {len(won)} times by the answers")
        for claim in won:
            if seat["state"] != "held" or seat["name"] != claim.name:
                findings.append(f"{claim.name} was told seat {seat['seat']}, which the table shows {seat}")
    full = all(seat["state"] != "open" for seat in seats)
    if full != (table["status"] == "dealt"):
        findings.append(f"a table with every seat held is dealt, and no other: {table['status']}, {seats}")
    if game is None:
        return findings
    if "unreadable" in game or game.get("version") is None:
        return [*findings, f"the dealt game does not open to its admin: {game}"]
    names = [player["name"] for player in game["players"]]
    if names != [seat["name"] for seat in seats]:
        findings.append(f"the game's seats {names} are not the table's {[seat['name'] for seat in seats]}")
    findings += [
        f"seat {seat}'s token, told 200, opens the game with {status}"
        for seat, status in opened.items()
        if status != 200
    ]
    return findings
