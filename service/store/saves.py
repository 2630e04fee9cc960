"""A change of a game as the store saves it: one value, one atomic step (``Store.save``).

``play.commit`` builds every ``Save`` (a creation, a move, a timeout, a seat's return, a deletion);
the store writes it whole or not at all. On a single Redis server that is one script; a Redis
Cluster, whose scripts cannot span the game's slot and its owner's, and the memory store take
the same steps in turn (``save_in_steps``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from service.store.base import GameVersion, IdempotencyClaim, StoredAnswer, TokenHashes
from service.store.client_apps import Admission, Admitted, ClientStore, Counting


@dataclass(frozen=True, slots=True)
class Written:
    """What a change writes of the game itself."""

    snapshot: str | None
    """The game as the change leaves it; None: the change deletes it."""
    events: Sequence[str] = ()
    """Its events, as logged (without their ``seq``: the log numbers them)."""
    at: int = 0
    """When it was saved, in epoch milliseconds: logged with its events (a game's record)."""
    finished: bool = False
    """It ended the game: the game is kept ``Expiry.finished`` and leaves its owner's open games."""


@dataclass(frozen=True, slots=True)
class Owed:
    """What a change leaves for later, written with it: the worker's entries and the next deadline."""

    outbox: tuple[str, ...] = ()
    """Entries for the background worker (``WorkStore``), in the game's outbox; a doorbell rung."""
    timed: bool = False
    """The game has a clock: the deadlines' index gets ``deadline`` for it (``WorkStore.take_due``)."""
    deadline: int | None = None
    """When the turn the change gives times out, in epoch milliseconds (None: no timed turn)."""


@dataclass(frozen=True, slots=True)
class Asked:
    """What the request that made a change adds to its save."""

    count: Counting | None = None
    """The request, counted against the game's owner in the same step: a full window saves nothing
    (an owner removed by hand counts nothing)."""
    answer: tuple[str, StoredAnswer] | None = None
    """The idempotency key and the answer its retries get; a key that holds one saves nothing."""


NOTHING_ASKED = Asked()


@dataclass(frozen=True, slots=True)
class Turns:
    """A change's move in its owner's index of whose turn each game is, by the owner's player
    references (``play.turns``)."""

    leaves: str | None = None
    """The player whose turns the game leaves (None: none, or the same as ``enters``)."""
    enters: str | None = None
    """The player whose turns the game enters, or in which it is scored again."""
    score: int = 0
    """Its score there: the turn's deadline, or when it started (epoch ms)."""


@dataclass(frozen=True, slots=True)
class Save:
    """One change of a game: saved if the game is still at ``expected``, whole, or not at all."""

    game_id: str
    expected: int
    """The version the change was judged at; 0 for a creation (saved only if no game has this id)."""
    owner: str | None
    """The client app that owns the game (its creator)."""
    written: Written
    owed: Owed = field(default_factory=Owed)
    asked: Asked = NOTHING_ASKED
    tokens: TokenHashes | None = None
    """A creation's token digests (never changed after)."""
    turns: Turns | None = None
    """Its move in the owner's index of whose turn each game is (None: none)."""

    @property
    def deletes(self) -> bool:
        return self.written.snapshot is None

    @property
    def closes(self) -> bool:
        """The change takes the game out of its owner's open games."""
        return self.owner is not None and (self.written.finished or self.deletes)


@dataclass(frozen=True, slots=True)
class SaveOutcome:
    version: int | None
    """The new version (a deletion: the version deleted); None when the count was refused, the
    idempotency key held an answer, or the game is gone or moved on."""
    admitted: Admitted | None = None
    """Where the owner's window stands, when the save counted the request."""
    found: GameVersion | None = None
    """The game as the save found it, when it was not at ``expected`` (another save came first; for a
    creation, a game has the id): the change can be judged again against it without another read.
    None when saved, refused, or the game is gone."""
    held: IdempotencyClaim | None = None
    """What the idempotency key already held (an answer, or another request's claim), when it held
    one: then nothing was saved, whatever the version."""


def save_in_steps(store: ClientStore, change: Save, in_slot: Callable[[Save], SaveOutcome]) -> SaveOutcome:
    """``Store.save`` in steps, for a backend that cannot do it in one: the memory store (under its
    lock) and a Redis Cluster (whose scripts cannot span the game's and the owner's slots). The
    count first (a full window saves nothing), ``in_slot`` the game's own part (with what it owes
    the worker, as it can), then the owner's open games. The game enters a player's turns before its
    save (a process that dies in between leaves an entry the listing passes over, never a game
    missing) and leaves the last one's after it."""
    admitted = None
    count = change.asked.count
    if count is not None:
        admitted = store.admit(count.client_id, None, count.window, count.now)
        if admitted.admission is Admission.LIMITED:
            return SaveOutcome(None, admitted)
    owner, turns = change.owner, change.turns
    if owner is not None and turns is not None and turns.enters is not None:
        store.turn_given(owner, turns.enters, change.game_id, turns.score)
    outcome = in_slot(change)
    if outcome.version is not None and owner is not None:
        if change.closes:
            store.game_closed(owner, change.game_id, forget=change.deletes)
        if turns is not None and turns.leaves is not None:
            store.turn_taken(owner, turns.leaves, change.game_id)
    return replace(outcome, admitted=admitted)
