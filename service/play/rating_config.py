"""The rating pools' configuration, which ``settings.py`` fills (``RATING_POOLS``,
``RATINGS_SKIP_TAKEBACKS``): whose games share a pool, and whose games with a takeback go unrated."""

from __future__ import annotations

import re
from dataclasses import dataclass

POOL_NAME = re.compile(r"[A-Za-z0-9_.-]{1,64}")
"""A rating pool's name, as the operator writes it (it is part of Redis keys)."""


def rating_pools(text: str) -> tuple[tuple[str, str], ...]:
    """``client=pool,client=pool``: the clients whose games share a pool (docs/RATINGS.md)."""
    pools = []
    for pair in filter(None, (part.strip() for part in text.split(","))):
        client, _, pool = pair.partition("=")
        if not client.strip() or not POOL_NAME.fullmatch(pool.strip()):
            raise ValueError(f"{pair!r} is not client=pool (a pool: letters, digits, '_', '.', '-')")
        pools.append((client.strip(), pool.strip()))
    return tuple(pools)


def client_ids(text: str) -> frozenset[str]:
    return frozenset(filter(None, (part.strip() for part in text.split(","))))


@dataclass(frozen=True, slots=True)
class RatingSettings:
    """Whose games share a rating pool, and which apps' games with a takeback go unrated."""

    pools: tuple[tuple[str, str], ...] = ()
    """Client id -> pool, for the clients the operator joins; any other client's pool is its own."""
    unrated_takebacks: frozenset[str] = frozenset()
    """The clients whose games with a takeback in their record change no rating."""

    def pool_of(self, owner: str) -> str:
        """The pool of the games ``owner`` makes: its own (named as the client), unless joined."""
        return dict(self.pools).get(owner, owner)

    def rates_takebacks(self, owner: str) -> bool:
        return owner not in self.unrated_takebacks
