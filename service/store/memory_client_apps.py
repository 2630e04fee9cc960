"""Client apps in the embedded store: the same contract as on Redis, in this process's memory."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from service.store.client_apps import (
    Admission,
    Admitted,
    ClientExists,
    ClientRow,
    TurnPosition,
    Window,
    WindowUse,
    past,
)

MAX_LISTED_GAMES = 100_000


@dataclass
class _Client:
    record: ClientRow
    games: dict[str, int] = field(default_factory=dict)
    """Game id -> position (creation time in microseconds, unique per client)."""
    open: set[str] = field(default_factory=set)
    last_position: int = 0


class MemoryClientApps:
    """The ClientStore's methods; ``_lock`` is the store's one lock."""

    _lock: threading.RLock

    def __init__(self) -> None:
        self._clients: dict[str, _Client] = {}
        self._counts: dict[tuple[str, str, int], tuple[int, float]] = {}
        """(address, window name, window index) -> (hits, when the window ends)."""
        self._buckets: dict[tuple[str, str], tuple[float, float]] = {}
        """(client id, window name) -> (its GCRA ``tat``, when it is full again) (``Window.take``)."""
        self._turns: dict[tuple[str, str], dict[str, int]] = {}
        """(client id, player) -> {game id: score}: the player's turns."""

    def create_client(self, record: ClientRow) -> None:
        with self._lock:
            if record.id in self._clients:
                raise ClientExists(record.id)
            self._clients[record.id] = _Client(record)

    def load_client(self, client_id: str) -> ClientRow | None:
        with self._lock:
            found = self._clients.get(client_id)
            return found.record if found else None

    def list_clients(self) -> list[ClientRow]:
        with self._lock:
            return sorted((client.record for client in self._clients.values()), key=lambda r: r.created_at)

    def replace_client(self, record: ClientRow) -> None:
        with self._lock:
            self._clients[record.id].record = record

    def admit(self, client_id: str, key_digest: str | None, window: Window, now: float) -> Admitted:
        with self._lock:
            found = self._clients.get(client_id)
            if found is None or (key_digest is not None and not _holds(found.record, key_digest, now)):
                return Admitted(Admission.UNKNOWN)
            limits = found.record.limits
            quota = window.quota_for(limits)
            slot = (client_id, window.name)
            bucket = self._buckets.get(slot)
            admitted, tat = window.take(quota, bucket[0] if bucket else None, now)
            use = window.standing(quota, tat, now)
            if admitted:
                self._buckets[slot] = (tat, now + use.resets_in)
                if len(self._buckets) > 10_000:  # buckets full again go, as their keys expire on Redis
                    self._buckets = {key: value for key, value in self._buckets.items() if value[1] > now}
            admission = Admission.ADMITTED if admitted else Admission.LIMITED
            return Admitted(admission, (use,), limits)

    def count_hit(self, subject: str, window: Window, now: float) -> WindowUse:
        with self._lock:
            count = self._add((subject, window.name, window.index(now)), window, now)
            return window.use(window.quota, count, now)

    def reserve_game(self, client_id: str, game_id: str, max_open: int, now: float) -> bool:
        with self._lock:
            client = self._clients[client_id]
            if len(client.open) >= max_open:
                return False
            client.last_position = max(round(now * 1_000_000), client.last_position + 1)
            client.games[game_id] = client.last_position
            client.open.add(game_id)
            if len(client.games) > MAX_LISTED_GAMES:
                del client.games[min(client.games, key=client.games.__getitem__)]
            return True

    def game_closed(self, client_id: str, game_id: str, *, forget: bool) -> None:
        with self._lock:
            client = self._clients.get(client_id)
            if client is not None:
                client.open.discard(game_id)
                if forget:
                    client.games.pop(game_id, None)

    def client_games(
        self, client_id: str, before: int | None, limit: int, open_only: bool
    ) -> list[tuple[int, str]]:
        with self._lock:
            client = self._clients.get(client_id)
            if client is None:
                return []
            chosen = [
                (position, game_id)
                for game_id, position in client.games.items()
                if (before is None or position < before) and (not open_only or game_id in client.open)
            ]
            return sorted(chosen, reverse=True)[:limit]

    def _count(self, slot: tuple[str, str, int], now: float) -> int:
        hits, ends = self._counts.get(slot, (0, now))
        return hits if ends > now else 0

    def _add(self, slot: tuple[str, str, int], window: Window, now: float) -> int:
        hits = self._count(slot, now) + 1
        self._counts[slot] = (hits, (window.index(now) + 1) * window.seconds)
        if len(self._counts) > 10_000:  # windows that ended go, as their keys expire on Redis
            self._counts = {key: value for key, value in self._counts.items() if value[1] > now}
        return hits

    def turn_given(self, client_id: str, player: str, game_id: str, score: int) -> None:
        with self._lock:
            self._turns.setdefault((client_id, player), {})[game_id] = score

    def turn_taken(self, client_id: str, player: str, game_id: str) -> None:
        with self._lock:
            turns = self._turns.get((client_id, player), {})
            turns.pop(game_id, None)
            if not turns:
                self._turns.pop((client_id, player), None)

    def player_turns(
        self, client_id: str, player: str, after: TurnPosition | None, limit: int
    ) -> list[TurnPosition]:
        with self._lock:
            turns = self._turns.get((client_id, player), {})
            entries = sorted((TurnPosition(score, game_id) for game_id, score in turns.items()),
                             key=lambda e: (e.score, e.game_id), reverse=True)  # fmt: skip
            return past(entries, after)[:limit]


def _holds(record: ClientRow, key_digest: str, now: float) -> bool:
    if record.revoked:
        return False
    return any(
        key.digest == key_digest and (key.expires_at is None or key.expires_at > now) for key in record.keys
    )
