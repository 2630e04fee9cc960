"""Builders for hand-made positions and moves, shared by the rules tests.

Test modules import them (``from tests.rules.builders import move, position``):
positions are needed at collection time for ``parametrize``, where fixtures are not.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from harness.players import SAMPLE_NAMES
from service.rules import COLOURS, Action, Colour, GameState, Kind, Move, Player, new_game
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


def random_row(rng: random.Random, colour_index: int) -> list[Tile]:
    """A row built by the placement rules: numbers, maybe a RESTART and more numbers, maybe a STOP."""
    colour = COLOURS[colour_index]
    values = rng.sample(range(2, 16), 14)
    first, second = rng.randint(0, 6), rng.randint(0, 4)
    row = [ONES[colour], *(TILES_BY_CODE[f"{colour.value}-{v}"] for v in sorted(values[:first]))]
    if rng.random() < 0.35:
        row.append(TILES_BY_CODE[f"{colour.value}-restart"])
        row += [TILES_BY_CODE[f"{colour.value}-{v}"] for v in sorted(values[first : first + second])]
    if rng.random() < 0.25:
        row.append(TILES_BY_CODE[f"{colour.value}-stop"])
    return row


def fits(tile: Tile, rows: list[list[Tile]]) -> bool:
    """Whether a coloured tile could go alone on top of its row."""
    top = next(row for row in rows if row[0].colour is tile.colour)[-1]
    return top.kind is not Kind.STOP and tile.value > (0 if top.kind is Kind.RESTART else top.value)


def random_position(rng: random.Random, players: int) -> GameState:
    """Rows built at random, the other tiles spread over the hands and the box; one colour favoured.

    One position in three is nearly stuck: no coloured tile in any hand fits its row, and
    the purple tiles stay in hands only by chance, so who can play hangs on them.
    """
    rows = [random_row(rng, index) for index in range(len(COLOURS))]
    left = Counter(ALL_TILES)
    left.subtract(t for row in rows for t in row)
    current, favourite = rng.randrange(players), rng.choice(COLOURS)
    stuck = rng.random() < 0.35
    hands: list[list[Tile]] = [[] for _ in range(players)]
    box: list[Tile] = []
    for tile in left.elements():
        if stuck and (fits(tile, rows) if tile.colour else rng.random() < 0.6):
            box.append(tile)
        elif (tile.colour is favourite or tile.colour is None) and rng.random() < 0.5:
            hands[current].append(tile)
        else:
            destination = rng.randrange(players + 2)
            (hands[destination] if destination < players else box).append(tile)
    state = new_game(SAMPLE_NAMES[:players], 0).state
    seated = tuple(replace(p, hand=sorted_tiles(hand)) for p, hand in zip(state.players, hands, strict=True))
    rows_laid = tuple(tuple(row) for row in rows)
    return replace(state, players=seated, rows=rows_laid, box=tuple(box), current_player=current)
