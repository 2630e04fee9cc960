"""Persistence: the store interface and its two implementations (in-process, Redis)."""

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

__all__ = [
    "CorruptData", "GameExists", "GameRecord", "GameStore", "IdempotencyClaim", "IdempotencyState",
    "StoreUnavailable", "StoredAnswer", "TokenHashes",
]  # fmt: skip
