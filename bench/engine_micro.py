"""Micro-benchmark of the rules engine: what one request costs the engine, in microseconds.

    python -m bench.engine_micro [--positions 300] [--seed 1]

Positions are sampled from random legal 4-player games (the size of the snapshot
the service stores); each operation is timed over all of them, best of 5 repeats.
"""

from __future__ import annotations

import argparse
import json
import random
import timeit
from collections.abc import Callable

from harness.players import SAMPLE_NAMES
from service.rules import GameState, Move, apply, from_snapshot, legal_moves, new_game, to_snapshot, validate


def sample_positions(count: int, seed: int, players: int = 4) -> list[tuple[GameState, Move]]:
    """Positions from random games, each with a legal non-pass move when there is one."""
    chooser = random.Random(seed)
    samples: list[tuple[GameState, Move]] = []
    game_seed = seed
    while len(samples) < count:
        state = new_game(SAMPLE_NAMES[:players], game_seed).state
        game_seed += 1
        while state.outcome is None and len(samples) < count:
            moves = legal_moves(state, state.current_player)
            placing = [m for m in moves if m.tiles or m.action.value in ("scissors", "trash")]
            move = chooser.choice(placing or moves)
            samples.append((state, move))
            state = apply(state, chooser.choice(moves)).state
    return samples


def per_call_us(operation: Callable[[], object], calls: int) -> float:
    best = min(timeit.repeat(operation, number=1, repeat=5))
    return best / calls * 1e6


def measure(count: int, seed: int) -> dict[str, float]:
    samples = sample_positions(count, seed)
    raw = [json.dumps(to_snapshot(state)) for state, _ in samples]
    docs = [json.loads(text) for text in raw]
    n = len(samples)
    return {
        "validate": per_call_us(lambda: [validate(s, m) for s, m in samples], n),
        "apply": per_call_us(lambda: [apply(s, m) for s, m in samples], n),
        "legal_moves": per_call_us(lambda: [legal_moves(s, s.current_player) for s, _ in samples], n),
        "snapshot load (trusted, from JSON text)": per_call_us(
            lambda: [from_snapshot(json.loads(text), verify=False) for text in raw], n
        ),
        "snapshot load (verified, from JSON text)": per_call_us(
            lambda: [from_snapshot(json.loads(text)) for text in raw], n
        ),
        "snapshot dump (to JSON text)": per_call_us(
            lambda: [json.dumps(to_snapshot(s)) for s, _ in samples], n
        ),
        "move request (trusted load + apply + dump)": per_call_us(
            lambda: [
                json.dumps(to_snapshot(apply(from_snapshot(doc, verify=False), m).state))
                for doc, (_, m) in zip(docs, samples, strict=True)
            ],
            n,
        ),
        "snapshot bytes (mean)": sum(len(text) for text in raw) / n,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Rules engine micro-benchmark")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    figures = measure(args.positions, args.seed)
    print(f"{args.positions} positions from random 4-player games, seed {args.seed}; best of 5")
    for name, value in figures.items():
        unit = "" if "bytes" in name else " us"
        print(f"  {name:46s} {value:9.1f}{unit}")


if __name__ == "__main__":
    main()
