"""Ratings (issue 45): rating a finished game against verifying its record, and a leaderboard page at a
pool of a million players, each on a redis-server of the bench's own.

    python -m bench.ratings [--games 30] [--repeats 5] [--pool 1000000] [--reads 10000] [--seed 1]

Part of ``make bench`` (``bench.run``); alone it prints its figures and writes nothing. Redis is on one
core and this process on the other (when it may use two), so that the client's work and Redis's own
are not counted twice.

(1) Games of 2 to 4 players are played out by the engine (``bench.records.play``) and each is given its
    record as the worker reads it (``play.records.game_record``: every seat held by its first player
    throughout) and as ``POST /v1/records/verify`` hands it to the rules (its shape loaded by
    ``schemas.quick_record``, timed on its own). Per game, ``repeats`` times, each timed alone:
    (a) verifying the record: ``replay(record_from_json(...))``;
    (b) rating the game: ``rating_games.rated_seats`` (``play.records.verified``: the moves read from
        their wire shape, then the same replay; the seats' places) then
        ``rating_games.apply`` into a pool on Redis, once with players new to the pool and once with
        players whose histories are full (``HISTORY_KEPT`` games each, as any regular's is).
    The medians over every game's runs, and (b) over (a).
(2) A pool of ``pool`` players written straight into the keys of ``store.keys`` (pipelined HSET and
    ZADD in batches, not through ``apply``), then ``reads`` pages of 20 at random places: the store's
    ``rating_board`` and ``rating_reads.leaderboard``, p50 and p99 (bound: p99 under ``MAX_P99_MS``).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import count
from typing import Any

import redis

from bench.bots import percentile
from bench.lab import describe_machine
from bench.records import play, timed
from harness.redis_server import RedisServer
from service.api.schemas import quick_record
from service.encoding import dumps
from service.play.rating_games import apply, rated_seats
from service.play.rating_reads import leaderboard
from service.play.ratings import Rating
from service.rules.record import Flaw, Result, record_from_json, replay
from service.store import keys
from service.store.config import RedisOptions
from service.store.ratings import HISTORY_KEPT
from service.store.redis import RedisStore

MAX_P99_MS = 5.0
PER_PAGE = 20
FILL_BATCH = 10_000
"""Players a pipelined HSET and ZADD write at a time when the pool is filled."""
CAST = 8
"""The regulars of the pool whose histories are full: enough for any table of four."""
NOW = 1_800_000_000.0


@dataclass(frozen=True)
class RecordedGame:
    wire: dict[str, Any]
    """Its record as ``game_record`` writes it: what the worker rates (and keeps with the game's outcome)."""
    loaded: dict[str, Any]
    """...and with its shape loaded (``schemas.quick_record``), which is what ``record_from_json`` takes."""
    result: Result
    """What the engine made of the game as it played it."""
    version: int
    """The version its last move made: the game's creation is version 1, each move one more."""
    moves: int

    @property
    def seats(self) -> int:
        return len(self.wire["players"])


def recorded_games(games: int, seed: int) -> list[RecordedGame]:
    chooser = random.Random(seed)
    recorded = []
    for number in range(games):
        played = play(2 + number % 3, seed + number, chooser)
        wire = {
            **played.document,
            "players": [
                {**player, "holders": [{"name": player["name"], "from_version": 1, "until_version": None,
                                        "left": False}]}
                for player in played.document["players"]
            ],
        }  # fmt: skip
        loaded = quick_record(wire)
        assert loaded is not None, "a record the engine played is plainly valid"
        game = RecordedGame(wire, loaded, played.result, 1 + len(played.moves), len(played.moves))
        assert verify(game) == played.result, "the record replays to the engine's own result"
        recorded.append(game)
    return recorded


@dataclass(frozen=True)
class RatingFigures:
    games: int
    moves: int
    repeats: int
    history: int
    """Games in each regular's history when (b) was timed with them."""
    shape_s: float
    verify_s: float
    seats_s: float
    """``rated_seats`` alone (its replay included)."""
    apply_new_s: float
    apply_kept_s: float
    rate_new_s: float
    """``rated_seats`` then ``apply``, players new to the pool."""
    rate_kept_s: float
    """``rated_seats`` then ``apply``, players with full histories."""
    outcome_bytes: int
    """Median size of what a game's application keeps for good (its outcome, its record inside)."""
    history_bytes: int
    """Median size of a regular's history, which every game of theirs reads and writes again."""

    @property
    def ratio_new(self) -> float:
        return self.rate_new_s / self.verify_s

    @property
    def ratio_kept(self) -> float:
        return self.rate_kept_s / self.verify_s


class Pools:
    """The two pools (b) rates into, and the players each game gets there."""

    def __init__(self, store: RedisStore, chooser: random.Random) -> None:
        self.store = store
        self.chooser = chooser
        self.newcomers = count()
        self.games = count()
        self.kept_counts = dict.fromkeys((f"regular-{n}" for n in range(CAST)), 0)

    def game_id(self) -> str:
        return f"bench-{next(self.games)}"

    def newcomers_for(self, game: RecordedGame) -> list[str]:
        return [f"newcomer-{next(self.newcomers)}" for _ in range(game.seats)]

    def regulars_for(self, game: RecordedGame) -> list[str]:
        """The regulars with the fewest games so far (ties by chance), so that histories fill evenly."""
        ranked = sorted(
            self.kept_counts, key=lambda player: (self.kept_counts[player], self.chooser.random())
        )
        chosen = ranked[: game.seats]
        for player in chosen:
            self.kept_counts[player] += 1
        return chosen

    def rate(self, pool: str, game: RecordedGame, players: Sequence[str]) -> tuple[float, float]:
        """Seconds of ``rated_seats`` and of ``apply`` for one game."""
        game_id = self.game_id()
        started = time.perf_counter()
        seats = rated_seats(game.wire, players, game.version)
        placed = time.perf_counter()
        assert seats is not None and len(seats) == game.seats
        outcome = apply(self.store, pool, game_id, seats, game.wire, game.version, NOW)
        applied = time.perf_counter()
        assert outcome["game_id"] == game_id
        return placed - started, applied - placed


def measure_rating(
    url: str, games: int, repeats: int, seed: int, history: int = HISTORY_KEPT
) -> RatingFigures:
    """(1): per game, verifying its record against rating it, in turn, ``repeats`` times; the regulars'
    histories first filled to ``history`` games each (at most ``HISTORY_KEPT`` are kept)."""
    recorded = recorded_games(games, seed)
    store = RedisStore(RedisOptions(url, socket_timeout=10.0))
    pools = Pools(store, random.Random(seed))
    pool_of = {"new": f"bench-new-{seed}", "kept": f"bench-kept-{seed}"}
    warmed = 0
    while min(pools.kept_counts.values()) < history:
        game = recorded[warmed % len(recorded)]
        pools.rate(pool_of["kept"], game, pools.regulars_for(game))
        warmed += 1
    samples: dict[str, list[float]] = defaultdict(list)
    steps = ("shape", "verify", "new", "kept")
    for repeat in range(repeats):
        for game in recorded:
            for step in steps if repeat % 2 == 0 else reversed(steps):
                if step == "shape":
                    samples[step].append(timed(partial(quick_record, game.wire)))
                elif step == "verify":
                    samples[step].append(timed(partial(verify, game)))
                else:
                    players = pools.newcomers_for(game) if step == "new" else pools.regulars_for(game)
                    seats_s, apply_s = pools.rate(pool_of[step], game, players)
                    samples["seats"].append(seats_s)
                    samples[f"apply_{step}"].append(apply_s)
                    samples[f"rate_{step}"].append(seats_s + apply_s)
    outcome_bytes, history_bytes = kept_sizes(url, pool_of["kept"], list(pools.kept_counts))
    medians = {name: statistics.median(values) for name, values in samples.items()}
    return RatingFigures(
        len(recorded),
        sum(game.moves for game in recorded),
        repeats,
        min(history, HISTORY_KEPT),
        medians["shape"],
        medians["verify"],
        medians["seats"],
        medians["apply_new"],
        medians["apply_kept"],
        medians["rate_new"],
        medians["rate_kept"],
        outcome_bytes,
        history_bytes,
    )


def verify(game: RecordedGame) -> Result | Flaw:
    """(a): what ``POST /v1/records/verify`` runs once the record's shape is loaded."""
    return replay(record_from_json(game.loaded))


def kept_sizes(url: str, pool: str, regulars: list[str]) -> tuple[int, int]:
    """The median bytes of a game's kept outcome in ``pool``, and of a regular's history there."""
    with redis.Redis.from_url(url) as client:
        games = client.hkeys(keys.rating_games(pool))
        outcomes = [client.hstrlen(keys.rating_games(pool), game) for game in games]
        histories = [client.hstrlen(keys.rating_histories(pool), player) for player in regulars]
    return int(statistics.median(outcomes)), int(statistics.median(histories))


@dataclass(frozen=True)
class BoardFigures:
    players: int
    reads: int
    fill_s: float
    board_ms: list[float]
    """Each ``store.rating_board`` of a page, in ms."""
    page_ms: list[float]
    """Each ``rating_reads.leaderboard`` of a page, in ms."""

    @property
    def passed(self) -> bool:
        return max(percentile(self.board_ms, 0.99), percentile(self.page_ms, 0.99)) < MAX_P99_MS


def fill_pool(url: str, pool: str, players: int, seed: int) -> None:
    """``players`` rated players written straight into the pool's hash and sorted set, in batches."""
    chooser = random.Random(seed)
    ratings, board = keys.rating_players(pool), keys.rating_board(pool)
    with redis.Redis.from_url(url) as client:
        for first in range(0, players, FILL_BATCH):
            ratings_batch: dict[str, str] = {}
            board_batch: dict[str, float] = {}
            for number in range(first, min(players, first + FILL_BATCH)):
                rating = Rating(
                    chooser.gauss(25.0, 4.0), chooser.uniform(0.8, 25 / 3), chooser.randint(1, 500)
                )
                player = f"player-{number:07d}"
                ratings_batch[player] = dumps(rating.to_json())
                board_batch[player] = rating.ordinal
            pipe = client.pipeline(transaction=False)
            pipe.hset(ratings, mapping=ratings_batch)
            pipe.zadd(board, board_batch)
            pipe.execute()


def measure_board(url: str, players: int, reads: int, seed: int) -> BoardFigures:
    """(2): a pool of ``players`` filled, then ``reads`` random pages read each way, in turn."""
    pool = f"bench-board-{seed}"
    fill_s = timed(lambda: fill_pool(url, pool, players, seed))
    store = RedisStore(RedisOptions(url, socket_timeout=10.0))
    pages = -(-players // PER_PAGE)
    chooser = random.Random(seed)
    leaderboard(store, pool, 1, PER_PAGE)  # untimed: the script's first call loads it, a connection opens
    gc.collect()  # the fill's garbage, not the reads'
    board_ms: list[float] = []
    page_ms: list[float] = []
    for _ in range(reads):
        page = chooser.randint(1, pages)
        read = lambda page=page: store.rating_board(pool, (page - 1) * PER_PAGE, PER_PAGE)  # noqa: E731
        shown = lambda page=page: leaderboard(store, pool, page, PER_PAGE)  # noqa: E731
        board_ms.append(1000 * timed(read))
        page_ms.append(1000 * timed(shown))
    total, first = store.rating_board(pool, 0, PER_PAGE)
    assert total == players and len(first) == min(PER_PAGE, players)
    return BoardFigures(players, reads, fill_s, board_ms, page_ms)


@contextlib.contextmanager
def redis_apart(server: RedisServer) -> Iterator[str]:
    """Redis's threads on the first core this process may use and this process on the last, for the
    block (nothing pinned with one core); the description of the placement."""
    cores = sorted(os.sched_getaffinity(0))
    if len(cores) < 2 or server.pid is None:
        yield "Redis and the client sharing one core"
        return
    for thread in os.listdir(f"/proc/{server.pid}/task"):
        with contextlib.suppress(OSError):  # a thread that just ended
            os.sched_setaffinity(int(thread), {cores[0]})
    os.sched_setaffinity(0, {cores[-1]})
    try:
        yield f"redis-server pinned to core {cores[0]}, the client to core {cores[-1]}"
    finally:
        os.sched_setaffinity(0, set(cores))


def lines(rating: RatingFigures, board: BoardFigures, placement: str) -> list[str]:
    per_game = rating.moves / rating.games
    board_p50, board_p99 = percentile(board.board_ms, 0.5), percentile(board.board_ms, 0.99)
    page_p50, page_p99 = percentile(board.page_ms, 0.5), percentile(board.page_ms, 0.99)
    verdict = "met" if board.passed else "**not met**"
    return [
        f"Ratings (`bench.ratings`), each part on a private redis-server, {placement}.",
        "",
        f"Rating a finished game against verifying its record: {rating.games} games of 2 to 4 players played "
        f"by the engine ({per_game:.1f} moves a game), each timed {rating.repeats} times; medians over every "
        f"run. The regulars' histories held {rating.history} games each.",
        "",
        "| work | µs per game |",
        "|---|---|",
        f"| the record's shape (`schemas.quick_record`, before either) | {rating.shape_s * 1e6:,.0f} |",
        f"| (a) verify: `replay(record_from_json(record))` | {rating.verify_s * 1e6:,.0f} |",
        f"| `rated_seats` (`records.verified`: moves read, the replay; the seats' places) "
        f"| {rating.seats_s * 1e6:,.0f} |",
        f"| `apply`, players new to the pool | {rating.apply_new_s * 1e6:,.0f} |",
        f"| `apply`, players with full histories | {rating.apply_kept_s * 1e6:,.0f} |",
        f"| (b) rate: `rated_seats` + `apply`, new players | {rating.rate_new_s * 1e6:,.0f} |",
        f"| (b) rate: `rated_seats` + `apply`, full histories | {rating.rate_kept_s * 1e6:,.0f} |",
        "",
        f"Rating a game takes **{rating.ratio_kept:.2f}x** verifying its record (players with full "
        f"histories; {rating.ratio_new:.2f}x with new players). Each application keeps the game's outcome "
        f"with its record for good ({rating.outcome_bytes:,} bytes a game, median) and writes each seat's "
        f"history again ({rating.history_bytes:,} bytes when full).",
        "",
        f"A leaderboard page at {board.players:,} players (filled in {board.fill_s:.1f} s straight into the "
        f"pool's keys), {board.reads:,} random pages of {PER_PAGE}, each read both ways in turn:",
        "",
        "| read | p50 ms | p99 ms |",
        "|---|---|---|",
        f"| `store.rating_board` (one script) | {board_p50:.3f} | {board_p99:.3f} |",
        f"| `rating_reads.leaderboard` (the page as the API answers it) | {page_p50:.3f} | {page_p99:.3f} |",
        "",
        f"p99 under {MAX_P99_MS:.0f} ms at {board.players:,} players: {verdict}.",
    ]


def rating_runs(
    games: int = 30, repeats: int = 5, pool: int = 1_000_000, reads: int = 10_000, seed: int = 1
) -> list[str]:
    """The lines of ``make bench``'s ratings row."""
    with RedisServer() as server, redis_apart(server) as placement:
        rating = measure_rating(server.url, games, repeats, seed)
    with RedisServer() as server, redis_apart(server) as placement:
        board = measure_board(server.url, pool, reads, seed)
    return lines(rating, board, placement)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ratings", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--pool", type=int, default=1_000_000, help="players in the leaderboard's pool")
    parser.add_argument("--reads", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"Run {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC: {describe_machine()}.", flush=True)
    print("\n".join(rating_runs(args.games, args.repeats, args.pool, args.reads, args.seed)))


if __name__ == "__main__":
    main()
