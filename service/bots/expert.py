"""The ``expert`` level: Monte Carlo search over the positions the seat cannot tell apart.

The positions are drawn from ``belief.believed_deal``; the search is ``search.search``
with ``EXPERT_BUDGET``, a fixed number of simulations (docs/BOTS.md: its strength and cost).
"""

from __future__ import annotations

import random
from functools import partial

from service.bots.belief import believed_deal
from service.bots.greedy import Greedy
from service.bots.search import Budget, SearchResult, search
from service.bots.view import SeatView, any_position
from service.rules import Move

EXPERT_BUDGET = Budget(simulations=100, candidates=8)


def expert(view: SeatView, rng: random.Random) -> Move:
    """The searched move; a forced move (the pass alone) is played without a search."""
    return expert_search(view, rng, EXPERT_BUDGET).move


def expert_search(view: SeatView, rng: random.Random, budget: Budget) -> SearchResult:
    ranked = Greedy().ranked(any_position(view))
    if len(ranked) == 1:
        return SearchResult(ranked[0], 0)
    sample = partial(believed_deal, view)
    return search(ranked, sample, view.seat, view.target_score, budget, rng)
