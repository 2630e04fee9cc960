"""The one way a game changes: a transition judged against the game, numbered, and saved whole.

Every use case (creating a game, a move, a timeout or an absent seat's turn, a seat's return, a
deletion) hands ``commit`` how to decide its transition from the game as found (``Decide``).
``commit`` numbers it for the version it makes (``Sealed``), builds the store's ``Save`` (the
game, its events, what the worker and webhooks are owed, and what the request adds: its count
against the owner and the answer kept under its idempotency key) and saves it in one atomic step.
When the save finds the game moved on (a race lost, or this process's copy was stale) it answers
with the game as it is, and the change is decided again against that: this is the only
retry-on-stale loop. A refusal decided against this process's copy is confirmed against a read
before it is given: a stale copy never gives a wrong answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Protocol

from service.play.outbox import Told, left_for_the_worker, nobody, told_changes
from service.play.refusals import ConcurrentUpdate, Refused, Unauthorized
from service.play.stored_game import decode, encode, sequenced
from service.play.transitions import Found, Kind, Transition
from service.play.turns import turn_change
from service.rules import IllegalMove
from service.store import (
    Asked,
    GameExists,
    GameVersion,
    IdempotencyClaim,
    Owed,
    Save,
    Store,
    StoredAnswer,
    Written,
)
from service.store.client_apps import Admitted, ClientStore, Counting

MAX_ATTEMPTS = 5
"""Decisions of one change (the first and those after lost races) before ConcurrentUpdate."""

Decide = Callable[[Found], Transition | None]
"""A use case's judgement: the transition it makes of the game as found (None: nothing to change),
or a refusal raised (a domain error: ``Refused``, ``IllegalMove``)."""


class Count(Protocol):
    """A request counted against the game's owner once: with the change it saves, or alone."""

    @property
    def counting(self) -> Counting | None:
        """What the save is to count, if anything is left to count."""
        ...

    def settle(self, counted: Admitted | None) -> None:
        """What the store counted: remembered, and raised as the refusal it amounts to."""
        ...

    def alone(self, store: ClientStore) -> None:
        """Counted by itself, unless counted already (the request saves nothing)."""
        ...


class AnswerKeeper(Protocol):
    """Where a change's answer is kept for retries (an ``Idempotency-Key``), saved with the change
    itself unless the key already holds one (``AnswerHeld``)."""

    def success(self, body: str, version: int) -> tuple[str, StoredAnswer]:
        """The key and the answer to store under it, for the change saved at ``version``."""
        ...


@dataclass(frozen=True, slots=True)
class Rider:
    """What the request that makes a change adds to its save, as one value."""

    count: Count | None = None
    keeper: AnswerKeeper | None = None


NO_RIDER = Rider()
"""A change no client asked for (a bot's move, a timeout): nothing counted, no answer kept."""


class Copy(StrEnum):
    """How a change found its game: read from the store, or this process's copy, current or stale."""

    READ = "read"
    HIT = "hit"
    STALE = "stale"


class AnswerHeld(Exception):  # noqa: N818 (not an error: the answer a retry gets)
    """The change's idempotency key already held an answer, or another request's claim: nothing was
    saved (the request was counted), and the answer is what the key holds."""

    def __init__(self, held: IdempotencyClaim) -> None:
        super().__init__(held.state.value)
        self.held = held


@dataclass(frozen=True, slots=True)
class Sealed:
    """A transition numbered for the version it makes: what its save writes and its answer quotes."""

    found: Found
    transition: Transition
    version: int
    """The version the change makes (a deletion: the version it deletes)."""
    logged: tuple[str, ...]
    """Its events as the log gives them, each with its ``seq``."""

    @property
    def game_id(self) -> str:
        return self.found.game_id


@dataclass(frozen=True, slots=True)
class Committed:
    sealed: Sealed
    body: str | None
    """The answer ``commit``'s ``answer`` made of it (kept under the idempotency key, if any)."""
    rejudged: int
    """Saves that found the game moved on before this one was saved (each decided again)."""
    copy: Copy

    @property
    def version(self) -> int:
        return self.sealed.version

    @property
    def found(self) -> Found:
        """The game as the change left it."""
        sealed = self.sealed
        return Found(sealed.game_id, sealed.found.owner, sealed.version, sealed.transition.stored)


def commit(
    store: Store,
    found: Found,
    decide: Decide,
    now: float,
    rider: Rider = NO_RIDER,
    told: Told = nobody,
    answer: Callable[[Sealed], str] | None = None,
) -> Committed | None:
    """Decide the change against ``found`` and save it at ``now`` (epoch seconds); decided again
    against the game as each lost save finds it. None when ``decide`` says nothing changes.
    ``answer``: the answer to the request, made of the sealed change (kept under the idempotency
    key, when ``rider.keeper`` has one). Unauthorized when the game is gone; ConcurrentUpdate after
    ``MAX_ATTEMPTS`` lost races; RateLimited when the owner's window is full (nothing saved)."""
    copy = Copy.READ if found.confirmed else Copy.HIT
    lost = 0
    while True:
        try:
            transition = decide(found)
        except (Refused, IllegalMove):
            if found.confirmed:
                raise
            found, copy = _read(store, found), Copy.STALE  # refused only once the store's own game says so
            continue
        if transition is None:
            return None
        sealed = seal(found, transition)
        body = None if answer is None else answer(sealed)
        outcome = store.save(_save(sealed, rider, body, told, now))
        if rider.count is not None:
            rider.count.settle(outcome.admitted)  # refused: raised here, and nothing was saved
        if outcome.held is not None:
            raise AnswerHeld(outcome.held)
        if outcome.version is not None:
            return Committed(sealed, body, lost, copy)
        if outcome.found is None:
            raise Unauthorized()  # the game is gone (another process may have deleted it since)
        if found.version == 0:
            raise GameExists(found.game_id)
        lost += 1
        if lost >= MAX_ATTEMPTS:
            raise ConcurrentUpdate(MAX_ATTEMPTS)
        if not found.confirmed:
            copy = Copy.STALE
        found = _as_found(found, outcome.found)


def seal(found: Found, transition: Transition) -> Sealed:
    """``transition`` numbered for the version it makes of ``found``, its events for their ``seq``s."""
    if transition.stored is None:
        return Sealed(found, transition, found.version, ())
    first = transition.stored.event_count - len(transition.events) + 1
    logged = tuple(sequenced(seq, text) for seq, text in enumerate(transition.events, start=first))
    return Sealed(found, transition, found.version + 1, logged)


def _save(sealed: Sealed, rider: Rider, body: str | None, told: Told, now: float) -> Save:
    """What the store saves of ``sealed``: the only place a ``Save`` is built."""
    found, transition, version = sealed.found, sealed.transition, sealed.version
    stored, at = transition.stored, round(now * 1000)
    turns, started = turn_change(found.stored, stored, transition.state is not None, at)
    turn = None if started is None else started.to_json()
    changes = told_changes(told, found.owner, found.game_id, transition.kind, version, sealed.logged, turn)
    clock = None if stored is None else stored.clock
    owed = Owed(
        left_for_the_worker(found.game_id, stored, version, changes),
        timed=clock is not None,
        deadline=None if clock is None else clock.deadline_ms,
    )
    kept = None
    if rider.keeper is not None:
        assert body is not None  # a change whose answer is kept has one
        kept = rider.keeper.success(body, version)
    asked = Asked(None if rider.count is None else rider.count.counting, kept)
    snapshot = None if stored is None else encode(stored)
    written = Written(snapshot, transition.events, at, transition.kind is Kind.FINISHED)
    return Save(found.game_id, found.version, found.owner, written, owed, asked, transition.tokens, turns)


def _read(store: Store, found: Found) -> Found:
    """The game as the store has it now (Unauthorized when it is gone)."""
    read = store.load_version(found.game_id)
    if read is None:
        raise Unauthorized()
    return _as_found(found, read)


def _as_found(found: Found, version: GameVersion) -> Found:
    return replace(found, version=version.version, stored=decode(version.snapshot), confirmed=True)
