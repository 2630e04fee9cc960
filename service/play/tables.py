"""A table: a game waiting for its players, dealt when its last open seat is claimed.

``POST /v1/tables`` (the owner's key) sets a game up with some seats open: each open seat gets an
invitation (a single-use token for a link), each seat taken from the start its holder's token, and
the game its admin's and spectators' tokens, as a creation does. The table waits, at most as long as
its owner said, for every invitation to be claimed (``POST /v1/tables/{id}/seats/{seat}/claim``).
The claim that takes the last open seat deals the game, under the table's id, with the tokens the
table gave out: its clocks start then. A table whose time ran out takes no claim; its owner may
delete one that waits.

A table is one document with a version, written only over the version it was read at
(``store.tables``): of two claims of one seat exactly one is saved, the other, decided again, is
told the seat was claimed. The deal is a second step, the game's creation by the one commit path:
a claim that dies between the two leaves a table whose seats are all held and no game, which the
next reading of the table deals (a creation finds its game there: ``GameExists``).
"""

from __future__ import annotations

import hmac
import json
import secrets
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, TypeVar

from service.play.access import Caller, hash_token, identify, new_token
from service.play.commit import commit
from service.play.games import Seat, check_level
from service.play.outbox import Told, nobody
from service.play.refusals import (
    ConcurrentUpdate,
    InvalidField,
    InvitationExpired,
    InvitationUsed,
    SeatNotFound,
    TableDealt,
    TableNotFound,
    Unauthorized,
)
from service.play.timeouts import clock_settings, rfc3339, settings_view
from service.play.transitions import Found, created
from service.rules.clock import ClockSettings
from service.rules.messages import Message
from service.rules.state import MAX_SEED
from service.store import GameExists, Store, StoredTable, TokenHashes

TABLE_SECONDS = 24 * 3600
"""How long a table waits for its players unless its owner says (a day)."""
MIN_TABLE_SECONDS = 60
MAX_TABLE_SECONDS = 7 * 24 * 3600
KEPT_AFTER_MS = 24 * 3600 * 1000
"""A table is kept this long past its time: a late claim is told it expired, a late reader where the
game is, rather than that there is no such table."""

T = TypeVar("T")

MAX_ATTEMPTS = 8
"""Saves of one change lost to others before it gives up (ConcurrentUpdate): more than a table's
seats, so claims racing each other for all of them end."""


class TableStatus(StrEnum):
    WAITING = "waiting"
    """Some seat is still open, and its time has not run out."""
    DEALT = "dealt"
    """Every seat taken: the game is dealt under the table's id."""
    EXPIRED = "expired"
    """Its time ran out with a seat still open: it takes no claim."""


class SeatStatus(StrEnum):
    OPEN = "open"
    HELD = "held"
    BOT = "bot"


@dataclass(frozen=True, slots=True)
class OpenSeat:
    """A seat a creation leaves open, for whoever claims its invitation."""

    name: str | None = None
    """The seat's name until it is claimed (and after, if the claim names no one)."""


@dataclass(frozen=True, slots=True)
class TableSeat:
    name: str
    bot: str | None = None
    player: str | None = None
    """The client app's reference for the seat's holder, if it gave one."""
    token: str = ""
    """The digest of its holder's token: empty while it is open (and for a bot's seat)."""
    invitation: str = ""
    """The digest of its invitation (an open seat's, kept once claimed: a second claim is told so)."""

    @property
    def status(self) -> SeatStatus:
        if self.bot is not None:
            return SeatStatus.BOT
        return SeatStatus.HELD if self.token else SeatStatus.OPEN


@dataclass(frozen=True, slots=True)
class Table:
    table_id: str
    owner: str
    version: int
    expires_ms: int
    seed: int
    target_score: int
    clock: ClockSettings | None
    admin: str
    """The digest of the game's admin token (likewise ``spectator``)."""
    spectator: str
    seats: tuple[TableSeat, ...]
    dealt: bool = False

    @property
    def full(self) -> bool:
        return all(seat.status is not SeatStatus.OPEN for seat in self.seats)

    def status(self, now_ms: int) -> TableStatus:
        if self.dealt:
            return TableStatus.DEALT
        return TableStatus.WAITING if self.full or now_ms < self.expires_ms else TableStatus.EXPIRED

    def hashes(self) -> TokenHashes:
        """The game's token digests: the table's, each seat its holder's (none for an open seat)."""
        return TokenHashes(self.admin, tuple(seat.token for seat in self.seats), self.spectator)

    def to_json(self) -> str:
        return json.dumps(
            {
                "owner": self.owner,
                "expires_ms": self.expires_ms,
                "seed": self.seed,
                "target_score": self.target_score,
                "clock": None if self.clock is None else settings_view(self.clock),
                "admin": self.admin,
                "spectator": self.spectator,
                "seats": [
                    {
                        "name": s.name,
                        "bot": s.bot,
                        "player": s.player,
                        "token": s.token,
                        "invitation": s.invitation,
                    }
                    for s in self.seats
                ],
                "dealt": self.dealt,
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_stored(cls, table_id: str, stored: StoredTable) -> Table:
        doc = json.loads(stored.text)
        clock = None if doc["clock"] is None else clock_settings(doc["clock"], shown=True)
        seats = tuple(TableSeat(**seat) for seat in doc["seats"])
        return cls(
            table_id, doc["owner"], stored.version, doc["expires_ms"], doc["seed"], doc["target_score"],
            clock, doc["admin"], doc["spectator"], seats, doc["dealt"],
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class SeenTable:
    """A table and who reads it."""

    table: Table
    caller: Caller | None
    """By a token of the game to come, or the owner's key (the admin); None: an invitation's bearer."""

    @property
    def by_owner(self) -> bool:
        """Read with the owner's credentials (its key, the admin token): each seat's ``player`` shown."""
        return self.caller is not None and self.caller.is_admin


def table_view(table: Table, owner: bool, now: float) -> dict[str, Any]:
    """The table as anyone who may read it sees it; for its ``owner`` also the client app's own
    reference for each seat's holder, as in a game's view."""
    seats = []
    for index, seat in enumerate(table.seats):
        shown: dict[str, Any] = {
            "seat": index,
            "name": seat.name,
            "state": seat.status.value,
            "bot": seat.bot,
        }
        if owner:
            shown["player"] = seat.player
        seats.append(shown)
    status = table.status(round(now * 1000))
    return {
        "table_id": table.table_id,
        "version": table.version,
        "status": status.value,
        "expires_at": rfc3339(table.expires_ms),
        "game_id": table.table_id if status is TableStatus.DEALT else None,
        "target_score": table.target_score,
        "clock": None if table.clock is None else settings_view(table.clock),
        "seats": seats,
    }


@dataclass(frozen=True, slots=True)
class CreatedTable:
    table: Table
    admin: str
    spectator: str
    players: tuple[str | None, ...]
    """Each seat taken from the start: its holder's token (None: open, or a bot's)."""
    invitations: tuple[tuple[int, str], ...]
    """Each open seat and its invitation's token. Every token is shown this once."""


def new_table(
    table_id: str, owner: str, now: float, seats: Sequence[Seat | OpenSeat], seed: int | None,
    target_score: int, clock: ClockSettings | None, expires_in: int,
) -> CreatedTable:  # fmt: skip
    """A table as its creation sets it up (not saved): InvalidField when no seat is open."""
    if not any(isinstance(seat, OpenSeat) for seat in seats):
        raise InvalidField(
            "players", Message("a table leaves at least one seat open: a game without one is a creation")
        )
    admin, spectator = new_token(), new_token()
    players: list[str | None] = []
    invitations: list[tuple[int, str]] = []
    kept: list[TableSeat] = []
    for index, seat in enumerate(seats):
        if isinstance(seat, OpenSeat):
            invitation = new_token()
            invitations.append((index, invitation))
            players.append(None)
            kept.append(TableSeat(seat.name or f"Player {index + 1}", invitation=hash_token(invitation)))
        elif seat.bot is not None:
            check_level(seat.bot)
            players.append(None)
            kept.append(TableSeat(seat.name, bot=seat.bot))
        else:
            token = new_token()
            players.append(token)
            kept.append(TableSeat(seat.name, player=seat.player, token=hash_token(token)))
    table = Table(
        table_id, owner, 0, round(now * 1000) + expires_in * 1000,
        secrets.randbelow(MAX_SEED + 1) if seed is None else seed, target_score, clock,
        hash_token(admin), hash_token(spectator), tuple(kept),
    )  # fmt: skip
    return CreatedTable(table, admin, spectator, tuple(players), tuple(invitations))


def save_new_table(store: Store, made: CreatedTable, now: float) -> CreatedTable:
    """The new table saved (its id is new: nothing can be there)."""
    table = replace(made.table, version=1)
    if not store.save_table(table.table_id, 1, table.to_json(), _keep_ms(table, now)):
        raise ConcurrentUpdate(MAX_ATTEMPTS)
    return replace(made, table=table)


def load_table(store: Store, table_id: str) -> Table | None:
    stored = store.load_table(table_id)
    return None if stored is None else Table.from_stored(table_id, stored)


def reader(table: Table, token: str) -> Caller | None:
    """Who a bearer token is at ``table``: the admin, a seat's holder or a spectator, as in the game to
    come; None for an open seat's invitation (which may read the table until it is claimed); else
    Unauthorized."""
    try:
        return identify(table.hashes(), token)
    except Unauthorized:
        presented = hash_token(token)
        for seat in table.seats:
            if seat.status is SeatStatus.OPEN and hmac.compare_digest(presented, seat.invitation):
                return None
        raise


def owned(table: Table | None, client_id: str) -> Table:
    """``table`` if it is ``client_id``'s: else TableNotFound (the owner's key reads its own only)."""
    if table is None or table.owner != client_id:
        raise TableNotFound()
    return table


def settled(store: Store, table: Table, now: float, told: Told = nobody) -> Table:
    """``table``, dealt if every seat is held and it was not yet (a claim that died before it dealt)."""
    if table.dealt or not table.full:
        return table
    return _deal(store, table, now, told)


@dataclass(frozen=True, slots=True)
class ClaimedSeat:
    table: Table
    """The table as the claim left it (dealt, if it took the last open seat)."""
    token: str
    """The claimant's token for the seat, in the game to come: shown this once."""


def claim_seat(
    store: Store, table: Table, seat: int, invitation: str, name: str | None, player: str | None,
    now: float, told: Told = nobody,
) -> ClaimedSeat:  # fmt: skip
    """``seat`` of ``table`` taken by whoever holds its ``invitation`` (``name``: theirs, else the
    seat's; ``player``: the client app's reference for them); the game dealt if it was the last open
    seat. Decided again against the table as each lost save finds it: of two claims of one seat, the
    second is InvitationUsed."""
    if seat >= len(table.seats):
        raise SeatNotFound(len(table.seats))
    presented = hash_token(invitation)
    token = new_token()
    now_ms = round(now * 1000)

    def decide(found: Table) -> Table | None:
        asked = found.seats[seat]
        if not asked.invitation or not hmac.compare_digest(presented, asked.invitation):
            raise Unauthorized()  # no invitation of this seat: a stranger learns nothing of the table
        if asked.status is not SeatStatus.OPEN:
            raise InvitationUsed(seat)
        if found.status(now_ms) is TableStatus.EXPIRED:
            raise InvitationExpired(seat)
        holder = replace(asked, name=name or asked.name, player=player, token=hash_token(token))
        return replace(found, seats=(*found.seats[:seat], holder, *found.seats[seat + 1 :]))

    claimed = _change(store, table, decide, now)
    return ClaimedSeat(settled(store, claimed, now, told), token)


def delete_table(store: Store, table: Table, caller: Caller, now: float) -> None:
    """The table removed, by its admin, while it waits or after its time ran out, and its place among
    the owner's open games freed; once every seat is held its game is (or is about to be) dealt:
    TableDealt (the game is deleted as any game)."""
    caller.require_admin()

    def attempt(found: Table) -> bool | None:
        if found.dealt or found.full:
            raise TableDealt()
        return store.delete_table(found.table_id, found.version) or None

    with suppress(TableNotFound):  # gone already: a deletion's retry finds it done
        _retried(store, table, attempt)
        store.game_closed(table.owner, table.table_id, forget=True)  # its place among the open games


def _deal(store: Store, table: Table, now: float, told: Told) -> Table:
    """The table's game dealt (once: a second dealing finds it there), then the table marked dealt."""
    names = [seat.name for seat in table.seats]
    bots = [seat.bot for seat in table.seats]
    players = [seat.player for seat in table.seats]
    hashes = table.hashes()
    now_ms = round(now * 1000)

    def dealt(_: Found) -> Any:
        return created(names, bots, table.seed, table.target_score, table.clock, now_ms, hashes, players)

    with suppress(GameExists):  # dealt by an earlier reading, which died before it marked the table
        commit(store, Found(table.table_id, table.owner, 0, None), dealt, now, told=told)
    return _change(store, table, lambda found: None if found.dealt else replace(found, dealt=True), now)


def _change(store: Store, table: Table, decide: Callable[[Table], Table | None], now: float) -> Table:
    """``decide``'s table (None: nothing to change) saved over the one it was decided against."""

    def attempt(found: Table) -> Table | None:
        decided = decide(found)
        if decided is None:
            return found
        changed = replace(decided, version=found.version + 1)
        saved = store.save_table(found.table_id, changed.version, changed.to_json(), _keep_ms(changed, now))
        return changed if saved else None

    return _retried(store, table, attempt)


def _retried(store: Store, table: Table, attempt: Callable[[Table], T | None]) -> T:
    """``attempt``'s outcome against ``table``, tried again against the table as a lost race (None)
    finds it: the tables' one loop, as ``play.commit``'s is the games'. TableNotFound when the table
    is gone (deleted, or kept past its time)."""
    for _ in range(MAX_ATTEMPTS):
        done = attempt(table)
        if done is not None:
            return done
        found = load_table(store, table.table_id)
        if found is None:
            raise TableNotFound()
        table = found
    raise ConcurrentUpdate(MAX_ATTEMPTS)


def _keep_ms(table: Table, now: float) -> int:
    """How long the store keeps ``table`` from ``now``: until its time runs out, and a day more."""
    return max(table.expires_ms - round(now * 1000), 0) + KEPT_AFTER_MS
