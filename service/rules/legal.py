"""Enumerating every distinct legal move of a seat.

Candidates are generated from the hand (runs of consecutive values above each row's
floor), then every candidate goes through ``validate``: the enumeration can miss
nothing the judge allows only if generation is complete, and a property test
checks that against a brute-force search.
"""

from __future__ import annotations

from service.rules.actions import Action, Move
from service.rules.judge import PURPLE_FOR_ACTION, validate
from service.rules.state import GameState, row_floor
from service.rules.tiles import CLOSER_VALUE, COLOURS, SCISSORS, Colour, Kind, Tile

MAX_LEGAL_MOVES = 650
"""The most moves ``legal_moves`` can return in a game dealt by ``new_game`` (the contract's ``maxItems``).

A hand never grows past its deal, 30 tiles at most. ``runs`` gives at most
n(n+1)/2 + n*k + k runs for n numbers and k closers of a colour in hand; the plays, and the
follow-ups of each purple tile held, are such runs, plus a bare purple play per row and the
pass. The most that sum can reach with 30 tiles (two full colours, both purple tiles) is
650: tests/rules/test_bounds.py computes it again and checks the formula on random positions.
"""


def legal_moves(state: GameState, seat: int) -> list[Move]:
    """Every distinct legal move for ``seat``, pass included; empty when it is not their turn.

    Order: plays by row, then scissors by row, then trash by row, then pass.
    """
    if state.outcome is not None or seat != state.current_player:
        return []
    hand = state.players[seat].hand
    candidates: list[Move] = []
    for colour, row in zip(COLOURS, state.rows, strict=True):
        candidates += [Move(seat, Action.PLAY, colour, run) for run in runs(hand, colour, row)]
    for action, purple in PURPLE_FOR_ACTION.items():
        if purple not in hand:
            continue
        for colour, row in zip(COLOURS, state.rows, strict=True):
            if len(row) == 1:
                continue
            left = row[:-1] if purple is SCISSORS else row[:1]
            candidates.append(Move(seat, action, colour, ()))
            candidates += [Move(seat, action, colour, run) for run in runs(hand, colour, left)]
    candidates.append(Move(seat, Action.PASS))
    return [move for move in candidates if validate(state, move) is None]


def runs(hand: tuple[Tile, ...], colour: Colour, row: tuple[Tile, ...]) -> list[tuple[str, ...]]:
    """Every run of ``colour`` from ``hand`` that may be placed on ``row``, as tile codes."""
    floor = row_floor(row)
    if floor is None:
        return []
    numbers = {t.value: t for t in hand if t.colour is colour and t.kind is Kind.NUMBER}
    closers = [t for t in hand if t.colour is colour and t.is_closer]
    found: list[tuple[str, ...]] = []
    for start in sorted(value for value in numbers if value > floor):
        run: tuple[str, ...] = ()
        value = start
        while value in numbers:
            run += (numbers[value].code,)
            found.append(run)
            value += 1
        if value == CLOSER_VALUE:
            found += [run + (closer.code,) for closer in closers]
    if floor < CLOSER_VALUE:
        found += [(closer.code,) for closer in closers]
    return found
