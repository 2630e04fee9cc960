"""Builders for hand-made positions and moves, shared by the rules tests.

Test modules import them (``from tests.rules.builders import move, position``):
positions are needed at collection time for ``parametrize``, where fixtures are not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from harness.players import SAMPLE_NAMES
from service.rules import COLOURS, Action, Colour, GameState, Move, Player
from service.rules.tiles import ALL_TILES, ONES, TILES_BY_CODE, Tile, sorted_tiles


def tiles(codes: Iterable[str]) -> tuple[Tile, ...]:
    return tuple(TILES_BY_CODE[code] for code in codes)


def position(
    hands: Sequence[Sequence[str]],
    rows: Mapping[str, Sequence[str]] | None = None,
    current: int = 0,
    consecutive_passes: int = 0,
    scores: Sequence[int] | None = None,
    discarded: Sequence[str] = (),
    target_score: int = 100,
    round_number: int = 1,
    seed: int = 0,
) -> GameState:
    """A position built by hand; every tile not named lies in the box, so all 88 are conserved.

    ``rows`` gives, per colour name, the tiles lying on top of that row's 1. The box
    size ignores the player count: such positions are for the judge and the engine,
    not for ``from_snapshot``.
    """
    rows = rows or {}
    laid = [tiles([ONES[colour].code, *rows.get(colour.value, ())]) for colour in COLOURS]
    named = (
        [t for hand in hands for t in tiles(hand)] + [t for row in laid for t in row] + list(tiles(discarded))
    )
    left = Counter(ALL_TILES)
    left.subtract(named)
    if any(count < 0 for count in left.values()):
        raise ValueError(f"tiles named twice: {sorted(t.code for t, n in left.items() if n < 0)}")
    players = tuple(
        Player(SAMPLE_NAMES[seat], sorted_tiles(tiles(hand)), (scores or [0] * len(hands))[seat])
        for seat, hand in enumerate(hands)
    )
    return GameState(
        players=players,
        rows=tuple(laid),
        box=sorted_tiles(left.elements()),
        discarded=tiles(discarded),
        current_player=current,
        consecutive_passes=consecutive_passes,
        round=round_number,
        target_score=target_score,
        seed=seed,
    )


def move(seat: int, action: str, row: str | None = None, *codes: str) -> Move:
    """``move(0, "play", "blue", "blue-8")``, ``move(1, "scissors", "orange")``, ``move(2, "pass")``."""
    return Move(seat, Action(action), Colour(row) if row else None, codes)


def hand_codes(state: GameState, seat: int) -> list[str]:
    return [t.code for t in state.players[seat].hand]


def row_codes(state: GameState, colour: str) -> list[str]:
    return [t.code for t in state.row(Colour(colour))]


def every_tile(state: GameState) -> Counter[str]:
    """Where every tile lies, as a multiset of codes: hands, rows, box and discarded."""
    found = [t for player in state.players for t in player.hand]
    found += [t for row in state.rows for t in row] + list(state.box) + list(state.discarded)
    return Counter(t.code for t in found)


FULL_SET: Counter[str] = Counter(t.code for t in ALL_TILES)
