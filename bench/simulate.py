"""Play random legal games to the end and report rounds, turns and time per game.

    python -m bench.simulate --players 4 --games 1000 --seed 1

Each game uses seed ``seed + game``; moves are chosen uniformly among the legal
moves (``harness.players.play_random_game``) by a generator seeded from ``--seed``,
so a run is reproducible.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from harness.players import play_random_game


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    chooser = random.Random(args.seed)
    rounds, turns, seconds = [], [], []
    for game in range(args.games):
        started = time.perf_counter()
        state, taken = play_random_game(args.players, args.seed + game, chooser)
        seconds.append(time.perf_counter() - started)
        rounds.append(state.round)
        turns.append(taken)
    total = sum(seconds)
    print(f"{args.games} games, {args.players} players, seed {args.seed}")
    print(f"rounds per game: mean {statistics.mean(rounds):.2f}, max {max(rounds)}")
    print(f"turns per game:  mean {statistics.mean(turns):.1f}, max {max(turns)}")
    print(f"time per game:   mean {1000 * total / args.games:.2f} ms; {sum(turns) / total:,.0f} turns/s")


if __name__ == "__main__":
    main()
