"""Setting up a round: the seeded, deterministic deal.

Every round draws from its own generator, ``random.Random(f"restart:{seed}:{round}")``.
Python seeds a ``Random`` from a string through SHA-512 (seeding version 2), so the
same seed and round give the same deal on every platform and Python 3 version, and a
round's deal does not depend on how earlier rounds were played.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from service.rules.tiles import ALL_TILES, COLOURS, Colour, Tile, sorted_tiles

HAND_SIZE = {2: 30, 3: 29, 4: 22}
BOX_SIZE = {2: 23, 3: 1, 4: 0}
"""Tiles put out of play unseen at each deal, by number of players."""


@dataclass(frozen=True, slots=True)
class Deal:
    hands: tuple[tuple[Tile, ...], ...]
    """Hands after their holders placed their 1s: no hand holds a 1."""
    box: tuple[Tile, ...]
    starter: int
    ones_placed_by: dict[Colour, int | None]


def round_rng(seed: int, round_number: int) -> random.Random:
    return random.Random(f"restart:{seed}:{round_number}")


def deal(seed: int, round_number: int, player_count: int) -> Deal:
    """Deal a round as the rulebook's setup does for this many players."""
    rng = round_rng(seed, round_number)
    ones = [t for t in ALL_TILES if t.is_one]
    others = [t for t in ALL_TILES if not t.is_one]
    rng.shuffle(others)
    box_size = BOX_SIZE[player_count]
    box, deck = others[:box_size], others[box_size:]
    if player_count > 2:
        # Three players: the 1s were set aside while a tile went to the box; now they
        # are shuffled back in. Four players: the box is empty, all 88 are dealt.
        deck += ones
        rng.shuffle(deck)
    dealt = [deck[seat::player_count] for seat in range(player_count)]
    assert all(len(hand) == HAND_SIZE[player_count] for hand in dealt)

    ones_placed_by: dict[Colour, int | None] = {colour: None for colour in COLOURS}
    for seat, hand in enumerate(dealt):
        for tile in hand:
            if tile.is_one and tile.colour is not None:
                ones_placed_by[tile.colour] = seat
    if player_count == 2:
        starter = rng.randrange(2)
    else:
        red_holder = ones_placed_by[Colour.RED]
        assert red_holder is not None
        starter = red_holder
    hands = tuple(sorted_tiles(t for t in hand if not t.is_one) for hand in dealt)
    return Deal(hands, sorted_tiles(box), starter, ones_placed_by)


def dealt_hand(seed: int, round_number: int, player_count: int, seat: int) -> tuple[Tile, ...]:
    """What ``seat`` held right after the deal of ``round_number`` (its 1s already placed)."""
    return deal(seed, round_number, player_count).hands[seat]
