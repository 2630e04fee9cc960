"""Persistence: the store interface and its two implementations (in-process, Redis)."""

from service.store.base import (
    GameRecord,
    GameStore,
    IdempotencyClaim,
    IdempotencyState,
    StoredAnswer,
    StoreUnavailable,
    TokenHashes,
)

__all__ = [
    "GameRecord", "GameStore", "IdempotencyClaim", "IdempotencyState", "StoreUnavailable",
    "StoredAnswer", "TokenHashes",
]  # fmt: skip
