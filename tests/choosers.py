"""How test clients pick among the legal moves the API lists."""

from __future__ import annotations

import random
from typing import Any


def choose(chooser: random.Random, moves: list[dict[str, Any]]) -> dict[str, Any]:
    """Mostly the longest run, so games last several rounds; sometimes anything legal."""
    placing = [move for move in moves if move["action"] != "pass"]
    if placing and chooser.random() < 0.9:
        longest = max(len(move["tiles"]) for move in placing)
        return chooser.choice([move for move in placing if len(move["tiles"]) == longest])
    return chooser.choice(moves)
