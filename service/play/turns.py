"""Whose turn it is, by the client app's player references: the index a change keeps of it, the
``turn.started`` it tells, and what ``GET /v1/players/{player}/turns`` lists.

A game is in a player's turns while it is being played, its turn is a seat a person holds, and that
holder carries the app's ``player`` reference (a bot's seat, or one vacated or left, is no one's).
Each change saves, with itself, the game's move from one player's turns to another's (``Turns``,
written by the store in the same step on one Redis server, in steps around the game's on a cluster
and in memory: the new entry first, so a game is never missing from its player's turns). An entry
is scored by the turn's deadline, or, in a game without a clock, by when the turn started.

A listing reads each entry's game and keeps it only if the turn is still that player's: an entry a
process left behind (it died between the steps of a cluster's save) shows nothing wrong. An entry
whose game is gone (deleted or expired) is taken out once it is a minute old.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from service.play.holders import SeatState
from service.play.stored_game import StoredGame, decode
from service.play.timeouts import rfc3339
from service.rules import Status
from service.store import Store, TurnPosition, Turns

GONE_AFTER_MS = 60_000
"""How old an entry whose game is gone must be to be taken out: a cluster indexes a new game just
before it saves it, which takes well under this."""
MAX_SCANNED = 1_000
"""Entries one page may read: a page can hold fewer turns than asked, with a cursor to go on."""


@dataclass(frozen=True, slots=True)
class Turn:
    """A turn that belongs to a person the app named: the seat, its holder's reference, its deadline."""

    seat: int
    player: str
    deadline_ms: int | None
    """When it times out (epoch ms); None in a game without a clock."""

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "player": self.player, "deadline": _moment(self.deadline_ms)}


def turn_of(stored: StoredGame | None) -> Turn | None:
    """Whose turn ``stored`` (None: no game) gives a person the app named, if anyone's."""
    if stored is None or stored.snapshot["status"] == Status.FINISHED:
        return None
    seat = stored.snapshot["current_player"]
    holding = stored.holding(seat)
    if holding.player is None or holding.state is not SeatState.HELD or stored.bot(seat) is not None:
        return None
    clock = stored.clock
    return Turn(seat, holding.player, None if clock is None else clock.deadline_ms)


def turn_change(
    before: StoredGame | None, after: StoredGame | None, played: bool, at_ms: int
) -> tuple[Turns | None, Turn | None]:
    """What a change from ``before`` to ``after`` (None: no game) at ``at_ms`` does to its players'
    turns: the index's move (None: none), and the turn it starts, if it starts one. A turn starts when
    a move was ``played`` (the game's creation included) or the turn passes to another person."""
    was, now = turn_of(before), turn_of(after)
    if now is None:
        return (None if was is None else Turns(leaves=was.player)), None
    started = played or was is None or (was.seat, was.player) != (now.seat, now.player)
    if not started and (now.deadline_ms is None or was is None or now.deadline_ms == was.deadline_ms):
        return None, None  # the same turn, scored as it was
    score = at_ms if now.deadline_ms is None else now.deadline_ms
    leaves = None if was is None or was.player == now.player else was.player
    return Turns(leaves, now.player, score), now if started else None


@dataclass(frozen=True, slots=True)
class TurnsPage:
    turns: list[dict[str, Any]]
    next_cursor: str | None


def list_turns(
    store: Store, client_id: str, player: str, cursor: str | None, limit: int, now_ms: int
) -> TurnsPage:
    """Up to ``limit`` of the client's games whose turn is ``player``'s, the latest deadline first (a
    game without a clock by when its turn started), after ``cursor``."""
    position = None if cursor is None else read_cursor(cursor)
    found: list[dict[str, Any]] = []
    scanned = 0
    while len(found) < limit and scanned < MAX_SCANNED:
        batch = store.player_turns(client_id, player, position, limit - len(found))
        if not batch:
            return TurnsPage(found, None)
        scanned += len(batch)
        position = batch[-1]
        for entry, record in zip(batch, store.load_games([e.game_id for e in batch]), strict=True):
            if record is None:
                if entry.score < now_ms - GONE_AFTER_MS:
                    store.turn_taken(client_id, player, entry.game_id)
                continue
            stored = decode(record.snapshot)
            turn = turn_of(stored)
            if turn is not None and turn.player == player:
                found.append(listed(entry, record.version, stored, turn))
    return TurnsPage(found, None if position is None else write_cursor(position))


def listed(entry: TurnPosition, version: int, stored: StoredGame, turn: Turn) -> dict[str, Any]:
    clock = stored.clock
    since = entry.score if clock is None else clock.started_ms
    return {
        "game_id": entry.game_id,
        "seat": turn.seat,
        "version": version,
        "round": stored.snapshot["round"],
        "since": rfc3339(since),
        "deadline": _moment(turn.deadline_ms),
    }


def write_cursor(position: TurnPosition) -> str:
    return f"{position.score}_{position.game_id}"


def read_cursor(cursor: str) -> TurnPosition:
    """A cursor ``write_cursor`` wrote (the contract's pattern checked it at the edge)."""
    score, game_id = cursor.split("_", 1)
    return TurnPosition(int(score), game_id)


def _moment(epoch_ms: int | None) -> str | None:
    return None if epoch_ms is None else rfc3339(epoch_ms)
