"""The other tenants of the scenario ``tenants``: a client app in a process of its own, sending from
several connections as fast as answers come back (the flooder), or its quota evenly (the neighbour)."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from harness.http_client import Answer, Client

EDGE = "at the edge"
"""How a 429 of nginx's is tallied: ``rate_limited`` without ``RateLimit-Policy``, which the service's
``rate_limited`` always carries."""


class Stopping(Exception):
    """The flood is over: a flooder connection leaves its loop."""


class Flood:
    """The flooder: a process of its own (so that its threads share no interpreter with the
    honest client's), ``connections`` threads each sending as fast as answers come back, or
    one request every ``pace`` seconds. It starts paused; ``resume`` and ``pause`` bound each
    phase of the flood, whose start and end (``time.time()``, the clock the limits' windows
    follow) ``phases`` keeps."""

    def __init__(
        self, url: str, key: str, connections: int, pace: float = 0.0, *, steady: bool = False
    ) -> None:
        self.url, self.key, self.connections, self.pace, self.steady = url, key, connections, pace, steady
        self.phases: list[tuple[float, float]] = []
        self._stop = multiprocessing.Event()
        self._flooding = multiprocessing.Event()
        self._go = multiprocessing.Event()
        self._waiting = multiprocessing.Semaphore(0)
        """Released by each connection as it stops to wait, with no request in flight."""
        self._answers: multiprocessing.Queue[Counter[tuple[str, int]]] = multiprocessing.Queue()
        self._process = multiprocessing.Process(target=self._run, daemon=True)
        self._began = 0.0

    @property
    def pid(self) -> int:
        return self._process.pid or 0

    def start(self) -> None:
        """Returns once every connection waits for the first ``resume``."""
        self._process.start()
        self._until_all_wait()

    def resume(self) -> None:
        """Returns once the flood has its first answers: the honest client never plays before it."""
        self._flooding.clear()
        self._began = time.time()
        self._go.set()
        if not self._flooding.wait(timeout=30):
            raise RuntimeError("the flooder got no answer in 30 s")

    def pause(self) -> None:
        """Returns once no request of the flood is in flight."""
        self._go.clear()
        self._until_all_wait()
        self.phases.append((self._began, time.time()))

    def stop(self) -> Counter[tuple[str, int]]:
        self._stop.set()
        self._go.set()
        answers = self._answers.get(timeout=30)
        self._process.join(timeout=30)
        return answers

    def _until_all_wait(self) -> None:
        for _ in range(self.connections):
            if not self._waiting.acquire(timeout=30):
                raise RuntimeError("a flooder connection did not stop in 30 s")

    def _run(self) -> None:
        # The flooder stands for another company's machine: on this one its own client CPU
        # would be taken from the honest client's measurements, not from the service's.
        os.nice(10)
        counted: Counter[tuple[str, int]] = Counter()
        lock = threading.Lock()
        threads = [
            threading.Thread(target=self._flood, args=(n, counted, lock)) for n in range(self.connections)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self._answers.put(counted)

    def _flood(self, number: int, counted: Counter[tuple[str, int]], lock: threading.Lock) -> None:
        client = Client(self.url)
        mine: list[dict[str, Any]] = []
        due = [0.0]
        """When this connection's next request is due, with a ``pace``."""

        def send(kind: str, method: str, path: str, body: dict[str, Any], token: str | None) -> Answer:
            """One request, its answer counted as soon as it comes (a burst cut by ``pause`` or
            ``stop`` keeps what it was answered)."""
            headers = None if token else {"X-API-Key": self.key}
            answer = self._send(client, method, path, body, token, headers, due)
            problem = answer.body if answer.status == 429 and isinstance(answer.body, dict) else {}
            refused = problem.get("code")
            if refused == "rate_limited" and "ratelimit-policy" not in answer.headers:
                refused = f"{refused} {EDGE}"
            with lock:  # a 429 says which limit: its rate, or its in-flight cap (concurrency_limited)
                counted[(f"{kind} {refused}" if refused else kind, answer.status)] += 1
            return answer

        try:
            while True:
                self._burst(send, mine, number)
        except Stopping:
            pass
        finally:
            client.close()

    def _burst(self, send: Callable[..., Answer], mine: list[dict[str, Any]], number: int) -> None:
        """A creation, a move in one of its games (a pass: legal for the seat to play), an adjudication.
        ``steady`` (the neighbour): one game per connection, made once; then a move in it, a read
        of it and an adjudication, within every quota."""
        if not self.steady or not mine:
            created = send("create", "POST", "/v1/games", {"players": ["X", "Y"], "seed": number}, None)
            if created.status == 201:
                mine.append(created.body)
        if self.steady and mine:
            game = mine[-1]
            send("read", "GET", f"/v1/games/{game['game']['id']}", None, game["tokens"]["admin"])
        if mine:
            game = mine[-1]
            seat = game["game"]["current_player"]
            path = f"/v1/games/{game['game']['id']}/moves"
            send("move", "POST", path, {"player": seat, "action": "pass"}, game["tokens"]["admin"])
        send("adjudicate", "POST", "/v1/adjudicate", {"snapshot": {}, "move": {}}, None)

    def _send(
        self,
        client: Client,
        method: str,
        path: str,
        body: dict[str, Any],
        token: str | None,
        headers: dict[str, str] | None,
        due: list[float],
    ) -> Answer:
        """With a ``pace``, requests keep to a schedule (``due``): one every ``pace`` seconds on
        average, a late one followed by the next sooner (at most 4 behind), so that a process
        that the machine holds back still sends its rate."""
        if not self._go.is_set():
            self._waiting.release()
            self._go.wait()
            due[0] = time.monotonic()
        if self._stop.is_set():
            raise Stopping
        due[0] = max(due[0], time.monotonic() - 4 * self.pace)
        answer = client.request(method, path, body, token, headers=headers)
        self._flooding.set()
        if self.pace:
            due[0] += self.pace
            time.sleep(max(0.0, due[0] - time.monotonic()))
        return answer
