"""Each served level on the rating scale: a player of its own (``bot:expert``), rated by seeded games
against the other levels.

    nice -n 19 python -m bench.bot_ratings [--games 630] [--seed 1] [--processes 2] [--write]

The games cycle through the tables, a block at a time: every pair of levels at 2 seats, the three at
3, and at 4 the three with each level seated twice in turn. Each table of a block gets its own deal
and is played once with its seating rotated into every seat; from one block to the next the tables'
seat orders change too, so every level sits before and after every other. A level seated twice is
its player in one seat; the other seat is a stand-in, rated as the level stands at that moment and
its own new rating dropped (one player cannot hold two seats of a rated game). Places are
``standing(scores, winners, no one left)``; the games are rated in the schedule's order, one after the other,
whatever ``--processes``, every level starting at ``UNRATED``. A block is 21 games. ``--write``
rewrites ``LEVEL_RATINGS`` in service/bots/ratings.py. docs/BOTS.md holds the figures.
"""

from __future__ import annotations

import argparse
import datetime
import multiprocessing
import os
import re
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement, permutations
from pathlib import Path

import service.bots.ratings
from bench.arena import Finished, play_out
from service.bots import LEVEL_NAMES
from service.bots.ratings import PLAYER_PREFIX
from service.play.ratings import MAX_SEATS, MIN_SEATS, UNRATED, Holder, Rating, Seat, rate, standing

DEFAULT_GAMES = 630
"""30 blocks, about 450 s of CPU: 4 minutes of wall time on 2 free cores, under 10 on a shared machine
(1,050 games took 752 s of CPU, and 15 minutes where the run got 0.8 of a core)."""
RATINGS_FILE = Path(service.bots.ratings.__file__)
WRITTEN = re.compile(r"^# Written by .*?^}\n", re.MULTILINE | re.DOTALL)


@dataclass(frozen=True, slots=True)
class Table:
    """One game of the schedule, seat by seat."""

    levels: tuple[str, ...]
    rated: tuple[bool, ...]
    """False for a stand-in: a level's second seat, whose own new rating is dropped."""
    deal_seed: int


def line_ups(levels: Sequence[str]) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Each table's rated levels and stand-ins: the levels by twos, by threes..., then all of them with
    the seats left over taken by stand-ins."""
    found: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    for seats in range(MIN_SEATS, MAX_SEATS + 1):
        if seats <= len(levels):
            found += [(rated, ()) for rated in combinations(levels, seats)]
        else:
            stand_ins = combinations_with_replacement(levels, seats - len(levels))
            found += [(tuple(levels), extra) for extra in stand_ins]
    return found


def _tables(levels: Sequence[str], seed: int) -> Iterator[Table]:
    kinds = line_ups(levels)
    block = 0
    while True:
        for index, (rated, stand_ins) in enumerate(kinds):
            seated = [(level, True) for level in rated] + [(level, False) for level in stand_ins]
            orders = [(seated[0], *rest) for rest in permutations(seated[1:])]
            order = orders[block % len(orders)]
            deal_seed = seed + block * len(kinds) + index
            for turn in range(len(order)):
                rotated = order[turn:] + order[:turn]
                yield Table(tuple(level for level, _ in rotated), tuple(r for _, r in rotated), deal_seed)
        block += 1


def schedule(games: int, seed: int, levels: Sequence[str] = LEVEL_NAMES) -> list[Table]:
    """The first ``games`` games of the cycle, in the order they are rated."""
    tables = _tables(levels, seed)
    return [next(tables) for _ in range(games)]


def play_table(table: Table) -> Finished:
    return play_out(table.levels, table.deal_seed)


def rate_game(ratings: dict[str, Rating], table: Table, game: Finished) -> dict[str, Rating]:
    """The levels' ratings after one game: places from its winners and minus points, nobody having left."""
    places = standing(game.scores, game.outcome.winners, [False] * len(game.scores))
    seats = [
        Seat((Holder(PLAYER_PREFIX + level, ratings[level]),), place)
        for level, place in zip(table.levels, places, strict=True)
    ]
    after = rate(seats)
    changed = {
        level: new for level, (new,), rated in zip(table.levels, after, table.rated, strict=True) if rated
    }
    return {**ratings, **changed}


@dataclass(frozen=True, slots=True)
class Calibration:
    ratings: dict[str, Rating]
    """By level, weakest first as given."""
    tables: list[Table]
    finished: list[Finished]
    """Each table's game, in the schedule's order."""


def calibrate(
    games: int, seed: int, processes: int = 1, levels: Sequence[str] = LEVEL_NAMES, nice: int = 19
) -> Calibration:
    """Play the schedule (in a pool of ``processes``, each worker ``nice`` added) and rate it in order."""
    tables = schedule(games, seed, levels)
    if processes > 1:
        with multiprocessing.Pool(processes, initializer=os.nice, initargs=(nice,)) as pool:
            finished = pool.map(play_table, tables, chunksize=1)
    else:
        finished = [play_table(table) for table in tables]
    ratings = dict.fromkeys(levels, UNRATED)
    for table, game in zip(tables, finished, strict=True):
        ratings = rate_game(ratings, table, game)
    return Calibration(ratings, tables, finished)


def markdown(ratings: dict[str, Rating]) -> list[str]:
    lines = ["| level | μ | σ | ordinal μ−3σ | games |", "| --- | ---: | ---: | ---: | ---: |"]
    for level, found in ratings.items():
        lines.append(
            f"| {level} | {found.mu:.2f} | {found.sigma:.2f} | {found.ordinal:.2f} | {found.games} |"
        )
    return lines


def written(ratings: dict[str, Rating], command: str, games: int) -> str:
    """The block of service/bots/ratings.py that holds the numbers."""
    today = datetime.date.today().isoformat()
    rows = "".join(
        f'        LevelRating("{level}", {found.mu:.6f}, {found.sigma:.6f}, {found.games}),\n'
        for level, found in ratings.items()
    )
    return (
        f"# Written by `{command}`:\n# {games:,} games (2 cores, shared), {today}; do not edit by hand.\n"
        "LEVEL_RATINGS: dict[str, LevelRating] = {\n"
        "    found.level: found\n"
        "    for found in (\n"
        f"{rows}"
        "    )\n"
        "}\n"
    )


def write(ratings: dict[str, Rating], command: str, games: int) -> None:
    text = RATINGS_FILE.read_text()
    if len(WRITTEN.findall(text)) != 1:
        raise SystemExit(f"{RATINGS_FILE}: no single '# Written by' block to rewrite")
    RATINGS_FILE.write_text(WRITTEN.sub(lambda _: written(ratings, command, games), text))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help="games in all (a block is 21)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--nice", type=int, default=19, help="niceness added to each worker process")
    parser.add_argument(
        "--write", action="store_true", help="rewrite LEVEL_RATINGS in service/bots/ratings.py"
    )
    args = parser.parse_args(argv)

    started = time.perf_counter()
    calibration = calibrate(args.games, args.seed, args.processes, nice=args.nice)
    seconds = time.perf_counter() - started
    print(f"{args.games} games, seed {args.seed}, {args.processes} process(es), {seconds:.0f} s of wall time")
    print("\n".join(markdown(calibration.ratings)))
    if args.write:
        command = f"nice -n 19 python -m bench.bot_ratings --games {args.games} --seed {args.seed} --write"
        write(calibration.ratings, command, args.games)
        print(f"wrote {RATINGS_FILE}")


if __name__ == "__main__":
    main()
