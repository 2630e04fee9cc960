"""The ``expert`` level: Monte Carlo search over the positions the seat cannot tell apart.

The positions are drawn from ``belief.believed_deal``; the search is ``search.search``
with ``EXPERT_BUDGETS``, a fixed number of simulations per player count (docs/BOTS.md: its strength and cost).
"""

from __future__ import annotations

import random
from functools import partial

from service.bots.belief import believed_deal
from service.bots.greedy import Greedy
from service.bots.search import Budget, SearchResult, search
from service.bots.view import SeatView, any_position
from service.rules import Move

EXPERT_BUDGETS = {
    2: Budget(simulations=90, candidates=8),
    3: Budget(simulations=60, candidates=8),
    4: Budget(simulations=45, candidates=8),
}
"""By player count: a round lasts about as many turns per seat, so a simulation costs about
as much per player; fewer simulations with more players keep a move's cost alike."""


def expert(view: SeatView, rng: random.Random) -> Move:
    """The searched move; a forced move (the pass alone) is played without a search."""
    return expert_search(view, rng, EXPERT_BUDGETS[view.player_count]).move


def expert_search(view: SeatView, rng: random.Random, budget: Budget) -> SearchResult:
    ranked = Greedy().ranked(any_position(view))
    if len(ranked) == 1:
        return SearchResult(ranked[0], 0)
    sample = partial(believed_deal, view)
    return search(ranked, sample, view.seat, view.target_score, budget, rng)
