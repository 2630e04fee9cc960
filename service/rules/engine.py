"""Starting games and applying moves: every state change of a game happens here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from service.rules.actions import Action, Move
from service.rules.deal import deal
from service.rules.errors import BadSetup
from service.rules.events import Event, GameOver, Passed, RoundDealt, RoundScored, TilesPlaced, TilesRemoved
from service.rules.judge import judge
from service.rules.state import (
    CONSENTED_ENDS,
    DEFAULT_TARGET_SCORE,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MAX_SEED,
    MAX_TARGET_SCORE,
    MIN_PLAYERS,
    EndReason,
    GameState,
    Outcome,
    Player,
    RoundEndReason,
    is_player_name,
    lowest_totals,
    row_floor,
)
from service.rules.tiles import COLOURS, ONES, ROW_INDEX, SCISSORS, Tile, codes, sorted_tiles


class Step(NamedTuple):
    """A new state and the public events that led to it."""

    state: GameState
    events: list[Event]


def new_game(names: Sequence[str], seed: int, target_score: int = DEFAULT_TARGET_SCORE) -> Step:
    """Seat the players in the given order and deal the first round."""
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise BadSetup(f"Restart takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}")
    if not all(is_player_name(name) for name in names):
        raise BadSetup(f"player names have 1 to {MAX_NAME_LENGTH} characters, none a control character")
    if not 1 <= target_score <= MAX_TARGET_SCORE:
        raise BadSetup(f"the target score is from 1 to {MAX_TARGET_SCORE}")
    if not 0 <= seed <= MAX_SEED:
        raise BadSetup(f"the seed is from 0 to {MAX_SEED}")
    players = tuple(Player(name, (), 0) for name in names)
    state, dealt = _start_round(players, seed, 1, target_score, last_round=None)
    return Step(state, [dealt])


def redeal(state: GameState, hands: Sequence[Sequence[Tile]], box: Sequence[Tile], starter: int) -> GameState:
    """The round ``state`` has just started, dealt ``hands`` (1s included), ``box`` and ``starter``
    instead (a game record's deal, checked by ``record.check_deal``): each hand's 1s go to the rows."""
    players = tuple(
        replace(player, hand=sorted_tiles(tile for tile in hand if not tile.is_one))
        for player, hand in zip(state.players, hands, strict=True)
    )
    rows = tuple((ONES[colour],) for colour in COLOURS)
    return replace(
        state,
        players=players,
        rows=rows,
        box=sorted_tiles(box),
        discarded=(),
        current_player=starter,
        consecutive_passes=0,
    )


def apply(state: GameState, move: Move) -> Step:
    """Judge the move (raising IllegalMove) and return the state after it."""
    judged = judge(state, move)
    seat = move.player
    next_seat = (seat + 1) % len(state.players)  # unless the turn ends the round (_after_turn)
    events: list[Event] = []
    if move.action is Action.PASS:
        events.append(Passed(seat))
        passes = state.consecutive_passes + 1
        after = replace(state, consecutive_passes=passes, current_player=next_seat)
        return _after_turn(after, seat, events)

    assert move.row is not None  # judge() refuses a placing move without a row
    index = ROW_INDEX[move.row]
    row, discarded = state.rows[index], state.discarded
    spent = list(judged.tiles)
    if judged.purple is not None:
        kept = row[:-1] if judged.purple is SCISSORS else row[:1]
        removed = row[len(kept) :]
        discarded = discarded + removed + (judged.purple,)
        row = kept
        spent.append(judged.purple)
        events.append(TilesRemoved(seat, move.row, tuple(codes(removed)), judged.purple.code))
    if judged.tiles:
        row = row + judged.tiles
        events.append(TilesPlaced(seat, move.row, move.tiles))

    player = state.players[seat]
    players = list(state.players)
    players[seat] = Player(player.name, _without(player.hand, spent), player.score)
    rows = state.rows[:index] + (row,) + state.rows[index + 1 :]
    after = replace(
        state,
        players=tuple(players),
        rows=rows,
        discarded=discarded,
        consecutive_passes=0,
        current_player=next_seat,
    )
    return _after_turn(after, seat, events)


def end_by_consent(state: GameState, reason: EndReason) -> Step:
    """The game ended now by its seats' consent (docs/OFFERS.md): an abort has no winner; an
    agreement ranks the scores as they stand, fewest minus points first and ties as ties. The round
    in play is not scored: its hands are unfinished."""
    assert reason in CONSENTED_ENDS and state.outcome is None  # only a game still playing is ended so
    winners = () if reason is EndReason.ABORTED else lowest_totals(state.players)
    outcome = Outcome(winners, reason)
    return Step(replace(state, outcome=outcome), [GameOver(winners, reason)])


def anyone_can_play(state: GameState) -> bool:
    """Whether some player holds a legal move other than a pass.

    A single tile above its row's floor is always a legal play, and a purple tile is
    legal wherever a row holds more than its 1, so this needs no enumeration.
    """
    floors = [row_floor(row) for row in state.rows]
    something_to_remove = any(len(row) > 1 for row in state.rows)
    for player in state.players:
        for held in player.hand:
            if held.colour is None:
                if something_to_remove:
                    return True
                continue
            floor = floors[held.row]
            if floor is not None and held.value > floor:
                return True
    return False


def _after_turn(state: GameState, seat: int, events: list[Event]) -> Step:
    """The state after ``seat``'s turn, already handed to the next seat, unless the round ends."""
    if not state.players[seat].hand:
        return _end_round(state, seat, RoundEndReason.HAND_EMPTIED, events, emptied=True)
    if state.consecutive_passes >= len(state.players):
        return _end_round(state, seat, RoundEndReason.ALL_PASSED, events)
    if not anyone_can_play(state):
        return _end_round(state, seat, RoundEndReason.NOBODY_CAN_PLAY, events)
    return Step(state, events)


def _end_round(
    state: GameState, seat: int, reason: RoundEndReason, events: list[Event], emptied: bool = False
) -> Step:
    """Score the hands; then the game ends (the last mover stays current) or the next round is dealt."""
    minus_points = tuple(sum(t.minus_points for t in player.hand) for player in state.players)
    totals = tuple(player.score + minus for player, minus in zip(state.players, minus_points, strict=True))
    events.append(RoundScored(state.round, reason, minus_points, totals))
    players = tuple(replace(player, score=total) for player, total in zip(state.players, totals, strict=True))

    outcome: Outcome | None = None
    if emptied:
        outcome = Outcome((seat,), EndReason.HAND_EMPTIED)
    elif max(totals) >= state.target_score:
        lowest = min(totals)
        outcome = Outcome(
            tuple(s for s, total in enumerate(totals) if total == lowest), EndReason.TARGET_REACHED
        )
    if outcome is not None:
        events.append(GameOver(outcome.winners, outcome.reason))
        finished = replace(
            state,
            players=players,
            outcome=outcome,
            last_round=minus_points,
            consecutive_passes=0,
            current_player=seat,
        )
        return Step(finished, events)

    next_state, dealt = _start_round(players, state.seed, state.round + 1, state.target_score, minus_points)
    events.append(dealt)
    return Step(next_state, events)


def _start_round(
    players: tuple[Player, ...],
    seed: int,
    round_number: int,
    target_score: int,
    last_round: tuple[int, ...] | None,
) -> tuple[GameState, RoundDealt]:
    dealt = deal(seed, round_number, len(players))
    seated = tuple(replace(player, hand=hand) for player, hand in zip(players, dealt.hands, strict=True))
    state = GameState(
        players=seated,
        rows=tuple((ONES[colour],) for colour in COLOURS),
        box=dealt.box,
        discarded=(),
        current_player=dealt.starter,
        consecutive_passes=0,
        round=round_number,
        target_score=target_score,
        seed=seed,
        outcome=None,
        last_round=last_round,
    )
    sizes = tuple(len(hand) for hand in dealt.hands)
    return state, RoundDealt(round_number, dealt.starter, sizes, dealt.ones_placed_by)


def _without(hand: tuple[Tile, ...], spent: list[Tile]) -> tuple[Tile, ...]:
    remaining = list(hand)
    for tile in spent:
        remaining.remove(tile)
    return tuple(remaining)  # removal keeps the hand's canonical order
