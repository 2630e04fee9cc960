"""Persistence: the store interface and its two implementations (in-process, Redis)."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from service.store.base import (
    CorruptData,
    GameExists,
    GameRecord,
    GameStore,
    GameVersion,
    IdempotencyClaim,
    IdempotencyState,
    LoggedEvent,
    StoredAnswer,
    StoreUnavailable,
    TokenHashes,
)
from service.store.client_apps import Admission, Admitted, ClientStore, Counting, Window
from service.store.webhooks import NewDelivery, WebhookStore
from service.store.work import WorkItem, WorkStore


@dataclass(frozen=True, slots=True)
class MoveSave:
    """One move to save: if the game is still at ``expected_version``, its snapshot and events,
    with the owner's request counted and the answer kept for retries, in one atomic step."""

    game_id: str
    expected_version: int
    snapshot: str
    events: Sequence[str]
    finished: bool
    """The move ended the game: it is kept ``Expiry.finished`` and leaves ``owner``'s open games."""
    owner: str | None = None
    count: Counting | None = None
    """The request, counted against the owner in the same step; a full window saves nothing (an
    owner removed by hand counts nothing)."""
    answer: tuple[str, StoredAnswer] | None = None
    """The idempotency key and the answer to replay to its retries."""
    outbox: tuple[str, ...] = ()
    """What the move leaves the background worker (``WorkStore``), written with it."""
    timed: bool = False
    """The game has a clock: the deadlines' index gets ``deadline`` for it (``WorkStore.take_due``)."""
    deadline: int | None = None
    """When the turn the move gives times out, in epoch milliseconds (None: no timed turn)."""
    at: int = 0
    """When the move was saved, in epoch milliseconds: logged with its events (a game's record)."""


@dataclass(frozen=True, slots=True)
class SaveOutcome:
    version: int | None
    """The new version; None when the count was refused, or the game is gone or moved on."""
    admitted: Admitted | None = None
    """Where the owner's window stands, when the save counted the request."""
    found: GameVersion | None = None
    """The game as the save found it, when it had moved on (another save came first): the move can be
    judged again against it without another read. None when saved, refused, or the game is gone."""
    held: IdempotencyClaim | None = None
    """What the move's idempotency key already held (an answer, or another request's claim), when
    it held one: then nothing was saved, whatever the version."""


class Store(GameStore, ClientStore, WorkStore, WebhookStore, Protocol):
    """Everything the service keeps: games, client apps, the worker's work and webhooks (one backend
    keeps all)."""

    def load_counted(self, game_id: str, count: Counting) -> tuple[GameVersion | None, Admitted]:
        """The game's version and snapshot, and the request counted against its owner (known
        beforehand like its tokens: neither ever changes), together."""

    def save_move(self, save: MoveSave) -> SaveOutcome:
        """Count, compare and save (``MoveSave``): one atomic step on one server."""


def save_in_steps(
    store: ClientStore, save: MoveSave, write: Callable[[MoveSave], SaveOutcome]
) -> SaveOutcome:
    """``Store.save_move`` in steps, for a backend that cannot do it in one: the memory store
    (under its lock) and a Redis Cluster (whose scripts cannot span the game's and the owner's
    slots). ``write`` saves the move alone."""
    admitted = None
    if save.count is not None:
        count = save.count
        admitted = store.admit(count.client_id, None, count.window, count.now)
        if admitted.admission is Admission.LIMITED:  # an owner removed by hand counts nothing
            return SaveOutcome(None, admitted)
    outcome = write(save)
    if outcome.version is not None and save.finished and save.owner is not None:
        store.game_closed(save.owner, save.game_id, forget=False)
    return replace(outcome, admitted=admitted)


__all__ = [
    "save_in_steps",
    "ClientStore",
    "CorruptData",
    "Counting",
    "GameExists",
    "GameRecord",
    "GameStore",
    "GameVersion",
    "IdempotencyClaim",
    "IdempotencyState",
    "LoggedEvent",
    "MoveSave",
    "NewDelivery",
    "SaveOutcome",
    "Store",
    "StoreUnavailable",
    "StoredAnswer",
    "TokenHashes",
    "WebhookStore",
    "Window",
    "WorkItem",
    "WorkStore",
]
