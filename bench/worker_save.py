"""What a save the worker makes costs its process: ``python -m bench.worker_save [--against REV]``.

A bot's move or a timeout is saved counted against no one, with its turn's deadline and a
doorbell for the worker (``MoveSave`` with ``timed``, ``deadline`` and ``outbox``). Each round
saves one such move in each of ``--games`` new games on one private Redis and reports the wall
time and this process's CPU per save. With ``--against REV`` a checkout of that commit (a
temporary git worktree) plays the same rounds, alternating: what a change of the save path
saved the worker. Each figure is the median of its rounds.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.instructions import REPO
from harness.redis_server import RedisServer
from harness.sample_records import game_record
from service.store import MoveSave
from service.store.config import RedisOptions
from service.store.redis import RedisStore

DUE = 1_800_000_060_000
ROUND_FILES = ("bench/worker_save.py", "harness/sample_records.py")
"""What ``one_round`` runs on, written into an ``--against`` checkout over its own."""


def one_round(redis_url: str, games: int, tag: str) -> tuple[float, float]:
    """Wall µs and CPU µs per save, saving in ``games`` new games of ``tag`` (this checkout's code)."""
    store = RedisStore(RedisOptions(redis_url))
    try:
        for number in range(games):
            store.create_game(f"{tag}-{number}", game_record(), [])
        saves = [
            MoveSave(f"{tag}-{n}", 1, "s2", ['{"e": 2}'], False, outbox=("bot",), timed=True, deadline=DUE)
            for n in range(games)
        ]
        wall, cpu = time.perf_counter(), time.process_time()
        for save in saves:
            if store.save_move(save).version != 2:
                raise SystemExit(f"the save was not made: {save.game_id}")
        return (time.perf_counter() - wall) * 1e6 / games, (time.process_time() - cpu) * 1e6 / games
    finally:
        store.close()


def round_in(checkout: Path, redis_url: str, games: int, tag: str) -> tuple[float, float]:
    """``one_round`` run by ``checkout``'s code, in a process of its own."""
    code = f"from bench.worker_save import one_round; print(*one_round({redis_url!r}, {games}, {tag!r}))"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=checkout, check=True, capture_output=True, text=True
    )
    wall, cpu = done.stdout.split()
    return float(wall), float(cpu)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="REV", help="a commit whose save path to measure too")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=2000, help="saves a round")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch, RedisServer() as server:
        checkouts = {"now": REPO}
        if args.against:
            other = Path(scratch) / "against"
            subprocess.run(
                ["git", "worktree", "add", "--detach", "-q", str(other), args.against], cwd=REPO, check=True
            )
            # The commit may predate these files: its store is what is measured, by this file's round.
            for ours in ROUND_FILES:
                (other / ours).write_text((REPO / ours).read_text())
            checkouts[args.against] = other
        try:
            rounds: dict[str, list[tuple[float, float]]] = {name: [] for name in checkouts}
            for number in range(args.rounds):
                for name, checkout in checkouts.items():
                    rounds[name].append(round_in(checkout, server.url, args.games, f"{name}-{number}"))
        finally:
            if args.against:
                subprocess.run(["git", "worktree", "remove", "--force", str(other)], cwd=REPO, check=True)
    print(f"a worker's save, µs a save, median of {args.rounds} rounds of {args.games}:")
    for name, figures in rounds.items():
        wall = statistics.median(figure[0] for figure in figures)
        cpu = statistics.median(figure[1] for figure in figures)
        print(f"  {name:<12} wall {wall:6.1f}   CPU {cpu:6.1f}")


if __name__ == "__main__":
    main()
