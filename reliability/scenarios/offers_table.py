"""The people at the offers scenario's tables (docs/OFFERS.md): one thread sits at each game
(``Table``) and plays every seat with its own token (or the admin token naming the seat): it reads
the game, answers an offer left open, resumes a pause, says an absent seat is back, offers, or plays
the turn: at once, or not at all (the turn times out). A race is the requests of several seats sent
at once from threads of their own (``Table._race``): the other seats' answers to an offer and the
next seat's move, or the last answer sent at the turn's deadline, racing the worker's timeout. Every
request and its answer is kept in the run's ledger, and every offer's request in ``Run.asked``.
"""

from __future__ import annotations

import http.client
import random
import threading
import time
import uuid
from dataclasses import dataclass
from typing import Any

from harness.games import Game
from harness.http_client import Client
from reliability.players import Gate, choose, exchange_of, read_snapshot, send
from reliability.results import Exchange, Ledger
from reliability.scenarios.clocks import epoch_ms
from reliability.scenarios.offers_judge import Asked
from reliability.stack import Stack

PAUSE = 0.1
"""After a 503 or a lost connection."""
THINK = 0.15
"""A person's move comes up to this long after their turn begins."""
SILENT_SHARE = 0.08
"""Turns a seat lets time out."""
TAKEBACK_SHARE = 0.35
"""Moves followed at once by their seat's takeback offer."""
AGREEMENT_SHARE = 0.006
PAUSE_SHARE = 0.03
DECLINE_SHARE = 0.15
"""Offers one of the other seats declines."""
IF_MATCH_SHARE = 0.7
ADMIN_SHARE = 0.2
"""Offers and answers sent with the admin token naming the seat, not the seat's own."""


class Run:
    """What the tables of one run share: the stack, the ledger, the gate faults close, the offers asked."""

    def __init__(self, running: Stack) -> None:
        self.running = running
        self.ledger, self.gate, self.stop = Ledger(), Gate(), threading.Event()
        self._lock = threading.Lock()
        self.asked: dict[str, list[Asked]] = {}

    def request(
        self, client: Client, kind: str, game: Game, method: str, path: str, body: Any, token: str
    ) -> Exchange:
        """One request through the gate, kept in the ledger (``status`` None: no answer came)."""
        sent = {"kind": kind, "game_id": game.id, "token": token}
        with self.gate.passage():
            try:
                answer = client.request(method, path, body, token)
            except (OSError, http.client.HTTPException) as error:
                return self.ledger.add(
                    Exchange(status=None, error=f"{type(error).__name__}: {error}", **sent)
                )
        return self.ledger.add(exchange_of(answer, sent))

    def ask(self, game: Game, asked: Asked) -> None:
        with self._lock:
            self.asked.setdefault(game.id, []).append(asked)


@dataclass(frozen=True)
class Answer:
    """A seat's answer to an offer in a race: ``accept`` or not, sent ``at`` (epoch s; None: at once)."""

    seat: int
    accept: bool
    at: float | None = None


class Table:
    """One thread at one game, playing all of its seats."""

    def __init__(self, run: Run, game: Game, seed: int, abort_first: bool) -> None:
        self.run, self.game, self.rng = run, game, random.Random(seed)
        self.seats = len(game.players)
        self.abort_first = abort_first
        self.thread = threading.Thread(target=self._play, name=f"table-{game.id}", daemon=True)

    def _play(self) -> None:
        client = Client(self.run.running.urls[0])
        try:
            if self.abort_first:
                self._offer(client, "abort", self.rng.randrange(self.seats), race_move=True)
            while not self.run.stop.is_set() and self._step(client):
                pass
        except Exception as error:  # a table's own bug must show up, not vanish with its thread
            self.run.ledger.anomaly(f"the table of {self.game.id} crashed: {type(error).__name__}: {error}")
            raise
        finally:
            client.close()

    def _step(self, client: Client) -> bool:
        """One thing done at the table; False once the game is over."""
        view = self._view(client)
        if view is None:
            self.run.stop.wait(PAUSE)
            return True
        if view["status"] != "playing":
            return False
        if view.get("offer"):
            self._answer_open(view["offer"])
            return True
        if view.get("paused_until"):
            self._paused(client, view)
            return True
        absent = [player["seat"] for player in view["players"] if player["absent"]]
        if absent and self.rng.random() < 0.5:
            seat = self.rng.choice(absent)
            self.run.request(client, "back", self.game, "POST", f"{self.game.url}/seats/{seat}/back", None,
                             self.game.players[seat])  # fmt: skip
            return True
        roll, seat = self.rng.random(), view["current_player"]
        if roll < AGREEMENT_SHARE:
            self._offer(client, "agreement", self.rng.randrange(self.seats), race_move=True)
        elif roll < AGREEMENT_SHARE + PAUSE_SHARE:
            self._offer(client, "pause", self.rng.randrange(self.seats), race_move=True)
        elif view["players"][seat]["absent"]:
            self.run.stop.wait(0.05)  # the service plays an absent seat's turn at once
        elif roll < AGREEMENT_SHARE + PAUSE_SHARE + SILENT_SHARE:
            self._silent_turn(client, view)
        else:
            self._turn(client)
        return True

    def _view(self, client: Client) -> dict[str, Any] | None:
        read = self.run.request(client, "snapshot", self.game, "GET", self.game.url, None, self.game.admin)
        return read.body if read.status == 200 and isinstance(read.body, dict) else None

    def _turn(self, client: Client) -> None:
        """The seat to play moves after a moment; then, now and then, offers to take it back."""
        chosen = self._chosen(client)
        if chosen is None:
            return
        seat, move, version = chosen
        self.run.stop.wait(self.rng.uniform(0, THINK))
        moved = self._move(client, seat, move, version)
        if moved.status == 200 and self.rng.random() < TAKEBACK_SHARE:
            self._offer(client, "takeback", seat, race_move=True)

    def _chosen(self, client: Client) -> tuple[int, dict[str, Any], int] | None:
        """The seat to play, a legal move of theirs, and the version it was chosen at."""
        with self.run.gate.passage():
            read, snapshot = read_snapshot(client, self.run.ledger, self.game)
        if snapshot is None or read.version is None or snapshot["status"] != "playing":
            self.run.stop.wait(PAUSE if snapshot is None else 0)
            return None
        return snapshot["current_player"], choose(snapshot, self.rng), read.version

    def _move(self, client: Client, seat: int, move: dict[str, Any], version: int) -> Exchange:
        if_match = version if self.rng.random() < IF_MATCH_SHARE else None
        with self.run.gate.passage():
            return send(client, self.run.ledger, "move", self.game, move, self.game.players[seat], if_match,
                        uuid.uuid4().hex)  # fmt: skip

    def _silent_turn(self, client: Client, view: dict[str, Any]) -> None:
        """The seat to play lets its turn time out; half the time the seat before it offers to take its
        move back, the last acceptance sent at the deadline, racing the timeout."""
        deadline = epoch_ms(view["clock"]["deadline"]) / 1000 if view.get("clock") else time.time()
        if self.rng.random() < 0.5:
            before = (view["current_player"] - 1) % self.seats
            self._offer(client, "takeback", before, race_move=False, last_at=deadline)
        self.run.stop.wait(max(0.0, deadline - time.time()) + self.rng.uniform(0.0, 0.1))

    def _paused(self, client: Client, view: dict[str, Any]) -> None:
        """A paused game: a move tried (refused, game_paused), a moment, then a resume offered, racing a
        move."""
        if self.rng.random() < 0.5:
            chosen = self._chosen(client)
            if chosen is not None:
                self._move(client, *chosen)
        self.run.stop.wait(self.rng.uniform(0.05, 0.5))
        self._offer(client, "resume", self.rng.randrange(self.seats), race_move=True)

    def _offer(
        self, client: Client, kind: str, proposer: int, race_move: bool, last_at: float | None = None
    ) -> None:
        """``proposer``'s offer of ``kind``; if it opens, the other seats' answers sent at once (one of them
        a decline now and then), with the seat to play's move among them when ``race_move``."""
        chosen = self._chosen(client) if race_move else None
        made = self._ask(client, "make", proposer, kind=kind)
        offer = made.offer
        if offer is None or offer.get("state") != "open":
            return
        # The move chosen before the offer, sent (mostly with If-Match) at the version the offer made.
        racer = None if chosen is None else (chosen[0], chosen[1], made.exchange.version or chosen[2])
        others = [seat for seat in offer.get("waiting", [])]
        decliner = self.rng.choice(others) if others and self.rng.random() < DECLINE_SHARE else None
        answers = [Answer(seat, seat != decliner) for seat in others]
        self.rng.shuffle(answers)
        if last_at is not None and answers:
            answers[-1] = Answer(
                answers[-1].seat, answers[-1].accept, last_at + self.rng.uniform(-0.03, 0.02)
            )
        self._race(offer["id"], answers, racer)

    def _answer_open(self, offer: dict[str, Any]) -> None:
        """An offer left open (its answers lost, or sent before a fault): the seats it waits for answer."""
        answers = [Answer(seat, self.rng.random() > DECLINE_SHARE) for seat in offer.get("waiting", [])]
        self._race(offer["id"], answers, None)

    def _race(
        self, offer_id: int, answers: list[Answer], racer: tuple[int, dict[str, Any], int] | None
    ) -> None:
        """Every answer (and the racer's move) from a thread of its own, all at once."""

        def answer(one: Answer) -> None:
            if one.at is not None:
                self.run.stop.wait(max(0.0, one.at - time.time()))
            own = Client(self.run.running.urls[0])
            try:
                self._ask(own, "accept" if one.accept else "decline", one.seat, offer_id=offer_id)
            finally:
                own.close()

        def move() -> None:
            assert racer is not None
            own = Client(self.run.running.urls[0])
            try:
                self._move(own, *racer)
            finally:
                own.close()

        threads = [threading.Thread(target=answer, args=(one,)) for one in answers]
        if racer is not None:
            threads.append(threading.Thread(target=move))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    def _ask(
        self, client: Client, action: str, seat: int, kind: str | None = None, offer_id: int | None = None
    ) -> Asked:
        """An offer made (``make``) or answered for ``seat``, with the seat's token or the admin's."""
        admin = self.rng.random() < ADMIN_SHARE
        body: dict[str, Any] = {"kind": kind} if action == "make" else {}
        if admin or self.rng.random() < 0.3:
            body["seat"] = seat
        path = (
            f"{self.game.url}/offers" if action == "make" else f"{self.game.url}/offers/{offer_id}/{action}"
        )
        token = self.game.admin if admin else self.game.players[seat]
        exchange = self.run.request(client, f"offer {action}", self.game, "POST", path, body or None, token)
        asked = Asked(action, seat, exchange, kind, offer_id)
        self.run.ask(self.game, asked)
        return asked
