"""Persistence: the store interface and its two implementations (in-process, Redis)."""

from collections.abc import Sequence
from typing import Protocol

from service.store.base import (
    CorruptData,
    GameExists,
    GameRecord,
    GameStore,
    GameVersion,
    IdempotencyClaim,
    IdempotencyState,
    StoredAnswer,
    StoreUnavailable,
    TokenHashes,
)
from service.store.clients import Admission, Admitted, ClientStore, CountedSave, Counting, Window


class Store(GameStore, ClientStore, Protocol):
    """Everything the service keeps: games and client apps (one backend keeps both)."""

    def load_admitted(
        self, game_id: str, client_id: str, windows: Sequence[Window], now: float
    ) -> tuple[GameVersion | None, Admitted]:
        """The game's version and snapshot, and one admission of ``client_id`` (its owner, known
        beforehand like its tokens: neither ever changes), together."""

    def save_counted_move(
        self,
        game_id: str,
        expected_version: int,
        snapshot: str,
        events: Sequence[str],
        finished: bool,
        counting: Counting,
    ) -> CountedSave:
        """One request of the game's owner counted (as ``admit`` counts it, without a key) and, if
        admitted, the move saved as ``save_move`` saves it; a move that finished the game takes it
        out of its owner's open games. One atomic step on a plain Redis server."""


def count_then_save(
    store: Store,
    game_id: str,
    expected_version: int,
    snapshot: str,
    events: Sequence[str],
    finished: bool,
    counting: Counting,
) -> CountedSave:
    """``save_counted_move`` in steps, for a backend without the one script: the memory store
    (under its lock) and a Redis Cluster (whose scripts cannot span the game's and the owner's
    slots)."""
    counted = store.admit(counting.client_id, None, counting.windows, counting.now)
    if counted.admission is not Admission.ADMITTED:
        return CountedSave(counted)
    version = store.save_move(game_id, expected_version, snapshot, events, finished)
    if version is not None and finished:
        store.game_closed(counting.client_id, game_id, forget=False)
    return CountedSave(counted, version)


__all__ = [
    "count_then_save",
    "ClientStore",
    "CorruptData",
    "CountedSave",
    "Counting",
    "GameExists",
    "GameRecord",
    "GameStore",
    "GameVersion",
    "IdempotencyClaim",
    "IdempotencyState",
    "Store",
    "StoreUnavailable",
    "StoredAnswer",
    "TokenHashes",
]
