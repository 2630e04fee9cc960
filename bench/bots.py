"""Bots under load: how soon a bot answers a person, and what bots playing cost other games' moves.

``GAMES`` games of a person against a bot of one level are played at once, each by a thread of
its own (``Person``): it moves, notes when the move's 200 came back, and waits on its own stream
for the bot's answering event; the delay is that frame's arrival less the 200. Then it thinks
``THINK_SECONDS`` and moves again (a game that ends is replaced by a new one). The service and
the bots run as production runs them: gunicorn.conf.py's gevent workers, and
``WORKER_PROCESSES`` background workers (``python -m service.worker``) on the same Redis.
The persons play alone first, then beside wrk's moves on other games at 16 connections; the
same wrk run without bots, right before, is the baseline.
"""

from __future__ import annotations

import queue
import random
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass

from harness.games import Game, create_game
from harness.http_client import Client
from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess
from harness.streams import HttpStream, StreamReader
from harness.worker_process import WorkerProcess

GAMES = 20
THINK_SECONDS = 2.0
"""How long a person takes to move once the bot has answered (people take longer: this is brisk)."""
WORKER_PROCESSES = 2
"""Background workers, as deploy/docker-compose.yml runs them."""
BOT_SEAT = 1
ANSWER_PATIENCE = 120.0
"""Seconds a person's stream may stay silent: an expert's answer on a slow, loaded machine may take
longer than a test's hang guard, and is measured, not taken for a hang."""


class Person(threading.Thread):
    """Plays seat 0 of games against a bot until ``stop``; ``delays`` are the bot's answers, in ms."""

    def __init__(self, service: ServiceProcess, level: str, seed: int, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.service, self.level, self.seed, self.stop = service, level, seed, stop
        self.chooser = random.Random(seed)
        self.delays: list[float] = []
        self.unanswered = 0
        """Bot answers still awaited when the run stopped."""
        self.failures: list[str] = []

    def run(self) -> None:
        client = Client(self.service.url)
        try:
            while not self.stop.is_set():
                self.play(client, self.new_game(client))
        except Exception as error:  # the bench reports it instead of hanging on a dead thread
            self.failures.append(f"{type(error).__name__}: {error}")
        finally:
            client.close()

    def new_game(self, client: Client) -> Game:
        self.seed += GAMES  # every person's games have seeds of their own
        seats = ["Person", {"name": "Bot", "bot": self.level}]
        return create_game(client, seats, self.seed, key=self.service.api_key)

    def play(self, client: Client, game: Game) -> None:
        token = game.players[0]
        source = HttpStream(self.service.url, f"{game.url}/stream", bearer(token), timeout=ANSWER_PATIENCE)
        stream = StreamReader(source.chunks())
        try:
            seen = 0
            while not self.stop.is_set():
                view = client.request("GET", game.url, token=token).body
                if view["status"] == "finished":
                    return
                if view["current_player"] != 0:  # the bot moves first in this round
                    seen = self.await_bot(stream, seen, None)
                    continue
                time.sleep(THINK_SECONDS)
                legal = client.request("GET", f"{game.url}/legal-moves?player=0", token=token).body["moves"]
                answer = client.request("POST", f"{game.url}/moves", self.chooser.choice(legal), token=token)
                answered = time.monotonic()
                if answer.status != 200:
                    raise RuntimeError(f"a person's move answered {answer.status}: {answer.raw!r}")
                seen = max(event["seq"] for event in answer.body["events"])
                moved = answer.body["game"]
                if moved["status"] == "playing" and moved["current_player"] == BOT_SEAT:
                    seen = self.await_bot(stream, seen, answered)
        finally:
            stream.close()

    def await_bot(self, stream: StreamReader, seen: int, answered: float | None) -> int:
        """The first frame after event ``seen``: the bot's answer (its delay noted when timed). An
        answer slower than the reader's hang guard is waited for (up to ``ANSWER_PATIENCE``) and
        measured; one still awaited when the run stops is counted ``unanswered``."""
        while True:
            try:
                frame = stream.next()
            except queue.Empty:
                if self.stop.is_set():
                    self.unanswered += 1
                    return seen
                continue
            if frame is None:
                raise RuntimeError("the game's stream ended")
            if frame.id is not None and frame.id > seen:
                if answered is not None and not self.stop.is_set():
                    self.delays.append((time.monotonic() - answered) * 1000)
                return frame.id


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", "Accept": "text/event-stream"}


@dataclass(frozen=True)
class BotRun:
    level: str
    alone: list[float]
    """Delays (ms) while the persons played alone."""
    loaded: list[float]
    """Delays (ms) beside wrk's moves."""
    result: object
    """The wrk run beside the bots (a ``bench.load.LoadResult``)."""
    unanswered: int
    """Bot answers still awaited when the run stopped (each slower than the run had left)."""


def percentile(values: list[float], share: float) -> float:
    ranked = sorted(values)
    return ranked[min(len(ranked) - 1, int(share * len(ranked)))] if ranked else float("nan")


def played_beside(
    redis: RedisServer, service: ServiceProcess, level: str, seconds: float, first_seed: int,
    load: Callable[[], object],
) -> BotRun:  # fmt: skip
    """``GAMES`` persons against ``level`` bots, alone for ``seconds``, then beside ``load()``."""
    stop = threading.Event()
    with ExitStack() as workers:
        for _ in range(WORKER_PROCESSES):
            workers.enter_context(WorkerProcess(redis.url))
        persons = [Person(service, level, first_seed + n, stop) for n in range(GAMES)]
        for person in persons:
            person.start()
        time.sleep(seconds)
        alone = [delay for person in persons for delay in person.delays]
        counted = [len(person.delays) for person in persons]
        result = load()
        stop.set()
        for person in persons:
            person.join(THINK_SECONDS + 30)
    failures = [failure for person in persons for failure in person.failures]
    if failures:
        raise RuntimeError(f"persons failed: {failures[:3]}")
    loaded = [
        delay
        for person, alone_count in zip(persons, counted, strict=True)
        for delay in person.delays[alone_count:]
    ]
    return BotRun(level, alone, loaded, result, sum(person.unanswered for person in persons))
