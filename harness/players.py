"""Sample players: the names that tests, benchmarks and reliability runs seat, and a random player.

A game of ``n`` players seats ``SAMPLE_NAMES[:n]``, so that the engine can deal any game
the service dealt again from its seed.
"""

from __future__ import annotations

import random

from service.rules import GameState, apply, legal_moves, new_game

SAMPLE_NAMES = ("Annika", "Elias", "Sofia", "Matteo")


def play_random_game(players: int, seed: int, chooser: random.Random) -> tuple[GameState, int]:
    """Play one game of random legal moves; return the final state and the turns taken."""
    state = new_game(SAMPLE_NAMES[:players], seed).state
    turns = 0
    while state.outcome is None:
        move = chooser.choice(legal_moves(state, state.current_player))
        state = apply(state, move).state
        turns += 1
    return state, turns
