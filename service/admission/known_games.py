"""What never changes about a game, remembered by each process: its owner and its tokens' digests.

A game's owner and tokens are fixed at its creation. Knowing them before any store read
lets a process check a token at once (a stranger's request costs no store call) and read
the game together with its owner's admission, in one round trip. A deleted game is
forgotten at the first request that finds it gone.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.store import TokenHashes


@dataclass(frozen=True, slots=True)
class GameIdentity:
    owner: str | None
    tokens: TokenHashes


class KnownGames:
    """A bounded map of game id -> identity; the oldest entries make room for new ones."""

    def __init__(self, capacity: int = 100_000) -> None:
        self.capacity = capacity
        self._known: dict[str, GameIdentity] = {}

    def get(self, game_id: str) -> GameIdentity | None:
        return self._known.get(game_id)

    def remember(self, game_id: str, owner: str | None, tokens: TokenHashes) -> None:
        if len(self._known) >= self.capacity:
            del self._known[next(iter(self._known))]
        self._known[game_id] = GameIdentity(owner, tokens)

    def forget(self, game_id: str) -> None:
        self._known.pop(game_id, None)
