"""Positions for the bots' tests: reached by random legal play from seeded deals.

Test modules import them (``from tests.bots.positions import reached``); hypothesis
draws the seeds, so every failing position can be replayed.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import strategies as st

from harness.players import SAMPLE_NAMES
from service.rules import GameState, Player, apply, legal_moves, new_game
from service.rules.tiles import sorted_tiles


def reached(players: int, seed: int, plies: int) -> GameState:
    """The position after up to ``plies`` random legal moves (passing only when forced) of
    the game dealt from ``seed``; the last one still playing if the game ends sooner."""
    chooser = random.Random(seed)
    state = new_game(SAMPLE_NAMES[:players], seed).state
    for _ in range(plies):
        moves = legal_moves(state, state.current_player)
        after = apply(state, chooser.choice(moves[:-1] or moves)).state
        if after.outcome is not None:
            break
        state = after
    return state


positions = st.builds(
    reached,
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**40),
    plies=st.integers(0, 120),
)
"""Playing positions of 2, 3 and 4 players, early, mid- and late-round."""


def redealt(state: GameState, rng: random.Random) -> GameState:
    """The same position with the tiles the seat to play cannot see (the other hands and
    the box) shuffled into a random partition of the same sizes, and another seed."""
    seat = state.current_player
    hidden = [tile for other, player in enumerate(state.players) if other != seat for tile in player.hand]
    hidden += state.box
    rng.shuffle(hidden)
    players = []
    for other, player in enumerate(state.players):
        if other == seat:
            players.append(player)
            continue
        size = len(player.hand)
        players.append(Player(player.name, sorted_tiles(hidden[:size]), player.score))
        hidden = hidden[size:]
    return replace(state, players=tuple(players), box=sorted_tiles(hidden), seed=rng.randrange(2**63))
