"""What a store is configured with: how long games are kept, and where Redis is.

Plain values with their defaults written here once; ``service.settings`` fills them
from the environment and the stores take them as they are.
"""

from __future__ import annotations

from dataclasses import dataclass

DAY = 24 * 3600


@dataclass(frozen=True, slots=True)
class Expiry:
    """How long games are kept, in seconds."""

    idle: int = 7 * DAY
    """An unfinished game nobody moved in for this long expires."""
    finished: int = DAY
    """A finished game stays readable this long after its last move."""

    def after_move(self, finished: bool) -> int:
        return self.finished if finished else self.idle


@dataclass(frozen=True, slots=True)
class RedisOptions:
    """Where Redis is and how long to wait for it: the service fails fast rather than waits."""

    url: str
    """``redis://``, ``rediss://`` (TLS) or ``unix://``."""
    cluster: bool = False
    """``url`` names a node of a Redis Cluster (each game lives in one slot)."""
    connect_timeout: float = 0.25
    socket_timeout: float = 0.5
    """Seconds to wait for a reply, and for a free pooled connection."""
    pool_size: int = 64
    """Connections per worker process."""
    game_cache_bytes: int = 32 * 1024 * 1024
    """Bytes of recent games each process keeps, to spare a move its read (``store.recent``); 0: none."""
