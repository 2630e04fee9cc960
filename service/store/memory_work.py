"""The worker's work in the embedded store: the same contract as on Redis, in this process's memory."""

from __future__ import annotations

import itertools
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence

from service.store.work import WorkItem


class MemoryWork:
    """The WorkStore's methods; ``_lock`` is the store's one lock."""

    _lock: threading.RLock
    clock: Callable[[], float]

    def __init__(self) -> None:
        self._outboxes: dict[str, list[tuple[str, str]]] = {}
        self._queue: deque[WorkItem] = deque()
        self._taken: dict[str, tuple[WorkItem, str, float]] = {}
        """Item id -> (the item, its worker, when taken: on the monotonic clock)."""
        self._leases: dict[str, tuple[str, float]] = {}
        self._answers: dict[str, str] = {}
        self._sweep_due = 0.0
        """When the next sweep is anyone's to do (monotonic)."""
        self._ids = itertools.count(1)
        self._rung = threading.Condition(self._lock)
        self._deadlines: dict[str, int] = {}
        """Game id -> its turn's deadline (epoch ms), or a claim's score."""

    def _index(self, game_id: str, deadline: int | None) -> None:
        """Under the lock, with the change that starts the turn: the game's deadline, or none."""
        if deadline is None:
            self._deadlines.pop(game_id, None)
        else:
            self._deadlines[game_id] = deadline

    def _post(self, game_id: str, entries: Sequence[str]) -> None:
        """Under the lock, with the change that leaves them: entries in the game's outbox, a doorbell."""
        if not entries:
            return
        outbox = self._outboxes.setdefault(game_id, [])
        outbox += [(str(next(self._ids)), entry) for entry in entries]
        self.ring(game_id)

    def ring(self, game_id: str) -> None:
        with self._lock:
            self._queue.append(WorkItem(str(next(self._ids)), game_id))
            self._rung.notify_all()

    def ask(self, job: str) -> None:
        with self._lock:
            self._queue.append(WorkItem(str(next(self._ids)), "", job))
            self._rung.notify_all()

    def answer(self, reply: str, text: str) -> None:
        with self._lock:
            self._answers[reply] = text
            self._rung.notify_all()

    def await_answer(self, reply: str, wait: float) -> str | None:
        deadline = time.monotonic() + wait
        with self._lock:
            while reply not in self._answers:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._rung.wait(left)
            return self._answers.pop(reply)

    def take_work(self, worker: str, count: int, wait: float) -> list[WorkItem]:
        deadline = time.monotonic() + wait
        with self._lock:
            while not self._queue:
                left = deadline - time.monotonic()
                if left <= 0 or not self._rung.wait(left):
                    return []
            taken = [self._queue.popleft() for _ in range(min(count, len(self._queue)))]
            for item in taken:
                self._taken[item.id] = (item, worker, time.monotonic())
            return taken

    def take_abandoned_work(self, worker: str, idle: float, count: int) -> list[WorkItem]:
        now = time.monotonic()
        with self._lock:
            stale = [item for item, _, since in self._taken.values() if now - since >= idle][:count]
            for item in stale:
                self._taken[item.id] = (item, worker, now)
            return stale

    def finish_work(self, items: Sequence[WorkItem]) -> None:
        with self._lock:
            for item in items:
                self._taken.pop(item.id, None)

    def take_outboxes(
        self, game_ids: Sequence[str], worker: str, seconds: float, count: int
    ) -> dict[str, list[tuple[str, str]]]:
        taken = {}
        with self._lock:
            for game_id in game_ids:
                held = self._leases.get(game_id)
                if held is not None and held[1] > time.monotonic() and held[0] != worker:
                    continue
                self._leases[game_id] = (worker, time.monotonic() + seconds)
                taken[game_id] = self.outbox(game_id, count)
        return taken

    def release_outboxes(self, worker: str, handled: Mapping[str, Sequence[str]]) -> list[str]:
        left = []
        with self._lock:
            for game_id, entries in handled.items():
                cleared = set(entries)
                kept = [entry for entry in self._outboxes.get(game_id, []) if entry[0] not in cleared]
                if kept:
                    self._outboxes[game_id] = kept
                    left.append(game_id)
                else:
                    self._outboxes.pop(game_id, None)
                if self._leases.get(game_id, ("", 0.0))[0] == worker:
                    del self._leases[game_id]
        return left

    def outbox(self, game_id: str, count: int) -> list[tuple[str, str]]:
        with self._lock:
            return list(self._outboxes.get(game_id, [])[:count])

    def take_sweep(self, worker: str, seconds: float) -> bool:
        with self._lock:
            if time.monotonic() < self._sweep_due:
                return False
            self._sweep_due = time.monotonic() + seconds
            return True

    def games_with_outbox(self) -> list[str]:
        with self._lock:
            return list(self._outboxes)

    def take_due(self, now: int, lease: int, count: int) -> list[tuple[str, int]]:
        with self._lock:
            due = sorted((at, game_id) for game_id, at in self._deadlines.items() if at <= now)[:count]
            for _, game_id in due:
                self._deadlines[game_id] = now + lease
            return [(game_id, now + lease) for _, game_id in due]

    def settle_deadline(self, game_id: str, claimed: int, deadline: int | None) -> None:
        with self._lock:
            if self._deadlines.get(game_id) == claimed:
                self._index(game_id, deadline)
