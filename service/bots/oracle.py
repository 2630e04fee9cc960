"""The ``oracle``: the expert's search, shown every hand. For the arena only.

It measures how much the hidden tiles cost the expert: the upper bound of what a
search on this budget could reach. It takes the full ``GameState``, so it is not a
served level and no caller of the service can name it (``levels.LEVELS`` lacks it).
Its one position is the real one, and greedy's rollouts are deterministic, so one
simulation tells each move's value: every legal move is played out once.
"""

from __future__ import annotations

import random

from service.bots.greedy import Greedy
from service.bots.search import Budget, search
from service.rules import GameState, Move


def oracle(state: GameState, rng: random.Random) -> Move:
    """The best legal move of the seat to play, each played out once on the real deal."""
    ranked = Greedy().ranked(state)
    if len(ranked) == 1:
        return ranked[0]
    everything = Budget(simulations=len(ranked), candidates=len(ranked))
    return search(ranked, lambda _: state, state.current_player, state.target_score, everything, rng).move
