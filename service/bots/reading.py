"""Reading a position the way the bots do: which tiles a row still takes, what a move sheds.

Nothing here decides legality (``rules.judge`` does); these are the facts the bots'
heuristics weigh, built on the rules' own ``row_floor`` and tile values.
"""

from __future__ import annotations

from collections.abc import Iterable

from service.rules import Move, Tile
from service.rules.judge import PURPLE_FOR_ACTION
from service.rules.state import row_floor
from service.rules.tiles import TILES_BY_CODE


def takes(row: tuple[Tile, ...], tile: Tile) -> bool:
    """Whether ``tile`` alone could be placed on ``row`` (its colour's row)."""
    floor = row_floor(row)
    return floor is not None and tile.value > floor


def placed_tiles(move: Move) -> tuple[Tile, ...]:
    """The tiles a move places in its row (for scissors and trash: the follow-up)."""
    return tuple(TILES_BY_CODE[code] for code in move.tiles)


def spent_tiles(move: Move) -> tuple[Tile, ...]:
    """Every tile a move takes out of the mover's hand: those placed and the purple tile used."""
    purple = PURPLE_FOR_ACTION.get(move.action)
    return placed_tiles(move) + ((purple,) if purple is not None else ())


def points(tiles: Iterable[Tile]) -> int:
    """Minus points the tiles would cost left in a hand at the round's end."""
    return sum(tile.minus_points for tile in tiles)
