"""The one place that decides whether a move is legal.

``validate`` says why not; ``engine.apply`` and ``legal.legal_moves`` both call
``judge``, so the three can never disagree. Checks run in a fixed order, so a move
with several faults always gets the same code (documented in docs/RULES.md).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import pairwise

from service.rules.actions import Action, Move
from service.rules.errors import Illegal, IllegalMove
from service.rules.messages import Message
from service.rules.state import GameState, row_floor
from service.rules.tiles import ROW_INDEX, SCISSORS, TRASH, Colour, Tile, tile

PURPLE_FOR_ACTION: dict[Action, Tile] = {Action.SCISSORS: SCISSORS, Action.TRASH: TRASH}


@dataclass(frozen=True, slots=True)
class JudgedMove:
    """A legal move with its tiles looked up, ready to apply."""

    move: Move
    tiles: tuple[Tile, ...]
    """The tiles placed, in order (for scissors and trash: the follow-up)."""
    purple: Tile | None


def validate(state: GameState, move: Move) -> IllegalMove | None:
    """None when the move is legal, else why not (a code and a sentence)."""
    try:
        judge(state, move)
    except IllegalMove as refusal:
        return refusal
    return None


def judge(state: GameState, move: Move) -> JudgedMove:
    """Check every rule for this move; raise IllegalMove at the first one broken."""
    if state.outcome is not None:
        raise IllegalMove(Illegal.GAME_OVER, Message("the game is over: no more moves are accepted"))
    if move.player != state.current_player:
        raise IllegalMove(
            Illegal.NOT_YOUR_TURN,
            Message(
                "it is seat {current}'s turn, not seat {seat}'s",
                current=state.current_player,
                seat=move.player,
            ),
        )
    if move.action is Action.PASS:
        if move.row is not None or move.tiles:
            raise IllegalMove(Illegal.PASS_TAKES_NOTHING, Message("a pass names no row and no tiles"))
        return JudgedMove(move, (), None)
    if move.row is None:
        raise IllegalMove(
            Illegal.ROW_REQUIRED, Message("a {action} move must name a row", action=move.action.value)
        )

    tiles = _look_up(move.tiles)
    purple = PURPLE_FOR_ACTION.get(move.action)
    if purple is None and not tiles:
        raise IllegalMove(Illegal.EMPTY_PLAY, Message("a play places at least one tile"))
    if purple is not None:
        extra = next((t for t in tiles if t.is_purple), None)
        if extra is not None:
            raise IllegalMove(
                Illegal.ONE_PURPLE_PER_TURN,
                Message(
                    "{extra} cannot follow {purple}: only one purple tile may be played per turn",
                    extra=extra,
                    purple=purple,
                ),
            )
    _check_held(state, move.player, tiles, purple)

    row = state.rows[ROW_INDEX[move.row]]
    if purple is not None:
        if len(row) == 1:
            raise IllegalMove(
                Illegal.NOTHING_TO_REMOVE,
                Message(
                    "the {row} row holds only its 1: {purple} must remove at least one tile",
                    row=move.row,
                    purple=purple,
                ),
            )
        row = row[:-1] if purple is SCISSORS else row[:1]
    if tiles:
        _check_placement(row, move.row, tiles)
    return JudgedMove(move, tiles, purple)


def _look_up(codes: tuple[str, ...]) -> tuple[Tile, ...]:
    tiles = []
    for code in codes:
        found = tile(code)
        if found is None:
            raise IllegalMove(Illegal.UNKNOWN_TILE, Message("{code!r} is not a Restart tile", code=code))
        tiles.append(found)
    return tuple(tiles)


def _check_held(state: GameState, seat: int, tiles: tuple[Tile, ...], purple: Tile | None) -> None:
    needed = Counter(tiles + (purple,) if purple is not None else tiles)
    hand = state.players[seat].hand
    for wanted, count in needed.items():
        held = hand.count(wanted)  # tiles compare by identity: a C-level scan of a short tuple
        if held < count:
            detail = (
                Message("{tile} is not in seat {seat}'s hand", tile=wanted, seat=seat)
                if held == 0
                else Message(
                    "{tile} is needed {count} times but seat {seat} holds {held}",
                    tile=wanted,
                    count=count,
                    seat=seat,
                    held=held,
                )
            )
            raise IllegalMove(Illegal.TILE_NOT_IN_HAND, detail)


def _check_placement(row: tuple[Tile, ...], colour: Colour, tiles: tuple[Tile, ...]) -> None:
    """Placing ``tiles`` in order on ``row``: colour, open row, closer last, run, ascending."""
    for placed in tiles:
        if placed.colour is not colour:
            detail = (
                Message(
                    "{tile} is purple and never placed in a row: the {row} row takes {row} tiles",
                    tile=placed,
                    row=colour,
                )
                if placed.is_purple
                else Message("{tile} is not {row}: the {row} row takes {row} tiles", tile=placed, row=colour)
            )
            raise IllegalMove(Illegal.WRONG_COLOUR, detail)
    floor = row_floor(row)
    if floor is None:
        raise IllegalMove(
            Illegal.ROW_CLOSED, Message("the {row} row is closed by {top} on top", row=colour, top=row[-1])
        )
    for placed in tiles[:-1]:
        if placed.is_closer:
            raise IllegalMove(
                Illegal.CLOSING_TILE_NOT_LAST,
                Message("{tile} must be placed alone or as the last tile of a run", tile=placed),
            )
    for before, after in pairwise(tiles):
        if after.value != before.value + 1:
            raise IllegalMove(
                Illegal.NOT_A_RUN,
                Message(
                    "{after} does not follow {before}: the values of a run follow each other",
                    after=after,
                    before=before,
                ),
            )
    first = tiles[0]
    if first.value <= floor:
        raise IllegalMove(
            Illegal.NOT_ASCENDING,
            Message(
                "{tile} is not higher than {top} (worth {floor}) on top of the {row} row",
                tile=first,
                top=row[-1],
                floor=floor,
                row=colour,
            ),
        )
