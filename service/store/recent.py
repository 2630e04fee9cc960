"""The latest version of each game this process read or saved, kept to spare a move its read.

A move judged against the version kept here is saved by one script that checks the version
(``change_game``, ``lua/functions/change_game.lua``); when another process (or the worker) saved
since, the script answers with the game as it is, and the move is judged again against that: a
stale entry costs the round trip a move costs without this, and never a wrong answer
(``play.commit`` confirms every refusal against a fresh read). Bounded in bytes (``GAME_CACHE_BYTES``), the
least recently used out first.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from service.store.base import GameVersion

ENTRY_BYTES = 200
"""What an entry costs beside its snapshot (its id, the tuple, the dict's slot), roughly."""


class RecentGames:
    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._games: OrderedDict[str, GameVersion] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, game_id: str) -> GameVersion | None:
        with self._lock:
            found = self._games.get(game_id)
            if found is not None:
                self._games.move_to_end(game_id)
            return found

    def keep(self, game_id: str, found: GameVersion | None) -> None:
        """``found``: the game as a read or a save just saw it (None: gone)."""
        if found is None:
            self.forget(game_id)
            return
        size = len(found.snapshot) + ENTRY_BYTES
        if size > self.max_bytes:
            self.forget(game_id)  # an older copy must not stay in its place
            return
        with self._lock:
            held = self._games.pop(game_id, None)
            if held is not None:
                self._bytes -= len(held.snapshot) + ENTRY_BYTES
                if held.version > found.version:  # a slower read must not replace a later save
                    found, size = held, len(held.snapshot) + ENTRY_BYTES
            self._games[game_id] = found
            self._bytes += size
            while self._bytes > self.max_bytes:
                _, oldest = self._games.popitem(last=False)
                self._bytes -= len(oldest.snapshot) + ENTRY_BYTES

    def forget(self, game_id: str) -> None:
        with self._lock:
            held = self._games.pop(game_id, None)
            if held is not None:
                self._bytes -= len(held.snapshot) + ENTRY_BYTES
