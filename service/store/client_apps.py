"""The store contract for client apps: their records and keys, what they may cost, and their games.

A client is one third party's app. The store keeps its name, limits (overrides of the
service's defaults) and the SHA-256 digests of its keys; admits its requests and games by
GCRA and counts an address's refused credentials in fixed windows (every check and count
one atomic step); and indexes the games it created, for listing
them and capping how many are unfinished at once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Protocol


class ClientExists(Exception):
    """``create_client`` was given an id that is already taken: nothing was written."""


@dataclass(frozen=True, slots=True)
class KeyDigest:
    """The SHA-256 hex digest of one of a client's keys; the key itself is never stored."""

    digest: str
    expires_at: float | None = None
    """Epoch seconds after which the key no longer works (a rotated-out key); None: no end."""


@dataclass(frozen=True, slots=True)
class ClientLimits:
    """A client's own limits; None keeps the service's default (``service.settings``)."""

    requests_per_second: int | None = None
    games_per_minute: int | None = None
    max_open_games: int | None = None
    max_in_flight: int | None = None
    """Requests at once, per worker process."""
    max_streams: int | None = None
    """Streams open at once, per worker process."""


LIMIT_FIELDS = tuple(limit.name for limit in fields(ClientLimits))
"""Every limit a client may have of its own, by name (the stored fields and the command's flags)."""


@dataclass(frozen=True, slots=True)
class ClientRow:
    id: str
    name: str
    created_at: float
    """Epoch seconds."""
    keys: tuple[KeyDigest, ...]
    limits: ClientLimits = field(default_factory=ClientLimits)
    revoked: bool = False
    """Every key stopped working at once; the record stays for the operator to see."""


CLOCK_DISORDER = 3600
"""Seconds by which a hit's ``now`` may lag behind one counted before it: ``now`` is read as a
request begins, and the request may reach the store after newer ones. Such a late hit finds
the bucket further ahead than a burst: it is refused, not taken for a changed quota."""


@dataclass(frozen=True, slots=True)
class Window:
    """A policy of ``quota`` hits per ``seconds``.

    A client's requests and games are admitted by GCRA (the generic cell rate algorithm: a
    token bucket kept as one number): a burst of the quota passes at once, then one hit per
    period (``seconds / quota``), the bucket refilling evenly rather than at a window's
    start. The number is the theoretical arrival time (``tat``), counted in periods since
    the epoch, not in seconds: each hit adds exactly 1, so the N-th hit of a burst at one
    instant is exact whatever the quota (below a million a second). A hit is admitted while
    ``tat`` stays within ``quota`` periods of now. An address's refused credentials
    (``count_hit``) count in fixed windows aligned to the clock (epoch multiples).
    """

    name: str
    """The policy's name, as clients read it in ``RateLimit-Policy``."""
    quota: int
    seconds: int
    override: str | None = None
    """The ``ClientLimits`` field that replaces ``quota`` for a client that has it set."""

    def index(self, now: float) -> int:
        """Which fixed window ``now`` falls in (windows count from the epoch)."""
        return math.floor(now / self.seconds)

    def quota_for(self, limits: ClientLimits) -> int:
        override = getattr(limits, self.override) if self.override else None
        return self.quota if override is None else int(override)

    def use(self, quota: int, used: int, now: float) -> WindowUse:
        """Where a fixed window stands after ``used`` hits in it."""
        ends = (self.index(now) + 1) * self.seconds - now
        return WindowUse(self.name, quota, self.seconds, used, ends, ends)

    def take(self, quota: int, tat: float | None, now: float) -> tuple[bool, float]:
        """Whether a hit at ``now`` is admitted, given the stored ``tat`` (None: a full bucket), and
        the ``tat`` after it (unchanged when refused). A ``tat`` further ahead than a burst and
        ``CLOCK_DISORDER`` can reach was counted under another quota: the bucket starts full.
        The Redis script's function (lua/functions/admit.lua) does the very same sums, in the same order."""
        periods = now * quota / self.seconds
        if tat is None or tat > periods + quota + quota * CLOCK_DISORDER / self.seconds:
            tat = periods
        after = max(tat, periods) + 1
        return (True, after) if quota > 0 and after - periods <= quota else (False, tat)

    def standing(self, quota: int, tat: float, now: float) -> WindowUse:
        """Where a bucket with this ``tat`` stands at ``now``: the hits it admits at once, when it is
        full again, when it admits the next (in seconds rounded to the microsecond: the sums are
        floats)."""
        if quota <= 0:
            return WindowUse(self.name, quota, self.seconds, 0, self.seconds, self.seconds)
        period = self.seconds / quota
        ahead = max(tat - now * quota / self.seconds, 0.0)
        remaining = max(math.floor(quota - ahead), 0)
        next_in = 0.0 if remaining else round((ahead + 1 - quota) * period, 6)
        return WindowUse(self.name, quota, self.seconds, quota - remaining, round(ahead * period, 6), next_in)


@dataclass(frozen=True, slots=True)
class WindowUse:
    """Where a policy stood after a hit (or, for a refused hit, without it)."""

    name: str
    quota: int
    seconds: int
    used: int
    """The quota units taken (fixed window: its hits; GCRA: ``quota`` minus the hits it admits at once)."""
    resets_in: float
    """Seconds until the whole quota is back (fixed window: until it ends; GCRA: until ``tat``)."""
    next_in: float = 0.0
    """Seconds until one more hit is admitted (0 while some remain): what ``Retry-After`` says."""

    @property
    def remaining(self) -> int:
        return max(self.quota - self.used, 0)


class Admission(Enum):
    ADMITTED = "admitted"
    """Counted in every window."""
    LIMITED = "limited"
    """The window was full: not counted."""
    UNKNOWN = "unknown"
    """No such client, a revoked one, or a key that is not (or no longer) one of its keys."""


@dataclass(frozen=True, slots=True)
class Admitted:
    admission: Admission
    windows: tuple[WindowUse, ...] = ()
    """Where the window counted in stands (none for an unknown client)."""
    limits: ClientLimits = field(default_factory=ClientLimits)
    """The client's own limits (for the checks that are not windows, such as open games)."""


@dataclass(frozen=True, slots=True)
class Counting:
    """One request of a game's owner, to count in its window together with a write (or a read)."""

    client_id: str
    window: Window
    now: float


@dataclass(frozen=True, slots=True)
class TurnPosition:
    """An entry of a player's turns (``play.turns``): its score, the turn's deadline or when it
    started (epoch ms), and its game."""

    score: int
    game_id: str


def past(entries: list[TurnPosition], after: TurnPosition | None) -> list[TurnPosition]:
    """``entries`` (highest first, from ``after``'s score down) without those up to ``after``: the ones
    at its score whose game id is not below its."""
    if after is None:
        return entries
    return [e for e in entries if e.score < after.score or e.game_id < after.game_id]


class ClientStore(Protocol):
    def create_client(self, record: ClientRow) -> None:
        """Store a new client; ClientExists when its id is taken."""

    def load_client(self, client_id: str) -> ClientRow | None: ...

    def list_clients(self) -> list[ClientRow]:
        """Every client, oldest first."""

    def replace_client(self, record: ClientRow) -> None:
        """Overwrite an existing client's name, keys, limits and revocation (its counts stay)."""

    def admit(self, client_id: str, key_digest: str | None, window: Window, now: float) -> Admitted:
        """One atomic step: the client exists (and, given a digest, holds that key, valid at
        ``now``, and is not revoked); then one hit in ``window``, unless it is full."""

    def count_hit(self, subject: str, window: Window, now: float) -> WindowUse:
        """Count a hit for ``subject`` (a source address) in ``window``, full or not."""

    def reserve_game(self, client_id: str, game_id: str, max_open: int, now: float) -> bool:
        """Index a new game of the client unless it has ``max_open`` unfinished games already.

        The newest ``MAX_LISTED_GAMES`` stay listed; older entries are dropped (their games
        expire on their own).
        """

    def game_closed(self, client_id: str, game_id: str, *, forget: bool) -> None:
        """The game no longer counts as open (finished); with ``forget`` it leaves the listing too."""

    def client_games(
        self, client_id: str, before: int | None, limit: int, open_only: bool
    ) -> list[tuple[int, str]]:
        """Up to ``limit`` of the client's games (only unfinished ones with ``open_only``), newest first.

        Each as (position, game id): the position is its creation time in microseconds, unique
        per client; ``before`` continues a listing after the position last seen.
        """

    def turn_given(self, client_id: str, player: str, game_id: str, score: int) -> None:
        """The game is in ``player``'s turns (the client's reference), at ``score`` (a cluster's and the
        memory store's step of a save; a single Redis server writes it in the save's script)."""

    def turn_taken(self, client_id: str, player: str, game_id: str) -> None:
        """The game is no longer in ``player``'s turns."""

    def player_turns(
        self, client_id: str, player: str, after: TurnPosition | None, limit: int
    ) -> list[TurnPosition]:
        """Up to ``limit`` entries of ``player``'s turns, highest score first (ties by game id, highest
        first), after the entry ``after`` (from the top when None)."""
