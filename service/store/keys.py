"""Every Redis key of the service, built here and nowhere else.

All keys of one game share the hash tag ``{<game_id>}`` so that a game lives in
one Redis Cluster slot and a Lua script may touch all of them at once.
"""

from __future__ import annotations

PREFIX = "restart"


def game(game_id: str) -> str:
    """Hash: ``version``, ``snapshot`` (JSON) and ``tokens`` (JSON of token hashes)."""
    return f"{PREFIX}:{{{game_id}}}:snapshot"


def events(game_id: str) -> str:
    """List of event JSON documents; an event's sequence number is its position + 1."""
    return f"{PREFIX}:{{{game_id}}}:events"


def idempotency(game_id: str, key: str) -> str:
    """String: a claimed key's in-flight marker, then its recorded answer (JSON)."""
    return f"{PREFIX}:{{{game_id}}}:idem:{key}"
