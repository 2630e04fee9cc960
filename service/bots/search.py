"""Determinized Monte Carlo search with Sequential Halving at the root.

Each simulation plays one candidate move in a position drawn for the seat (a
determinization) and plays the round out with greedy for every seat; the round's end
is worth ``rollout.round_value``. The candidates are greedy's best moves. Sequential
Halving (Karnin, Koren & Somekh 2013) spends the budget in rounds: every surviving
candidate is played in the same freshly drawn positions, so candidates are compared
on the same deals, and the worse half is dropped after each round. The budget is a
number of simulations, so the choice depends on the view and the seed only.
docs/BOTS.md says why the tree stops at the root.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from service.bots.greedy import Greedy
from service.bots.rollout import play_move, play_out, round_value, simulated
from service.rules import GameState, Move


@dataclass(frozen=True, slots=True)
class Budget:
    simulations: int
    """How many candidate moves are played out, over the whole search."""
    candidates: int
    """How many of greedy's best moves are searched (the pass always among them)."""
    margin_scale: float = 25.0
    """``round_value``'s scale: how many points behind halve a seat's share, roughly."""


@dataclass
class Candidate:
    move: Move
    rank: int
    """Its place in greedy's ranking: the tie-break."""
    simulations: int = 0
    total: float = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.simulations if self.simulations else 0.0


@dataclass
class SearchResult:
    move: Move
    simulations: int
    """How many simulations the search ran (never more than the budget's)."""
    candidates: list[Candidate] = field(default_factory=list)


Sampler = Callable[[random.Random], GameState]
"""Draws a full position the searching seat cannot tell from the real one."""


def search(
    ranked: list[Move], sample: Sampler, seat: int, target_score: int, budget: Budget, rng: random.Random
) -> SearchResult:
    """The candidate left after Sequential Halving over ``budget``.

    ``ranked`` is every legal move, greedy's best first and the pass last.
    """
    pool = candidates(ranked, budget.candidates)
    alive = list(pool)
    policy = Greedy()
    phases = max(1, (len(alive) - 1).bit_length())
    used = 0
    for phase in range(phases):
        positions = (budget.simulations - used) // ((phases - phase) * len(alive))
        for _ in range(min(max(1, positions), (budget.simulations - used) // len(alive))):
            position = simulated(sample(rng))
            for candidate in alive:
                candidate.total += _simulate(position, candidate.move, policy, seat, target_score, budget)
                candidate.simulations += 1
            used += len(alive)
        alive = sorted(alive, key=_preference)[: (len(alive) + 1) // 2]
    return SearchResult(min(alive, key=_preference).move, used, pool)


def candidates(ranked: list[Move], count: int) -> list[Candidate]:
    """Greedy's ``count - 1`` best moves and the pass (every move, when there are fewer)."""
    chosen = ranked if len(ranked) <= count else [*ranked[: count - 1], ranked[-1]]
    return [Candidate(move, rank) for rank, move in enumerate(chosen)]


def _preference(candidate: Candidate) -> tuple[float, int]:
    return (-candidate.mean, candidate.rank)


def _simulate(
    position: GameState, move: Move, policy: Greedy, seat: int, target_score: int, budget: Budget
) -> float:
    state, ended = play_move(position, move)
    if not ended:
        state = play_out(state, policy)
    return round_value(state, target_score, budget.margin_scale)[seat]
