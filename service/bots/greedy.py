"""The ``greedy`` level: shed the most points now, net of the own tiles a move strands.

Every legal move is ranked by these rules, the first rule first; the best is played
(docs/BOTS.md states them with examples, tests/bots/test_greedy.py tests each):

1. Tiers. First a play that places a number tile (a run may end with a STOP or a
   RESTART), or a scissors or trash whose follow-up sheds at least 20 points (what the
   purple tile costs if kept): a purple tile is used when it pays. Then a STOP or
   RESTART played alone: the 16s are kept while a number tile can be placed. Then any
   other scissors or trash. Pass last: greedy never passes while it can place a tile.
2. Within a tier, the most net points: the minus points of the tiles the move places
   (a purple tile's own 20 not counted), less those of the mover's tiles of that colour
   that the row took before the move and no longer takes after it (stranded).
3. Then the first in ``legal_moves`` order: greedy uses no randomness.

Greedy reads only its own hand and the rows: it never guesses what the others hold.
It is also the expert's rollout policy, so it is built to be cheap: the candidates of
a row are the rules' own runs (``rules.legal.runs``) on what the row leaves, and a
``Greedy`` remembers the best of each colour on each row, which recur from one
simulated move to the next.
"""

from __future__ import annotations

import random
from enum import IntEnum
from typing import NamedTuple

from service.bots.reading import points
from service.bots.view import SeatView, any_position
from service.rules import COLOURS, Action, GameState, Kind, Move, Tile, TilesRemoved, apply, validate
from service.rules.judge import PURPLE_FOR_ACTION
from service.rules.legal import runs
from service.rules.state import row_floor
from service.rules.tiles import PURPLE_POINTS, TILES_BY_CODE

Row = tuple[Tile, ...]


class Tier(IntEnum):
    """Greedy's first rule, best first."""

    PLACES_A_NUMBER = 0
    CLOSER_ALONE = 1
    PURPLE_THAT_DOES_NOT_PAY = 2


class Choice(NamedTuple):
    """The best move of one kind on one row, with greedy's measure of it."""

    tier: Tier
    net_points: int
    action: Action
    run: tuple[str, ...]

    def beats(self, other: Choice | None) -> bool:
        return other is None or (self.tier, -self.net_points) < (other.tier, -other.net_points)


def greedy(view: SeatView, rng: random.Random) -> Move:
    """The best of the seat's legal moves by greedy's rules (``rng`` is not used)."""
    return Greedy().move(any_position(view))


class Greedy:
    """Greedy's choice, remembering what it worked out over the positions it was asked about."""

    def __init__(self) -> None:
        self._colours: dict[tuple[Tile, ...], tuple[tuple[Row, ...], tuple[int, ...]]] = {}
        self._plays: dict[tuple[Row, Row], Choice | None] = {}
        self._removals: dict[tuple[Row, Action], Row | None] = {}
        self._purples: dict[tuple[Row, Row, Action], Choice | None] = {}

    def move(self, state: GameState) -> Move:
        """Greedy's move for the seat to play, in the order ``legal_moves`` lists moves."""
        seat = state.current_player
        hand = state.players[seat].hand
        by_colour, colour_points = self._by_colour(hand)
        best: Choice | None = None
        best_row = 0
        for index, (tiles, row) in enumerate(zip(by_colour, state.rows, strict=True)):
            choice = self._play(tiles, row) if tiles else None
            if choice is not None and choice.beats(best):
                best, best_row = choice, index
        for action, purple in PURPLE_FOR_ACTION.items():
            if purple not in hand:
                continue
            for index, (tiles, row) in enumerate(zip(by_colour, state.rows, strict=True)):
                if not _may_beat(colour_points[index], best):
                    continue
                choice = self._purple(state, action, tiles, row)
                if choice is not None and choice.beats(best):
                    best, best_row = choice, index
        if best is None:
            return Move(seat, Action.PASS)
        return Move(seat, best.action, COLOURS[best_row], best.run)

    def ranked(self, state: GameState) -> list[Move]:
        """Every move greedy weighs for the seat to play (all its legal moves), best first,
        the pass last; equal moves keep ``legal_moves`` order."""
        seat = state.current_player
        by_colour, _ = self._by_colour(state.players[seat].hand)
        weighed: list[tuple[Choice, int]] = []
        for index, (tiles, row) in enumerate(zip(by_colour, state.rows, strict=True)):
            weighed += [(choice, index) for choice in choices(Action.PLAY, tiles, row, row)]
        for action, purple in PURPLE_FOR_ACTION.items():
            if purple not in state.players[seat].hand:
                continue
            for index, (tiles, row) in enumerate(zip(by_colour, state.rows, strict=True)):
                left = self._left_by_removal(state, action, row)
                if left is not None:
                    weighed += [(choice, index) for choice in choices(action, tiles, row, left)]
        weighed.sort(key=lambda weighed_choice: (weighed_choice[0].tier, -weighed_choice[0].net_points))
        moves = [Move(seat, choice.action, COLOURS[index], choice.run) for choice, index in weighed]
        return [*moves, Move(seat, Action.PASS)]

    def _by_colour(self, hand: tuple[Tile, ...]) -> tuple[tuple[Row, ...], tuple[int, ...]]:
        """The hand's tiles of each colour, and their minus points."""
        split = self._colours.get(hand)
        if split is None:
            tiles = tuple(tuple(tile for tile in hand if tile.colour is colour) for colour in COLOURS)
            split = self._colours[hand] = (tiles, tuple(points(colour) for colour in tiles))
        return split

    def _play(self, tiles: Row, row: Row) -> Choice | None:
        key = (tiles, row)
        if key not in self._plays:
            self._plays[key] = best_choice(Action.PLAY, tiles, row, row)
        return self._plays[key]

    def _purple(self, state: GameState, action: Action, tiles: Row, row: Row) -> Choice | None:
        key = (tiles, row, action)
        if key not in self._purples:
            left = self._left_by_removal(state, action, row)
            self._purples[key] = None if left is None else best_choice(action, tiles, row, left)
        return self._purples[key]

    def _left_by_removal(self, state: GameState, action: Action, row: Row) -> Row | None:
        """What ``action`` leaves of ``row``, read from the engine's event; None if it may not be played."""
        key = (row, action)
        if key not in self._removals:
            bare = Move(state.current_player, action, row[0].colour)
            left: Row | None = None
            if validate(state, bare) is None:
                removed = next(e for e in apply(state, bare).events if isinstance(e, TilesRemoved))
                left = row[: len(row) - len(removed.tiles)]
            self._removals[key] = left
        return self._removals[key]


def _may_beat(most: int, best: Choice | None) -> bool:
    """Whether a purple tile's move on a colour whose tiles in hand are worth ``most`` points
    could beat ``best``: a bound, so that the costlier purple moves are worked out only
    when they might be chosen."""
    if best is None or best.tier is Tier.PURPLE_THAT_DOES_NOT_PAY:
        return True
    return most >= PURPLE_POINTS and (best.tier is Tier.CLOSER_ALONE or most > best.net_points)


def best_choice(action: Action, tiles: Row, before: Row, left: Row) -> Choice | None:
    """The first best of ``choices``."""
    best: Choice | None = None
    for choice in choices(action, tiles, before, left):
        if choice.beats(best):
            best = choice
    return best


def choices(action: Action, tiles: Row, before: Row, left: Row) -> list[Choice]:
    """Every ``action`` with a run of ``tiles`` (one colour of a hand) placed on ``left``,
    in ``legal_moves`` order, each with greedy's measure.

    ``before`` is the row before the move; ``left`` what a purple tile leaves of it (for a
    play, the row itself). A purple tile may be played bare; a play places at least one tile.
    """
    colour = before[0].colour
    assert colour is not None
    candidates = runs(tiles, colour, left)
    if action is not Action.PLAY:
        candidates = [(), *candidates]
    floor = row_floor(before)
    live = [tile for tile in tiles if floor is not None and tile.value > floor]
    found = []
    for run in candidates:
        placed = tuple(TILES_BY_CODE[code] for code in run)
        after = row_floor(left + placed)
        stranded = points(
            tile for tile in live if tile not in placed and (after is None or tile.value <= after)
        )
        shed = points(placed)
        found.append(Choice(tier(action, placed, shed), shed - stranded, action, run))
    return found


def tier(action: Action, placed: Row, shed: int) -> Tier:
    if action is Action.PLAY:
        places_a_number = any(tile.kind is Kind.NUMBER for tile in placed)
        return Tier.PLACES_A_NUMBER if places_a_number else Tier.CLOSER_ALONE
    return Tier.PLACES_A_NUMBER if shed >= PURPLE_POINTS else Tier.PURPLE_THAT_DOES_NOT_PAY
