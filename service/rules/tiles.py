"""The 88 tiles of Restart and their wire codes.

Codes are the wire format everywhere: ``red-7`` (numbers 1..15), ``red-stop``,
``red-restart``, ``scissors`` and ``trash``. Each coloured tile exists once;
``scissors`` exists twice.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum


class Colour(Enum):
    """The five colours, in the order used everywhere (rows, deals, listings)."""

    RED = "red"
    BLUE = "blue"
    GREEN = "green"
    ORANGE = "orange"
    GRAY = "gray"


COLOURS: tuple[Colour, ...] = tuple(Colour)
ROW_INDEX: dict[Colour, int] = {colour: index for index, colour in enumerate(COLOURS)}


class Kind(Enum):
    NUMBER = "number"
    STOP = "stop"
    RESTART = "restart"
    SCISSORS = "scissors"
    TRASH = "trash"


CLOSER_VALUE = 16
"""STOP and RESTART are worth 16 when placed (rulebook: "It has the value 16")."""

PURPLE_POINTS = 20


@dataclass(frozen=True, slots=True, eq=False)
class Tile:
    """One tile. ``value`` is its placement value: 1..15, 16 for STOP and RESTART, 0 for purple.

    Tiles are the canonical objects of ``ALL_TILES`` (looked up by code everywhere), so they
    compare by identity: a C-level check where hands are searched, instead of a field-by-field
    Python one. The two scissors are one object, as they are one code.
    """

    code: str
    kind: Kind
    colour: Colour | None
    value: int
    order: int
    """Position in the canonical order, used to keep hands sorted."""
    row: int
    """Index of its colour's row in ``COLOURS``; -1 for purple tiles, which belong to none."""

    @property
    def is_purple(self) -> bool:
        return self.colour is None

    @property
    def is_one(self) -> bool:
        """The 1s start the rows: they are placed at the deal and never held."""
        return self.kind is Kind.NUMBER and self.value == 1

    @property
    def is_closer(self) -> bool:
        """STOP and RESTART: placed alone or last in a run."""
        return self.kind is Kind.STOP or self.kind is Kind.RESTART

    @property
    def minus_points(self) -> int:
        """What the tile costs when left in a hand at the end of a round."""
        return PURPLE_POINTS if self.is_purple else self.value

    @property
    def value_on_top(self) -> int:
        """What a following tile must exceed: a RESTART counts 0 once it lies in the row."""
        return 0 if self.kind is Kind.RESTART else self.value

    def __str__(self) -> str:
        return self.code


def _build_tiles() -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    for row, colour in enumerate(COLOURS):
        for value in range(1, 16):
            tiles.append(Tile(f"{colour.value}-{value}", Kind.NUMBER, colour, value, len(tiles), row))
        tiles.append(Tile(f"{colour.value}-stop", Kind.STOP, colour, CLOSER_VALUE, len(tiles), row))
        tiles.append(Tile(f"{colour.value}-restart", Kind.RESTART, colour, CLOSER_VALUE, len(tiles), row))
    scissors = Tile("scissors", Kind.SCISSORS, None, 0, len(tiles), -1)
    tiles += [scissors, scissors, Tile("trash", Kind.TRASH, None, 0, len(tiles) + 1, -1)]
    return tuple(tiles)


ALL_TILES: tuple[Tile, ...] = _build_tiles()
"""The full set, in canonical order: 5 x 17 coloured tiles, 2 scissors, 1 trash."""

TILES_BY_CODE: dict[str, Tile] = {tile.code: tile for tile in ALL_TILES}
SCISSORS: Tile = TILES_BY_CODE["scissors"]
TRASH: Tile = TILES_BY_CODE["trash"]
ONES: dict[Colour, Tile] = {colour: TILES_BY_CODE[f"{colour.value}-1"] for colour in COLOURS}


def tile(code: str) -> Tile | None:
    """The tile with this code, or None for an unknown code."""
    return TILES_BY_CODE.get(code)


def sorted_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """Tiles in canonical order (colour, then value), as hands are kept."""
    return tuple(sorted(tiles, key=lambda t: t.order))


def codes(tiles: Iterable[Tile]) -> list[str]:
    return [t.code for t in tiles]
