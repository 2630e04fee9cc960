"""The embedded in-process store: for ``make run`` without Redis, and for tests.

One process only: games and clients live in this process's memory and vanish with it.
A lock makes each operation atomic across threads, which is what the contract asks.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from service.store.base import (
    IDEMPOTENCY_KEYS_PER_GAME,
    IDEMPOTENCY_TTL,
    IN_FLIGHT_TTL,
    GameRow,
    GameVersion,
    IdempotencyClaim,
    IdempotencyState,
    LoggedEvent,
    StoredAnswer,
)
from service.store.client_apps import Admitted, Counting
from service.store.config import Expiry
from service.store.memory_client_apps import MemoryClientApps
from service.store.memory_ratings import MemoryRatings
from service.store.memory_tables import MemoryTables
from service.store.memory_webhooks import MemoryWebhooks
from service.store.memory_work import MemoryWork
from service.store.saves import Save, SaveOutcome, save_in_steps


@dataclass
class _Game:
    row: GameRow
    events: list[str]
    times: list[int]
    """When each event was logged (epoch ms), beside ``events``."""
    expires_at: float
    keys: dict[str, tuple[float, IdempotencyClaim]] = field(default_factory=dict)
    """Idempotency key -> (when it lapses, what it holds), oldest first."""

    def keep(self, key: str, until: float, claim: IdempotencyClaim) -> None:
        """As Redis keeps them: the game's last ``IDEMPOTENCY_KEYS_PER_GAME`` keys."""
        self.keys[key] = (until, claim)
        while len(self.keys) > IDEMPOTENCY_KEYS_PER_GAME:
            del self.keys[next(iter(self.keys))]


class MemoryStore(MemoryClientApps, MemoryWork, MemoryWebhooks, MemoryTables, MemoryRatings):
    """The GameStore, the ClientStore and the WorkStore in this process (clients in
    ``memory_client_apps.py``, work in ``memory_work.py``, webhooks in ``memory_webhooks.py``, tables
    in ``memory_tables.py``, rating pools in ``memory_ratings.py``)."""

    def __init__(self, expiry: Expiry | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self._lock = threading.RLock()  # re-entrant: a counted save holds it across two steps
        MemoryClientApps.__init__(self)
        MemoryWork.__init__(self)
        MemoryWebhooks.__init__(self)
        MemoryTables.__init__(self)
        MemoryRatings.__init__(self)
        self.expiry = expiry or Expiry()
        self.clock = clock
        self._games: dict[str, _Game] = {}
        self._events_added = threading.Condition(self._lock)
        """Wakes the streams following games (``wait_for_events``) when any game logs events."""

    def _live(self, game_id: str) -> _Game | None:
        game = self._games.get(game_id)
        if game is not None and game.expires_at <= self.clock():
            del self._games[game_id]
            return None
        return game

    def load_game(self, game_id: str) -> GameRow | None:
        with self._lock:
            game = self._live(game_id)
            return game.row if game else None

    def load_version(self, game_id: str) -> GameVersion | None:
        row = self.load_game(game_id)
        return None if row is None else GameVersion(row.version, row.snapshot)

    def recent_version(self, game_id: str) -> GameVersion | None:
        return self.load_version(game_id)  # the games are in this process: never stale

    def load_games(self, game_ids: Sequence[str]) -> list[GameRow | None]:
        return [self.load_game(game_id) for game_id in game_ids]

    def load_counted(self, game_id: str, count: Counting) -> tuple[GameVersion | None, Admitted]:
        return self.load_version(game_id), self.admit(count.client_id, None, count.window, count.now)

    def save(self, change: Save) -> SaveOutcome:
        with self._lock:  # re-entrant: the steps land together
            return save_in_steps(self, change, self._in_slot)

    def _in_slot(self, change: Save) -> SaveOutcome:
        game = self._live(change.game_id)
        if change.deletes:  # whatever its version, as on Redis
            if game is None:
                return SaveOutcome(None)
            del self._games[change.game_id]
            self._post(change.game_id, change.owed.outbox)
            self._index(change.game_id, None)
            return SaveOutcome(change.expected)
        if change.expected == 0:  # a creation: no game has the id
            if game is not None:
                return SaveOutcome(None, found=GameVersion(game.row.version, game.row.snapshot))
            assert change.tokens is not None  # a creation's, always
            row = GameRow(0, "", change.tokens, change.owner)
            game = self._games[change.game_id] = _Game(row, [], [], 0.0)
        if game is None:
            return SaveOutcome(None)
        answer = change.asked.answer
        held = None if answer is None else game.keys.get(answer[0])
        if held is not None and held[0] > self.clock():
            return SaveOutcome(None, held=held[1])
        if game.row.version != change.expected:
            return SaveOutcome(None, found=GameVersion(game.row.version, game.row.snapshot))
        return SaveOutcome(self._write(change, game))

    def _write(self, change: Save, game: _Game) -> int:
        version, written = change.expected + 1, change.written
        game.row = GameRow(version, written.snapshot or "", game.row.tokens, game.row.owner)
        game.events.extend(written.events)
        game.times.extend([written.at] * len(written.events))
        self._events_added.notify_all()
        now = self.clock()
        game.expires_at = now + self.expiry.after_move(written.finished)
        answer = change.asked.answer
        if answer is not None:
            key, stored = answer
            game.keep(key, now + IDEMPOTENCY_TTL, IdempotencyClaim(IdempotencyState.ANSWERED, stored))
        self._post(change.game_id, change.owed.outbox)
        if change.owed.timed:
            self._index(change.game_id, change.owed.deadline)
        return version

    def wait_for_events(self, game_id: str, after: int, timeout: float) -> list[tuple[int, str]]:
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                game = self._live(game_id)
                if game is None or len(game.events) > after:
                    break
                left = deadline - time.monotonic()
                if left <= 0 or not self._events_added.wait(left):
                    break
        return self.read_events(game_id, after, 100)

    def read_log(self, game_id: str) -> list[LoggedEvent]:
        with self._lock:
            game = self._live(game_id)
            if game is None:
                return []
            return [
                LoggedEvent(seq, text, at)
                for seq, (text, at) in enumerate(zip(game.events, game.times, strict=True), 1)
            ]

    def read_events(self, game_id: str, after: int, limit: int) -> list[tuple[int, str]]:
        with self._lock:
            game = self._live(game_id)
            if game is None:
                return []
            chosen = game.events[after : after + limit]
            return [(after + offset + 1, event) for offset, event in enumerate(chosen)]

    def claim_idempotency_key(self, game_id: str, key: str, fingerprint: str) -> IdempotencyClaim:
        with self._lock:
            game = self._live(game_id)
            if game is None:
                return IdempotencyClaim(IdempotencyState.CLAIMED)
            now = self.clock()
            held = game.keys.get(key)
            if held is not None and held[0] > now:
                return held[1]
            in_flight = IdempotencyClaim(IdempotencyState.IN_FLIGHT, fingerprint=fingerprint)
            game.keep(key, now + IN_FLIGHT_TTL, in_flight)
            return IdempotencyClaim(IdempotencyState.CLAIMED)

    def record_answer(self, game_id: str, key: str, answer: StoredAnswer) -> None:
        with self._lock:
            game = self._live(game_id)
            if game is not None:
                claim = IdempotencyClaim(IdempotencyState.ANSWERED, answer)
                game.keep(key, self.clock() + IDEMPOTENCY_TTL, claim)

    def release_idempotency_key(self, game_id: str, key: str) -> None:
        with self._lock:
            game = self._live(game_id)
            held = game.keys.get(key) if game is not None else None
            if game is not None and held is not None and held[1].state is IdempotencyState.IN_FLIGHT:
                del game.keys[key]

    def ping(self) -> None:
        return None

    def close(self) -> None:
        return None
