"""Redis memory per game: ``MEMORY USAGE`` of every key of a game, played through the API."""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass

from harness.games import create_game
from harness.http_client import Client
from harness.players import SAMPLE_NAMES
from harness.redis_server import RedisServer
from service.rules import Action, Move, apply, legal_moves, new_game
from service.store import keys

LONG_GAME_TARGET = 300
"""Games at the default target end in one or two rounds; one to 300 points lasts several."""


@dataclass(frozen=True)
class GameMemory:
    rounds: int
    turns: int
    after_round_one: int
    at_end: int
    idempotency: int


def game_bytes(redis: RedisServer, game_id: str) -> tuple[int, int]:
    """Bytes of the game's own keys, and of its idempotency keys."""
    client = redis.client()
    own = sum(client.memory_usage(key) or 0 for key in (keys.snapshot(game_id), keys.events(game_id)))
    # A large COUNT: with the bench's 100,000 filler games stored, SCAN's default of 10 made
    # this take seconds, long enough for the server to close the measuring client's idle connection.
    idem_keys = client.scan_iter(match=keys.idempotency(game_id, "*"), count=10_000)
    idem = sum(client.memory_usage(key) or 0 for key in idem_keys)
    client.close()
    return own, idem


def one_tile_at_a_time(moves: list[Move], chooser: random.Random) -> Move:
    """Play single tiles when possible: the most turns, hence the most events, per round."""
    singles = [m for m in moves if m.action is Action.PLAY and len(m.tiles) == 1]
    return chooser.choice(singles or moves)


def measure_game(client: Client, key: str, redis: RedisServer, seed: int, target: int) -> GameMemory:
    game = create_game(client, SAMPLE_NAMES, seed, target, key=key)
    game_id, admin = game.id, game.admin
    chooser = random.Random(seed)
    state = new_game(SAMPLE_NAMES, seed, target).state
    after_round: int | None = None
    turns = 0
    while state.outcome is None:
        move = one_tile_at_a_time(legal_moves(state, state.current_player), chooser)
        status, answer = client.call("POST", f"/v1/games/{game_id}/moves", move.to_json(), token=admin)
        if status != 200:
            raise RuntimeError(f"move refused while measuring memory: {status} {answer}")
        state = apply(state, move).state
        turns += 1
        if after_round is None and any(e["type"] == "round_scored" for e in answer["events"]):
            after_round = game_bytes(redis, game_id)[0]
    at_end, idempotency = game_bytes(redis, game_id)
    return GameMemory(state.round, turns, after_round or at_end, at_end, idempotency)


def memory_per_game(base_url: str, key: str, redis: RedisServer, games: int = 10) -> str:
    client = Client(base_url)
    typical = [measure_game(client, key, redis, seed, 100) for seed in range(1, games + 1)]
    long_game = measure_game(client, key, redis, 7, LONG_GAME_TARGET)
    client.close()
    ends = [game.at_end for game in typical]
    first_rounds = statistics.mean(game.after_round_one for game in typical)
    return "\n".join(
        [
            "Redis memory per game (`MEMORY USAGE` of its snapshot hash and event list; 4 players, single "
            "tiles played whenever possible, which gives the most turns and events):",
            "",
            "| games | rounds | turns | after round 1 (bytes) | finished (bytes) |",
            "|---|---|---|---|---|",
            f"| {games} at the default target 100 | {max(g.rounds for g in typical)} at most "
            f"| {max(g.turns for g in typical)} at most | {first_rounds:,.0f} mean "
            f"| {statistics.mean(ends):,.0f} mean, **{max(ends):,} max** |",
            f"| 1 to {LONG_GAME_TARGET} points | {long_game.rounds} | {long_game.turns} "
            f"| {long_game.after_round_one:,} | {long_game.at_end:,} |",
            "",
            "Goal: at most 16,384 bytes per finished game. Idempotency keys live 24 h apart from the "
            "game (none were used here).",
        ]
    )
