"""Games for the load: created through the API, their moves pre-computed by the engine.

The service deals a game from its seed exactly as ``new_game`` does, so the
engine can play each game ahead of time; the load generator then only replays
request bodies and spends no time on rules.
"""

from __future__ import annotations

import json
import random
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from harness.http_client import Client
from harness.players import SAMPLE_NAMES
from service.rules import Action, Move, apply, legal_moves, new_game


@dataclass(frozen=True)
class CreatedGame:
    id: str
    seed: int
    players: int
    admin_token: str
    player_tokens: list[str]


def create_games(base_url: str, count: int, first_seed: int, players: int = 4) -> list[CreatedGame]:
    def create(batch: list[int]) -> list[CreatedGame]:
        client = Client(base_url)
        made = []
        for seed in batch:
            status, body = client.call("POST", "/v1/games", {"players": SAMPLE_NAMES[:players], "seed": seed})
            if status != 201:
                raise RuntimeError(f"creating a game answered {status}: {body}")
            tokens = body["tokens"]
            made.append(CreatedGame(body["game"]["id"], seed, players, tokens["admin"], tokens["players"]))
        client.close()
        return made

    seeds = list(range(first_seed, first_seed + count))
    batches = [seeds[start::8] for start in range(8)]
    with ThreadPoolExecutor(8) as pool:
        return [game for made in pool.map(create, batches) for game in made]


def precompute_moves(game: CreatedGame, chooser: random.Random, pass_share: float = 0.0) -> list[Move]:
    """A legal random line of play for the game, to its end."""
    state = new_game(SAMPLE_NAMES[: game.players], game.seed).state
    line = []
    while state.outcome is None:
        moves = legal_moves(state, state.current_player)
        placing = [m for m in moves if m.action is not Action.PASS]
        move = chooser.choice(placing) if placing and chooser.random() >= pass_share else moves[-1]
        line.append(move)
        state = apply(state, move).state
    return line


def write_moves_file(games: list[CreatedGame], path: Path, seed: int) -> int:
    """One line per move: game index, id, the mover's token, body. Returns the move count."""
    chooser = random.Random(seed)
    total = 0
    with path.open("w") as out:
        for index, game in enumerate(games):
            for move in precompute_moves(game, chooser):
                body = json.dumps(move.to_json(), separators=(",", ":"))
                out.write(f"{index}\t{game.id}\t{game.player_tokens[move.player]}\t{body}\n")
                total += 1
    return total
