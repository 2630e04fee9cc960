"""Games for the load: created through the API, their moves pre-computed by the engine.

The service deals a game from its seed exactly as ``new_game`` does, so the
engine can play each game ahead of time; the load generator then only replays
request bodies and spends no time on rules.
"""

from __future__ import annotations

import json
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from harness.games import Game, create_game
from harness.http_client import Client
from harness.players import SAMPLE_NAMES
from service.rules import Action, Move, apply, legal_moves, new_game


def create_games(base_url: str, key: str, count: int, first_seed: int, players: int = 4) -> list[Game]:
    """``count`` games created with the client key ``key``, eight connections at a time."""

    def create(batch: list[int]) -> list[Game]:
        client = Client(base_url)
        try:
            return [create_game(client, SAMPLE_NAMES[:players], seed, key=key) for seed in batch]
        finally:
            client.close()

    seeds = list(range(first_seed, first_seed + count))
    batches = [seeds[start::8] for start in range(8)]
    with ThreadPoolExecutor(8) as pool:
        return [game for made in pool.map(create, batches) for game in made]


def precompute_moves(game: Game, chooser: random.Random, pass_share: float = 0.0) -> list[Move]:
    """A legal random line of play for the game, to its end."""
    state = new_game(game.names, game.seed).state
    line = []
    while state.outcome is None:
        moves = legal_moves(state, state.current_player)
        placing = [m for m in moves if m.action is not Action.PASS]
        move = chooser.choice(placing) if placing and chooser.random() >= pass_share else moves[-1]
        line.append(move)
        state = apply(state, move).state
    return line


def write_moves_file(games: list[Game], path: Path, seed: int) -> int:
    """One line per move: game index, id, the mover's token, body. Returns the move count."""
    chooser = random.Random(seed)
    total = 0
    with path.open("w") as out:
        for index, game in enumerate(games):
            for move in precompute_moves(game, chooser):
                body = json.dumps(move.to_json(), separators=(",", ":"))
                out.write(f"{index}\t{game.id}\t{game.players[move.player]}\t{body}\n")
                total += 1
    return total
