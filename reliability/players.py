"""HTTP players: each reads a game's admin snapshot, picks a legal move with the engine, and sends it.

Many players share one game, so most of their moves race each other: that is the point.
A ``Style`` says how a crowd sends its moves (with ``If-Match`` or not, with an
``Idempotency-Key`` or not, and how often a keyed move is sent twice, in a row or at
once). Every request and its answer goes to the ``Ledger``; nothing is judged here
beyond what a player must know to carry on.
"""

from __future__ import annotations

import contextlib
import http.client
import random
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from harness.games import Game, create_game
from harness.http_client import Client
from harness.players import SAMPLE_NAMES
from reliability.results import Exchange, Ledger
from service.rules import Action, from_snapshot, legal_moves

TARGET_SCORE = 100
PAUSE_AFTER_UNAVAILABLE = 0.05
"""Seconds a player waits after a 503 or a lost connection (kept short: outages are brief here)."""
IN_FLIGHT = "idempotency_key_in_flight"
IN_FLIGHT_RETRIES = 40
IN_FLIGHT_PAUSE = 0.05


def create_tables(base_url: str, key: str, count: int, first_seed: int, players: int = 4) -> list[Game]:
    """``count`` games of ``players`` seats, seeds ``first_seed`` onwards, to the run's target score,
    created with the client key ``key``."""
    client = Client(base_url)
    try:
        return [
            create_game(client, SAMPLE_NAMES[:players], seed, TARGET_SCORE, key=key)
            for seed in range(first_seed, first_seed + count)
        ]
    finally:
        client.close()


class Gate:
    """Lets players send while open; ``close`` + ``drain`` = no request in flight, none starting."""

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._open = True
        self._busy = 0

    @contextlib.contextmanager
    def passage(self) -> Iterator[None]:
        with self._condition:
            while not self._open:
                self._condition.wait(0.1)
            self._busy += 1
        try:
            yield
        finally:
            with self._condition:
                self._busy -= 1
                self._condition.notify_all()

    @property
    def busy(self) -> int:
        """Requests in flight right now."""
        return self._busy

    def close(self) -> None:
        with self._condition:
            self._open = False

    def open(self) -> None:
        with self._condition:
            self._open = True
            self._condition.notify_all()

    def drain(self, timeout: float) -> bool:
        """Wait until no request is in flight; False if some still were after ``timeout``."""
        deadline = time.monotonic() + timeout
        with self._condition:
            while self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._condition.wait(left)
        return True


@dataclass(frozen=True)
class Style:
    """How a crowd sends its moves; each share is a probability per move."""

    if_match: float = 0.5
    keyed: float = 0.5
    twice: float = 0.0
    """Of keyed moves: sent a second time with the same key and body."""
    at_once: float = 0.5
    """Of moves sent twice: the second copy goes at the same time (to another instance)."""
    admin_token: float = 0.25
    """Moves sent with the admin token instead of the seat's own."""


def send(
    client: Client,
    ledger: Ledger,
    kind: str,
    table: Game,
    move: dict[str, Any],
    token: str,
    if_match: int | None,
    key: str | None,
) -> Exchange:
    headers = {}
    if if_match is not None:
        headers["If-Match"] = f'"{if_match}"'
    if key is not None:
        headers["Idempotency-Key"] = key
    sent = {"kind": kind, "game_id": table.id, "move": move, "if_match": if_match, "key": key, "token": token}
    try:
        answer = client.request("POST", f"{table.url}/moves", move, token, headers)
    except (OSError, http.client.HTTPException) as error:
        return ledger.add(Exchange(status=None, error=f"{type(error).__name__}: {error}", **sent))
    return ledger.add(exchange_of(answer, sent))


def exchange_of(answer: Any, sent: dict[str, Any], keep_body: bool = True) -> Exchange:
    body = answer.body if isinstance(answer.body, dict) else None
    version = None
    if answer.status == 200 and body is not None:
        game = body.get("game") if sent["kind"] != "snapshot" else None
        version = game.get("version") if isinstance(game, dict) else etag_version(answer.headers)
    return Exchange(
        status=answer.status,
        code=body.get("code") if body and answer.status >= 400 else None,
        replayed=answer.headers.get("idempotent-replayed") == "true",
        version=version,
        content_type=answer.headers.get("content-type", ""),
        raw=answer.raw if keep_body else b"",
        retry_after=answer.headers.get("retry-after"),
        body=body if keep_body else None,
        **sent,
    )


def etag_version(headers: dict[str, str]) -> int | None:
    tag = headers.get("etag", "").strip('"')
    return int(tag) if tag.isdigit() else None


def read_snapshot(client: Client, ledger: Ledger, table: Game) -> tuple[Exchange, dict[str, Any] | None]:
    """The admin snapshot and its version; the ledger keeps the answer without the document."""
    sent = {"kind": "snapshot", "game_id": table.id}
    try:
        answer = client.request("GET", f"{table.url}/snapshot", token=table.admin)
    except (OSError, http.client.HTTPException) as error:
        return ledger.add(Exchange(status=None, error=f"{type(error).__name__}: {error}", **sent)), None
    exchange = ledger.add(exchange_of(answer, sent, keep_body=answer.status != 200))
    return exchange, answer.body if answer.status == 200 else None


def choose(snapshot: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal move for the seat to play: a placing one when there is one (a pass is a last resort)."""
    state = from_snapshot(snapshot, verify=False)
    moves = legal_moves(state, state.current_player)
    placing = [move for move in moves if move.action is not Action.PASS]
    return (rng.choice(placing) if placing else moves[-1]).to_json()


class Player:
    """One client thread: plays its games one after the other, each until it ends or reaches the
    move cap, or until ``stop`` is set."""

    def __init__(
        self,
        urls: Sequence[str],
        tables: Sequence[Game],
        ledger: Ledger,
        style: Style,
        seed: int,
        stop: threading.Event,
        gate: Gate | None = None,
        max_moves: int | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        shuffled = self.rng.sample(list(urls), len(urls))
        self.client = Client(shuffled[0])
        self.second = Client(shuffled[-1])
        """For the copy of a move sent twice: the other instance when there are two."""
        self.tables, self.ledger, self.style = list(tables), ledger, style
        self.table = self.tables[0]
        self.stop, self.gate, self.max_moves = stop, gate or Gate(), max_moves
        self.thread = threading.Thread(target=self._run, name="player", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def join(self, timeout: float | None = None) -> None:
        self.thread.join(timeout)

    def _run(self) -> None:
        try:
            for table in self.tables:
                self.table = table
                while not self.stop.is_set() and self._turn():
                    pass
        except Exception as error:  # a player's own bug must show up, not vanish with its thread
            self.ledger.anomaly(f"player of {self.table.id} crashed: {type(error).__name__}: {error}")
        finally:
            self.client.close()
            self.second.close()

    def _turn(self) -> bool:
        """Read the game and send one move; False once the game needs no more moves."""
        with self.gate.passage():
            seen, snapshot = read_snapshot(self.client, self.ledger, self.table)
        if snapshot is None or seen.version is None:
            time.sleep(PAUSE_AFTER_UNAVAILABLE)
            return True
        if snapshot["status"] == "finished":
            return False
        if self.max_moves is not None and seen.version - 1 >= self.max_moves:
            return False
        move = choose(snapshot, self.rng)
        token = (
            self.table.admin
            if self.rng.random() < self.style.admin_token
            else self.table.players[move["player"]]
        )
        if_match = seen.version if self.rng.random() < self.style.if_match else None
        key = uuid.uuid4().hex if self.rng.random() < self.style.keyed else None
        if key is not None and self.rng.random() < self.style.twice:
            self._send_twice(move, token, if_match, key, at_once=self.rng.random() < self.style.at_once)
        else:
            with self.gate.passage():
                first = send(self.client, self.ledger, "move", self.table, move, token, if_match, key)
            if first.status in (None, 503):
                time.sleep(PAUSE_AFTER_UNAVAILABLE)
        return True

    def _send_twice(
        self, move: dict[str, Any], token: str, if_match: int | None, key: str, at_once: bool
    ) -> None:
        """The same key and body twice; a 409 in flight is retried until the first answer replays."""
        other = self.second
        answers: list[Exchange] = []

        def again() -> None:
            answers.append(send(other, self.ledger, "retry", self.table, move, token, if_match, key))

        with self.gate.passage():
            if at_once:
                copy = threading.Thread(target=again)
                copy.start()
                answers.append(send(self.client, self.ledger, "move", self.table, move, token, if_match, key))
                copy.join()
            else:
                answers.append(send(self.client, self.ledger, "move", self.table, move, token, if_match, key))
                again()
            if not any(answer.code == IN_FLIGHT for answer in answers):
                return
            for _ in range(IN_FLIGHT_RETRIES):
                time.sleep(IN_FLIGHT_PAUSE)
                again()
                if answers[-1].code != IN_FLIGHT:
                    return


def crowd(
    urls: Sequence[str],
    tables: Sequence[Game],
    per_game: int,
    ledger: Ledger,
    style: Style,
    seed: int,
    stop: threading.Event,
    gate: Gate | None = None,
    max_moves: int | None = None,
    clients: int = 0,
) -> list[Player]:
    """``clients`` players in lanes of ``per_game``: a lane's players play its games together, one after
    the other (lane ``n`` gets every ``lanes``-th game), so that every game has ``per_game`` players."""
    lanes = max(1, min(clients // per_game, len(tables)))
    return [
        Player(
            urls,
            tables[lane::lanes],
            ledger,
            style,
            seed * 100_000 + lane * per_game + seat,
            stop,
            gate,
            max_moves,
        )
        for lane in range(lanes)
        for seat in range(per_game)
    ]


def play(players: Sequence[Player], timeout: float) -> bool:
    """Start every player not yet started and wait for all; False if some still play at ``timeout``."""
    for player in players:
        if player.thread.ident is None:
            player.start()
    deadline = time.monotonic() + timeout
    for player in players:
        player.join(max(0.0, deadline - time.monotonic()))
    return not any(player.thread.is_alive() for player in players)
