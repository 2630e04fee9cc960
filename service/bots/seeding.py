"""The seed of one bot decision, derived from the game so that a replay chooses the same.

Hashed (SHA-256), so the decision seed reveals nothing of the game's seed, from which
``rules.deal`` rebuilds every hand.
"""

from __future__ import annotations

import hashlib

SEED_BYTES = 8


def decision_seed(game_seed: int, version: int, seat: int) -> int:
    """The seed for ``seat``'s decision at ``version`` of the game dealt from ``game_seed``."""
    text = f"restart-bot:{game_seed}:{version}:{seat}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:SEED_BYTES], "big")
