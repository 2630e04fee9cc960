"""What the other seats probably hold: the expert's determinizations.

A seat cannot see the other hands, but it can see which unseen tiles their rows still
take. Players place such live tiles as the round goes on, so a seat that has played
many of its tiles is less likely to still hold one: the chance that an unseen live tile
is in a hand falls with that hand's size, while a dead tile (one its row no longer
takes) stays as likely, and a purple tile, kept for when it pays, is a little likelier.
The weights were measured over greedy games (docs/BOTS.md). Hands are drawn one after
the other, each tile weighed against the hands still to draw and the box; the draw keeps
exactly the hand sizes the seat sees, and is all integer arithmetic, the same on every
platform.
"""

from __future__ import annotations

import random

from service.bots.reading import takes
from service.bots.view import SeatView, hidden_position, unseen_tiles
from service.rules import GameState, Tile
from service.rules.state import MAX_SEED

DEAD_WEIGHT = 20
"""The unit: how likely a hand holds an unseen tile its row no longer takes."""
PURPLE_WEIGHT = 26
CLOSER_WEIGHT = 23
LIVE_WEIGHT_LIMITS = (3, 24)
"""A live number tile's weight is its holder's hand size, within these limits."""
NEXT_TILE_SHARE = (11, 20)
"""The tile just above a row's top is placed first: its live weight is cut to 11/20."""
STUCK_WEIGHT = 1
"""A seat that passed since the last tile was placed is believed to have had no move."""


ODDS_SCALE = 10**6


def believed_deal(view: SeatView, rng: random.Random) -> GameState:
    """A full position drawn from the belief: each other hand in seat order, then the box."""
    pool = unseen_tiles(view)
    rng.shuffle(pool)
    others = [seat for seat in range(view.player_count) if seat != view.seat]
    box_size = len(pool) - sum(view.hand_sizes[seat] for seat in others)
    stuck = passed_seats(view)
    hidden: list[Tile] = []
    for place, seat in enumerate(others):
        later = others[place + 1 :]
        odds = [_odds(view, tile, seat, later, box_size, stuck) for tile in pool]
        chosen = draw(odds, view.hand_sizes[seat], rng)
        hidden += [pool[index] for index in chosen]
        taken = set(chosen)
        pool = [tile for index, tile in enumerate(pool) if index not in taken]
    return hidden_position(view, hidden + pool, seed=rng.randrange(MAX_SEED + 1))


def _odds(view: SeatView, tile: Tile, seat: int, later: list[int], box_size: int, stuck: set[int]) -> int:
    """How likely ``seat`` holds ``tile`` rather than a hand drawn after it or the box (whose
    tiles were set aside at random, so each is as likely as a dead tile), scaled to integers."""
    sizes = view.hand_sizes
    rest = box_size * DEAD_WEIGHT
    rest += sum(sizes[other] * weight(view, tile, sizes[other], other in stuck) for other in later)
    if rest == 0:
        return 1  # nothing after this hand can hold it: the pool is this hand
    return max(1, weight(view, tile, sizes[seat], seat in stuck) * ODDS_SCALE // rest)


def passed_seats(view: SeatView) -> set[int]:
    """The seats whose passes are counted in ``consecutive_passes``: those just before the seat to play."""
    players = view.player_count
    return {(view.current_player - back) % players for back in range(1, view.consecutive_passes + 1)}


def weight(view: SeatView, tile: Tile, hand_size: int, stuck: bool) -> int:
    """How likely a hand of ``hand_size`` tiles holds this unseen tile, relative to the others."""
    if tile.is_purple:
        usable = any(len(row) > 1 for row in view.rows)
        return STUCK_WEIGHT if stuck and usable else PURPLE_WEIGHT
    row = view.rows[tile.row]
    if not takes(row, tile):
        return DEAD_WEIGHT
    if stuck:
        return STUCK_WEIGHT
    if tile.is_closer:
        return CLOSER_WEIGHT
    low, high = LIVE_WEIGHT_LIMITS
    live = min(high, max(low, hand_size))
    if tile.value == row[-1].value_on_top + 1:
        share, whole = NEXT_TILE_SHARE
        live = live * share // whole
    return live


def draw(weights: list[int], count: int, rng: random.Random) -> list[int]:
    """``count`` distinct indices, each drawn with probability ``count * weight / total``
    (capped at 1), by systematic sampling over the given order, in integers."""
    chosen: list[int] = []
    open_indices = list(range(len(weights)))
    while count > 0:
        total = sum(weights[index] for index in open_indices)
        sure = [index for index in open_indices if count * weights[index] >= total]
        if not sure:
            break
        chosen += sure
        count -= len(sure)
        open_indices = [index for index in open_indices if index not in sure]
    if count == 0:
        return chosen
    total = sum(weights[index] for index in open_indices)
    offset = rng.randrange(total)

    def points_below(position: int) -> int:
        """How many of the points offset, offset + total, ... lie below ``position``."""
        return max(0, (position - offset + total - 1) // total)

    reached = 0
    for index in open_indices:
        before, reached = reached, reached + count * weights[index]
        if points_below(reached) > points_below(before):
            chosen.append(index)
    return chosen
