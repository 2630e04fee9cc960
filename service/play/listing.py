"""A client's own games, newest first, a page at a time: what ``GET /v1/games`` lists.

The client's index names its games; the games themselves say their status. A page
scans the index from the cursor on, keeps the games that match, and drops entries
whose game is gone (expired, or deleted between two steps).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from service.play.projection import player_summaries
from service.play.stored_game import StoredGame, decode
from service.rules.state import Status
from service.store import Store

MAX_SCANNED = 1_000
"""Index entries one page may read: a page can hold fewer games than asked, with a cursor to go on."""


@dataclass(frozen=True, slots=True)
class GamesPage:
    games: list[dict[str, Any]]
    next_cursor: int | None
    """Where the next page starts (a position in the index); None: nothing further."""


def summary(game_id: str, position: int, version: int, stored: StoredGame) -> dict[str, Any]:
    """What a listing tells of a game: enough to find it again and see where it stands."""
    snapshot = stored.snapshot
    created = datetime.fromtimestamp(position / 1_000_000, UTC).isoformat(timespec="milliseconds")
    return {
        "id": game_id,
        "created_at": created.replace("+00:00", "Z"),
        "version": version,
        "status": snapshot["status"],
        "round": snapshot["round"],
        "current_player": snapshot["current_player"],
        "players": player_summaries(stored, owner=True),
        "winners": snapshot["winners"],
        "end_reason": snapshot.get("end_reason"),
    }


def list_games(
    store: Store, client_id: str, status: Status | None, cursor: int | None, limit: int
) -> GamesPage:
    """Up to ``limit`` of the client's games with ``status`` (any, when None), after ``cursor``."""
    found: list[dict[str, Any]] = []
    scanned = 0
    while len(found) < limit and scanned < MAX_SCANNED:
        batch = store.client_games(client_id, cursor, limit - len(found), open_only=status is Status.PLAYING)
        if not batch:
            return GamesPage(found, None)
        scanned += len(batch)
        cursor = batch[-1][0]
        for (position, game_id), record in zip(batch, store.load_games([g for _, g in batch]), strict=True):
            if record is None:
                store.game_closed(client_id, game_id, forget=True)
                continue
            stored = decode(record.snapshot)
            if status is Status.PLAYING and stored.snapshot["status"] == Status.FINISHED:
                store.game_closed(client_id, game_id, forget=False)  # a step a failure skipped
            if status is None or stored.snapshot["status"] == status:
                found.append(summary(game_id, position, record.version, stored))
    return GamesPage(found, cursor)
