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
from service.store.clients import Admitted, ClientStore, CountedSave, Counting, Window


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


__all__ = [
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
