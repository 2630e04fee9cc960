"""Test data and a fake clock shared by the store tests (a game's row is the harness's:
``harness.sample_games``, which bench uses too)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from service.store import Asked, GameExists, Owed, Save, Store, Written
from service.store.base import GameRow, StoredAnswer
from service.store.client_apps import Counting

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


def move_save(
    game_id: str,
    expected: int,
    snapshot: str,
    events: Sequence[str],
    finished: bool,
    owner: str | None = None,
    count: Counting | None = None,
    answer: tuple[str, StoredAnswer] | None = None,
    outbox: Sequence[str] = (),
    timed: bool = False,
    deadline: int | None = None,
    at: int = 0,
) -> Save:
    """A move's save, every part of it named (``play.commit`` builds the service's own)."""
    return Save(
        game_id,
        expected,
        owner,
        Written(snapshot, events, at, finished),
        Owed(tuple(outbox), timed, deadline),
        Asked(count, answer),
    )


def create(
    store: Store,
    game_id: str,
    row: GameRow,
    events: Sequence[str],
    outbox: Sequence[str] = (),
    deadline: int | None = None,
    at: int = 0,
) -> None:
    """A new game saved at version 1 (``row``'s version is not asked: a creation makes version 1);
    GameExists when the id is taken, as ``play.commit`` raises it."""
    owed = Owed(tuple(outbox), deadline is not None, deadline)
    creation = Save(game_id, 0, row.owner, Written(row.snapshot, events, at), owed, tokens=row.tokens)
    if store.save(creation).version is None:
        raise GameExists(game_id)


def delete(store: Store, game_id: str, outbox: Sequence[str] = ()) -> bool:
    """The game deleted, whatever its version; whether it was there."""
    row = store.load_game(game_id)
    deletion = Save(game_id, 0 if row is None else row.version, None if row is None else row.owner,
                    Written(None), Owed(tuple(outbox)))  # fmt: skip
    return store.save(deletion).version is not None


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
    return store.save(move_save(game_id, expected_version, snapshot, events, finished, answer=answer)).version
