"""Redis memory per game: ``MEMORY USAGE`` of every key of one game, played through the API."""

from __future__ import annotations

import random

from bench.games import NAMES
from service.rules import Move, apply, legal_moves, new_game
from service.store import keys
from tests.http_client import Client
from tests.redis_server import RedisServer


def game_bytes(redis: RedisServer, game_id: str) -> tuple[int, int]:
    """Bytes of the game's own keys, and of its idempotency keys."""
    client = redis.client()
    own = sum(client.memory_usage(key) or 0 for key in (keys.game(game_id), keys.events(game_id)))
    idem = sum(
        client.memory_usage(key) or 0 for key in client.scan_iter(match=keys.idempotency(game_id, "*"))
    )
    client.close()
    return own, idem


def memory_per_game(base_url: str, redis: RedisServer, seed: int = 7) -> str:
    """Play a several-round 4-player game (passing often) and measure after round 1 and at the end."""
    client = Client(base_url)
    status, created = client.call("POST", "/v1/games", {"players": NAMES, "seed": seed})
    game_id, admin = created["game"]["id"], created["tokens"]["admin"]
    chooser = random.Random(seed)
    state = new_game(NAMES, seed).state
    after_round: tuple[int, int] | None = None
    turns = 0
    while state.outcome is None:
        moves = legal_moves(state, state.current_player)
        move: Move = moves[-1] if chooser.random() < 0.6 else chooser.choice(moves)
        status, body = client.call("POST", f"/v1/games/{game_id}/moves", move.to_json(), token=admin)
        if status != 200:
            raise RuntimeError(f"move refused while measuring memory: {status} {body}")
        state = apply(state, move).state
        turns += 1
        if after_round is None and any(e["type"] == "round_scored" for e in body["events"]):
            after_round = game_bytes(redis, game_id)
    at_end = game_bytes(redis, game_id)
    client.close()
    first = after_round or at_end
    return (
        f"Redis memory per game (`MEMORY USAGE` of its snapshot hash and event list), one 4-player game "
        f"of {state.round} rounds and {turns} turns: **{first[0]:,} bytes** after round 1, "
        f"**{at_end[0]:,} bytes** at the end (goal: at most 16,384). Idempotency keys, kept 24 h "
        f"apart from the game, add {at_end[1]:,} bytes when no move used one."
    )
