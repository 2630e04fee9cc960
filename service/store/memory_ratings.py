"""The RatingStore in this process's memory (``memory.py``'s lock makes each step atomic)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field

from service.store.ratings import PoolRead, RatedPlayer, RatingChange


@dataclass
class _Pool:
    ratings: dict[str, tuple[str, float]] = field(default_factory=dict)
    """Player -> (rating, ordinal)."""
    histories: dict[str, str] = field(default_factory=dict)
    """Player -> their history (a JSON array)."""
    applied: dict[str, str] = field(default_factory=dict)
    """Game id -> outcome, in the order applied."""

    def board(self) -> list[tuple[str, str]]:
        """Highest ordinal first; equal ones as Redis orders them (the greater player text first)."""
        ranked = sorted(self.ratings.items(), key=lambda item: (item[1][1], item[0]), reverse=True)
        return [(player, rating) for player, (rating, _) in ranked]


class MemoryRatings:
    """The RatingStore's methods; ``_lock`` is the store's one lock."""

    _lock: threading.RLock

    def __init__(self) -> None:
        self._pools: dict[str, _Pool] = {}

    def _pool(self, pool: str) -> _Pool:
        return self._pools.setdefault(pool, _Pool())

    def load_ratings(self, pool: str, players: Sequence[str], histories: bool = True) -> PoolRead:
        with self._lock:
            found = self._pool(pool)
            ratings = [found.ratings.get(player) for player in players]
            return PoolRead(
                len(found.applied),
                [None if rating is None else rating[0] for rating in ratings],
                [found.histories.get(player) if histories else None for player in players],
            )

    def apply_ratings(self, change: RatingChange) -> str | None:
        with self._lock:
            found = self._pool(change.pool)
            if change.game_id in found.applied:
                return found.applied[change.game_id]
            if len(found.applied) != change.applied:
                return None
            for rated in change.players:
                found.ratings[rated.player] = (rated.rating, rated.ordinal)
                found.histories[rated.player] = rated.history
            found.applied[change.game_id] = change.outcome
            return change.outcome

    def rating_board(self, pool: str, start: int, count: int) -> tuple[int, list[RatedPlayer]]:
        with self._lock:
            board = self._pool(pool).board()
            return len(board), [RatedPlayer(*entry) for entry in board[start : start + count]]

    def rating_place(self, pool: str, player: str) -> tuple[str, int] | None:
        with self._lock:
            found = self._pool(pool)
            if player not in found.ratings:
                return None
            board = [name for name, _ in found.board()]
            return found.ratings[player][0], board.index(player)

    def rating_history(self, pool: str, player: str) -> str | None:
        with self._lock:
            return self._pool(pool).histories.get(player)

    def rated_games(self, pool: str) -> list[tuple[str, str]]:
        with self._lock:
            return list(self._pool(pool).applied.items())
