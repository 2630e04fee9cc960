"""Playing a round out, and what its end is worth: the expert's simulations.

Every simulated seat plays greedy (``greedy.Greedy``, which remembers its work over a
search), and the engine's ``apply`` judges and plays every move. A simulation stops at
the round's end: the position searched is given a target of 1 point (``simulated``),
so the engine ends the game at the round's scoring instead of dealing the next round;
``round_value`` then judges the scores against the real target.
"""

from __future__ import annotations

from dataclasses import replace

from service.bots.greedy import Greedy
from service.rules import GameState, Move, apply

Rewards = tuple[float, ...]
"""What a finished round is worth to each seat, from 0 (lost) to 1 (won)."""

SIMULATED_TARGET = 1
"""Every hand left at a round's end holds at least 2 points (no 1s are held), so a total
reaches 1 at every scoring and the engine never deals a round the search would make up."""


def simulated(state: GameState) -> GameState:
    """The position as the search plays it: the same, but the game ends with this round."""
    return replace(state, target_score=SIMULATED_TARGET)


def play_move(state: GameState, move: Move) -> tuple[GameState, bool]:
    """The simulated state after ``move``, and whether the move ended the round."""
    after = apply(state, move).state
    return after, after.outcome is not None


def play_out(state: GameState, policy: Greedy) -> GameState:
    """Play the simulated round to its end, every seat playing greedy."""
    while True:
        state, ended = play_move(state, policy.move(state))
        if ended:
            return state


def round_value(state: GameState, target_score: int, margin_scale: float) -> Rewards:
    """What a scored round is worth to each seat, against the game's real target.

    A seat that emptied its hand has won. A total at the target ends the game: the lowest
    totals win, sharing the win. Otherwise each seat's share falls with how far its total
    lies behind the lowest, 1 / (1 + behind / scale)^2, normalised: arithmetic only (no
    ``exp`` or ``log``), so it is the same on every platform.
    """
    seats = range(len(state.players))
    totals = [player.score for player in state.players]
    lowest = min(totals)
    emptied = [seat for seat in seats if not state.players[seat].hand]
    if emptied or max(totals) >= target_score:
        winners = emptied or [seat for seat in seats if totals[seat] == lowest]
        return tuple(1.0 / len(winners) if seat in winners else 0.0 for seat in seats)
    weights = [1.0 / (1.0 + (total - lowest) / margin_scale) ** 2 for total in totals]
    whole = sum(weights)
    return tuple(weight / whole for weight in weights)
