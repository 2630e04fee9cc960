"""Persistence: the store interface and its two implementations (in-process, Redis)."""

from typing import Protocol

from service.store.base import (
    CorruptData,
    GameExists,
    GameRecord,
    GameStore,
    IdempotencyClaim,
    IdempotencyState,
    StoredAnswer,
    StoreUnavailable,
    TokenHashes,
)
from service.store.clients import ClientStore


class Store(GameStore, ClientStore, Protocol):
    """Everything the service keeps: games and client apps (one backend keeps both)."""


__all__ = [
    "ClientStore", "CorruptData", "GameExists", "GameRecord", "GameStore", "IdempotencyClaim",
    "IdempotencyState", "Store", "StoreUnavailable", "StoredAnswer", "TokenHashes",
]  # fmt: skip
