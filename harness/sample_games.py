"""Sample stored data: what a store is given for a game when its content does not matter (a store's
tests, ``bench.worker_save``), so that the two make it one way."""

from __future__ import annotations

from service.store.base import GameRow, TokenHashes


def game_row(version: int = 1, snapshot: str = '{"turn": 0}') -> GameRow:
    """A two-seat game's row at ``version``, its token digests made up."""
    return GameRow(version, snapshot, TokenHashes(admin="a" * 64, players=("b" * 64, "c" * 64)))
