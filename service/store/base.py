"""The store contract that the API relies on, whatever keeps the data.

The store deals in opaque strings (snapshot JSON, event JSON, answer JSON) and
versions; the API decides what they mean. Every change of one game is one atomic
step: its snapshot, its events, its idempotent answer and what it owes the worker
land together or not at all (``Store.save``, ``service.store.saves``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple, Protocol

IDEMPOTENCY_TTL = 24 * 3600
"""An idempotent answer is kept this long (the game's own expiry permitting)..."""
IDEMPOTENCY_KEYS_PER_GAME = 32
"""...and only while it is one of its game's last this many keys: a client's records are bounded
by its games (docs/RELIABILITY.md, "What a client can make Redis hold")."""
IN_FLIGHT_TTL = 60
"""A claimed key whose request died is freed after this long (seconds)."""


class StoreUnavailable(Exception):
    """The backing store could not be reached or did not answer in time."""


class GameExists(Exception):
    """A creation found its game id taken: nothing was written."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"a game with id {game_id!r} already exists")
        self.game_id = game_id


class CorruptData(Exception):
    """A stored key holds something this service never writes (wrong type, unreadable JSON).

    Raised before anything is written, so a corrupt game stays as it was for a human to inspect.
    """


@dataclass(frozen=True, slots=True)
class TokenHashes:
    """SHA-256 hex digests of a game's bearer tokens; the tokens themselves are never stored."""

    admin: str
    players: tuple[str, ...]
    spectator: str | None = None
    """None for a game made before spectators existed."""


@dataclass(frozen=True, slots=True)
class GameRow:
    version: int
    snapshot: str
    tokens: TokenHashes
    owner: str | None = None
    """The id of the client app that created the game (None for games made before clients)."""


@dataclass(frozen=True, slots=True)
class GameVersion:
    """What changes with every move: the version and its snapshot (owner and tokens never change)."""

    version: int
    snapshot: str

    def row(self, owner: str | None, tokens: TokenHashes) -> GameRow:
        """The game's whole row, its owner and tokens known beforehand."""
        return GameRow(self.version, self.snapshot, tokens, owner)


@dataclass(frozen=True, slots=True)
class StoredAnswer:
    """The first answer to an idempotent request, replayed to its retries."""

    fingerprint: str
    status: int
    body: str
    etag: str | None = None
    """The ``ETag`` the answer carried (a success's game version), replayed with it."""
    language: str | None = None
    """The ``Content-Language`` the answer carried (a refusal's sentences), replayed with it."""


class IdempotencyState(Enum):
    CLAIMED = "claimed"
    """The key is new: this request now owns it."""
    IN_FLIGHT = "in_flight"
    """Another request with this key is still being processed."""
    ANSWERED = "answered"
    """A request with this key was answered: ``answer`` holds it."""


@dataclass(frozen=True, slots=True)
class IdempotencyClaim:
    state: IdempotencyState
    answer: StoredAnswer | None = None
    fingerprint: str | None = None
    """For IN_FLIGHT: the fingerprint of the request that holds the key."""


class LoggedEvent(NamedTuple):
    """An event of a game's log as stored: its ``seq``, its JSON (without ``seq``), and when the change
    that logged it was saved (epoch ms; 0 for events logged before saves carried their time)."""

    seq: int
    text: str
    at: int


MAX_LOG_EVENTS = 100_000
"""More than any game logs (a round is at most a few hundred events): ``read_log``'s bound."""


class GameStore(Protocol):
    def load_game(self, game_id: str) -> GameRow | None:
        """The game, or None when it does not exist (or expired)."""

    def load_version(self, game_id: str) -> GameVersion | None:
        """The game's version and snapshot only (for a caller that knows its owner and tokens)."""

    def recent_version(self, game_id: str) -> GameVersion | None:
        """The game as this process last read or saved it, without a round trip: perhaps stale (a
        save at its version then finds the game as it is: ``SaveOutcome.found``); None when not kept."""

    def load_games(self, game_ids: Sequence[str]) -> list[GameRow | None]:
        """Several games at once (one round trip), in the order asked; None for each that is gone."""

    def read_events(self, game_id: str, after: int, limit: int) -> list[tuple[int, str]]:
        """Events with sequence numbers ``after + 1`` onwards, at most ``limit``, as (seq, json)."""

    def read_log(self, game_id: str) -> list[LoggedEvent]:
        """The game's whole log with each event's save time (a game's record); empty when it is gone."""

    def wait_for_events(self, game_id: str, after: int, timeout: float) -> list[tuple[int, str]]:
        """The events after ``after`` as soon as there are any, waiting at most ``timeout`` seconds
        (then none): what follows a game live."""

    def claim_idempotency_key(self, game_id: str, key: str, fingerprint: str) -> IdempotencyClaim:
        """Claim ``key`` for a request, or tell who holds it and what they answered."""

    def record_answer(self, game_id: str, key: str, answer: StoredAnswer) -> None:
        """Record the answer of a request that changed nothing (a refusal) under its key."""

    def release_idempotency_key(self, game_id: str, key: str) -> None:
        """Free a claimed key whose request failed before it could be answered."""

    def ping(self) -> None:
        """Raise StoreUnavailable unless the store answers."""

    def close(self) -> None:
        """Let go of its connections (a command, a test that is done); used again, it reconnects."""
