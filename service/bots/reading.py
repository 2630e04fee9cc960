"""Small readings of a position that the bots share: what a row still takes, what tiles cost.

Nothing here decides legality (``rules.judge`` does); these are facts the bots weigh,
built on the rules' own ``row_floor`` and tile values.
"""

from __future__ import annotations

from collections.abc import Iterable

from service.rules import Tile
from service.rules.state import row_floor


def takes(row: tuple[Tile, ...], tile: Tile) -> bool:
    """Whether ``tile`` alone could be placed on ``row`` (its colour's row): a live tile."""
    floor = row_floor(row)
    return floor is not None and tile.value > floor


def points(tiles: Iterable[Tile]) -> int:
    """Minus points the tiles would cost left in a hand at the round's end."""
    return sum(tile.minus_points for tile in tiles)
