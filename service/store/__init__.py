"""Persistence: the store interface and its two implementations (in-process, Redis)."""

from typing import Protocol

from service.store.base import (
    CorruptData,
    GameExists,
    GameRow,
    GameStore,
    GameVersion,
    IdempotencyClaim,
    IdempotencyState,
    LoggedEvent,
    StoredAnswer,
    StoreUnavailable,
    TokenHashes,
)
from service.store.client_apps import Admitted, ClientStore, Counting, TurnPosition, Window
from service.store.ratings import PlayerRating, PoolRead, RatedPlayer, RatingChange, RatingStore
from service.store.saves import NOTHING_ASKED, Asked, Owed, Save, SaveOutcome, Turns, Written, save_in_steps
from service.store.tables import StoredTable, TableStore
from service.store.webhooks import NewDelivery, WebhookStore
from service.store.work import WorkItem, WorkStore


class Store(GameStore, ClientStore, WorkStore, WebhookStore, TableStore, RatingStore, Protocol):
    """Everything the service keeps: games, client apps, the worker's work, webhooks, tables and rating
    pools (one backend keeps all)."""

    def load_counted(self, game_id: str, count: Counting) -> tuple[GameVersion | None, Admitted]:
        """The game's version and snapshot, and the request counted against its owner (known
        beforehand like its tokens: neither ever changes), together."""

    def save(self, change: Save) -> SaveOutcome:
        """Count, compare and save ``change`` (``saves.Save``): one atomic step on one server."""


__all__ = [
    "NOTHING_ASKED",
    "Asked",
    "Owed",
    "Save",
    "Written",
    "TurnPosition",
    "Turns",
    "save_in_steps",
    "ClientStore",
    "CorruptData",
    "Counting",
    "GameExists",
    "GameRow",
    "GameStore",
    "GameVersion",
    "IdempotencyClaim",
    "IdempotencyState",
    "LoggedEvent",
    "NewDelivery",
    "PlayerRating",
    "PoolRead",
    "RatedPlayer",
    "RatingChange",
    "RatingStore",
    "SaveOutcome",
    "StoredTable",
    "TableStore",
    "Store",
    "StoreUnavailable",
    "StoredAnswer",
    "TokenHashes",
    "WebhookStore",
    "Window",
    "WorkItem",
    "WorkStore",
]
