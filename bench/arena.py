"""Seeded games between bot levels: who wins, by how much, and what each move costs.

    nice -n 19 python -m bench.arena [--games 1000] [--players 2 3 4] [--levels random greedy expert oracle]
                                     [--pairings expert:greedy ...] [--seed 1] [--processes 2]

A pairing ``A:B`` seats one ``A`` and fills every other seat with ``B``; by default each
level of ``--levels`` meets the one before it. Game ``g`` of a pairing is dealt from seed
``seed + g // players`` with ``A`` in seat ``g % players``, so each deal is played with
``A`` in every seat in turn. Whole games, default target. A win counts 1, a win shared by
k seats 1/k each. The table gives ``A``'s win rate with its 95% Wilson interval (a fair
share is 1/players) and the mean margin (the others' mean total minus ``A``'s, in
points: positive when ``A`` finishes lower). Each decision is timed with
``time.process_time`` (the CPU its process spent). docs/BOTS.md holds the figures.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from harness.players import SAMPLE_NAMES
from service.bots import LEVEL_NAMES, choose, decision_seed, seat_view
from service.bots.oracle import oracle
from service.rules import GameState, Move, Outcome, apply, new_game

ORACLE = "oracle"
ALL_LEVELS = (*LEVEL_NAMES, ORACLE)
Z95 = 1.959964


def decide(level: str, state: GameState, seed: int) -> Move:
    """The level's move for the seat to play: served levels see the seat's view, the oracle everything."""
    if level == ORACLE:
        return oracle(state, random.Random(seed))
    return choose(level, seat_view(state, state.current_player), seed)


@dataclass(frozen=True, slots=True)
class Game:
    players: int
    first: str
    """The level in one seat (``A`` of the pairing)."""
    others: str
    """The level in every other seat (``B``)."""
    deal_seed: int
    first_seat: int


@dataclass
class Played:
    game: Game
    share: float
    """``A``'s part of the win: 1, 1/k for a win shared by k seats, or 0."""
    margin: float
    cpu: dict[str, list[float]] = field(default_factory=dict)
    """Seconds of CPU per decision, by level."""


@dataclass(frozen=True, slots=True)
class Finished:
    """A whole game played out."""

    outcome: Outcome
    scores: tuple[int, ...]
    """Each seat's final minus points."""
    cpu: dict[str, list[float]]
    """Seconds of CPU per decision, by level."""


def play_out(levels: Sequence[str], deal_seed: int) -> Finished:
    """One whole game, a level a seat, every decision seeded from the deal, the version and the seat."""
    state = new_game(SAMPLE_NAMES[: len(levels)], deal_seed).state
    cpu: dict[str, list[float]] = defaultdict(list)
    version = 0
    while state.outcome is None:
        seat = state.current_player
        started = time.process_time()
        move = decide(levels[seat], state, decision_seed(deal_seed, version, seat))
        cpu[levels[seat]].append(time.process_time() - started)
        state = apply(state, move).state
        version += 1
    return Finished(state.outcome, tuple(player.score for player in state.players), dict(cpu))


def play(game: Game) -> Played:
    """One game of a pairing: ``A``'s share of the win and its margin."""
    levels = [game.first if seat == game.first_seat else game.others for seat in range(game.players)]
    finished = play_out(levels, game.deal_seed)
    winners = finished.outcome.winners
    share = 1 / len(winners) if game.first_seat in winners else 0.0
    totals = finished.scores
    others = [total for seat, total in enumerate(totals) if seat != game.first_seat]
    return Played(game, share, statistics.mean(others) - totals[game.first_seat], finished.cpu)


def games_of(players: int, first: str, others: str, count: int, seed: int) -> list[Game]:
    return [Game(players, first, others, seed + index // players, index % players) for index in range(count)]


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (a shared win counts its share)."""
    if trials == 0:
        return (0.0, 1.0)
    rate = successes / trials
    spread = Z95 * math.sqrt(rate * (1 - rate) / trials + Z95**2 / (4 * trials**2))
    middle = rate + Z95**2 / (2 * trials)
    scale = 1 + Z95**2 / trials
    return ((middle - spread) / scale, (middle + spread) / scale)


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]


QUEUE = 20
"""The service plays up to 20 bot games at once in one worker: a reply may wait for 20 moves."""


def queued_p99(spent: list[float], rng: random.Random, draws: int = 2000) -> float:
    """The p99 of the CPU of ``QUEUE`` moves in a row, drawn at random from those measured."""
    return p99([sum(rng.choices(spent, k=QUEUE)) for _ in range(draws)])


def report(results: Iterable[Played], seconds: float) -> list[str]:
    """The pairings' table, then the CPU per move of each level, then the wall time."""
    by_pairing: dict[tuple[int, str, str], list[Played]] = defaultdict(list)
    cpu: dict[tuple[str, int], list[float]] = defaultdict(list)
    for played in results:
        game = played.game
        by_pairing[(game.players, game.first, game.others)].append(played)
        for level, spent in played.cpu.items():
            cpu[(level, game.players)] += spent
    lines = [PAIRING_HEADER]
    for (players, first, others), played in sorted(by_pairing.items(), key=lambda item: _order(*item[0])):
        lines.append(_pairing_line(players, f"{first} vs {others}", played))
    lines += ["", CPU_HEADER]
    for (level, players), spent in sorted(cpu.items(), key=lambda item: _order(item[0][1], item[0][0])):
        lines.append(_cpu_line(level, players, spent))
    games = sum(map(len, by_pairing.values()))
    return [*lines, "", f"{games} games in {seconds:.0f} s of wall time"]


PAIRING_HEADER = "players  pairing             games  win rate  95% interval      margin"
CPU_HEADER = f"level    players    moves  CPU mean ms   p99 ms   max ms  {QUEUE} moves p99 s"


def _pairing_line(players: int, name: str, played: list[Played]) -> str:
    wins = sum(p.share for p in played)
    low, high = wilson(wins, len(played))
    interval = f"[{low:.1%}, {high:.1%}]"
    margin = statistics.mean(p.margin for p in played)
    rate = wins / len(played)
    return f"{players:>7}  {name:<18} {len(played):>6}  {rate:>8.1%}  {interval:<16} {margin:>+7.1f}"


def _cpu_line(level: str, players: int, spent: list[float]) -> str:
    mean, tail, most = (1000 * figure for figure in (statistics.mean(spent), p99(spent), max(spent)))
    queued = queued_p99(spent, random.Random(0))
    figures = f"{mean:>11.2f}  {tail:>7.1f}  {most:>7.1f}  {queued:>14.2f}"
    return f"{level:<8} {players:>7} {len(spent):>8}  {figures}"


def _order(players: int, *levels: str) -> tuple[int, ...]:
    return (players, *(ALL_LEVELS.index(level) for level in levels))


def pairing(text: str) -> tuple[str, str]:
    first, _, others = text.partition(":")
    if first not in ALL_LEVELS or others not in ALL_LEVELS:
        known = ", ".join(ALL_LEVELS)
        raise argparse.ArgumentTypeError(f"{text!r}: a pairing is LEVEL:LEVEL, of the levels {known}")
    return (first, others)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing and player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], choices=(2, 3, 4))
    parser.add_argument("--levels", nargs="+", default=list(ALL_LEVELS), choices=ALL_LEVELS)
    parser.add_argument(
        "--pairings", type=pairing, nargs="+", help="A:B pairings; default: each level against the one before"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--nice", type=int, default=19, help="niceness added to each worker process")
    args = parser.parse_args(argv)

    pairings = args.pairings or list(zip(args.levels[1:], args.levels[:-1], strict=True))
    games = [
        game
        for players in args.players
        for first, others in pairings
        for game in games_of(players, first, others, args.games, args.seed)
    ]
    started = time.perf_counter()
    if args.processes > 1:
        with multiprocessing.Pool(args.processes, initializer=os.nice, initargs=(args.nice,)) as pool:
            results = list(pool.imap_unordered(play, games, chunksize=1))
    else:
        results = [play(game) for game in games]
    print(f"seed {args.seed}, {args.processes} process(es); a win shared by k seats counts 1/k to each")
    print("\n".join(report(results, time.perf_counter() - started)))


if __name__ == "__main__":
    main()
