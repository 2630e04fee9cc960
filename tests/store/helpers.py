"""Test data and a fake clock shared by the store tests (a game's record is the harness's:
``harness.sample_records``, which bench uses too)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from service.store import MoveSave, Store
from service.store.base import StoredAnswer

StoreFactory = Callable[..., Store]
"""Builds a store of the kind under test; keyword arguments are its TTLs."""


class FakeClock:
    """A monotonic clock the test moves by hand, for the memory store's expiry."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def stored_answer(fingerprint: str = "fp-1", status: int = 200, body: str = '{"ok": true}') -> StoredAnswer:
    return StoredAnswer(fingerprint, status, body)


def save_move(
    store: Store,
    game_id: str,
    expected_version: int,
    snapshot: str,
    events: Sequence[str],
    finished: bool = False,
    answer: tuple[str, StoredAnswer] | None = None,
) -> int | None:
    """A move saved without an owner's count: the new version, or None."""
    return store.save_move(
        MoveSave(game_id, expected_version, snapshot, events, finished, answer=answer)
    ).version
