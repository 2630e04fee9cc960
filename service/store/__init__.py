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
from service.store.clients import Admitted, ClientStore, Window


class Store(GameStore, ClientStore, Protocol):
    """Everything the service keeps: games and client apps (one backend keeps both)."""

    def load_admitted(
        self, game_id: str, client_id: str, windows: Sequence[Window], now: float
    ) -> tuple[GameVersion | None, Admitted]:
        """The game's version and snapshot, and one admission of ``client_id`` (its owner, known
        beforehand like its tokens: neither ever changes), together."""


__all__ = [
    "ClientStore", "CorruptData", "GameExists", "GameRecord", "GameStore", "GameVersion", "IdempotencyClaim",
    "IdempotencyState", "Store", "StoreUnavailable", "StoredAnswer", "TokenHashes",
]  # fmt: skip
