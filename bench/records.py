"""Game records (issue 31): verifying a record against playing its moves on the engine alone.

    python -m bench.records [--games 300] [--repeats 7] [--seed 1]

Part of ``make bench`` (``bench.run``); alone it prints its figures and writes nothing. Games of 2,
3 and 4 players (in turn) are played by the engine with random legal moves to the default target
score, and each is written as the ``restart-record/1`` document ``GET /v1/games/{id}/record``
answers (every hand, the box, each move's time), parsed from its JSON text. In one process (one
core), ``repeats`` times, alternating which goes first, the median of each:

(a) verifying every record as ``POST /v1/records/verify`` does minus HTTP (``api.record_routes.verdict_of``):
    its shape (``schemas.quick_record``, marshmallow for anything else) + ``record_from_json`` + ``replay``;
(b) the engine alone: ``apply`` of the same moves from ``new_game`` (its own seeded deals).

Also timed, not bounded: (a) from the request's bytes (``service.encoding.loads`` first). Bound:
(a) takes at most ``MAX_RATIO`` times (b).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.lab import describe_machine
from harness.players import SAMPLE_NAMES
from service.api.record_routes import verdict_of
from service.encoding import dumps, loads
from service.play.timeouts import rfc3339
from service.rules import GameState, Move, apply, legal_moves, new_game
from service.rules.record import FORMAT, Flaw, Result, dealt_round, result_of
from service.rules.state import DEFAULT_TARGET_SCORE
from service.rules.tiles import codes

MAX_RATIO = 1.5
FIRST_MOVE_MS = 1_800_000_000_000
"""Each move's ``at``: a second after the one before, from here (the records the service writes have them)."""


@dataclass(frozen=True)
class PlayedGame:
    names: tuple[str, ...]
    seed: int
    moves: tuple[Move, ...]
    result: Result
    text: bytes
    """Its record as the JSON a client sends."""
    document: dict[str, Any]
    """...and parsed, as the API hands it to the schema."""
    rounds: int


def play(players: int, seed: int, chooser: random.Random) -> PlayedGame:
    names = tuple(SAMPLE_NAMES[:players])
    state = new_game(names, seed).state
    rounds: list[list[dict[str, Any]]] = [[]]
    moves: list[Move] = []
    while state.outcome is None:
        move = chooser.choice(legal_moves(state, state.current_player))
        after = apply(state, move).state
        at = rfc3339(FIRST_MOVE_MS + 1_000 * len(moves))
        rounds[-1].append({"seat": move.player, "move": move.to_json(), "at": at, "timed_out": False})
        moves.append(move)
        if after.round != state.round:
            rounds.append([])
        state = after
    text = dumps(record_document(names, seed, rounds, state)).encode()
    return PlayedGame(names, seed, tuple(moves), result_of(state), text, loads(text), len(rounds))


def record_document(
    names: tuple[str, ...], seed: int, rounds: list[list[dict[str, Any]]], final: GameState
) -> dict[str, Any]:
    """The record of a finished game as its admin reads it (``service.play.records.game_record``)."""
    result = result_of(final)
    written = []
    for number, moves in enumerate(rounds, start=1):
        dealt = dealt_round(seed, number, len(names))
        written.append({
            "round": number,
            "starter": dealt.starter,
            "hands": [codes(hand or ()) for hand in dealt.hands],
            "box": codes(dealt.box or ()),
            "moves": moves,
        })  # fmt: skip
    return {
        "format": FORMAT,
        "players": [{"name": name, "bot": None} for name in names],
        "target_score": DEFAULT_TARGET_SCORE,
        "clock": None,
        "rounds": written,
        "status": result.status.value,
        "winners": list(result.winners),
        "end_reason": None if result.end_reason is None else result.end_reason.value,
        "scores": list(result.scores),
    }


def verify(document: dict[str, Any]) -> Result | Flaw:
    """What ``POST /v1/records/verify`` runs once the body is parsed."""
    return verdict_of(document)


def engine_alone(game: PlayedGame) -> GameState:
    state = new_game(game.names, game.seed).state
    for move in game.moves:
        state = apply(state, move).state
    return state


def timed(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


@dataclass(frozen=True)
class Figures:
    games: int
    moves: int
    rounds: int
    verify_s: float
    """Median time to verify every record once, from the parsed document."""
    from_bytes_s: float
    engine_s: float
    """Median time to play every game's moves on the engine alone."""
    repeats: int

    @property
    def ratio(self) -> float:
        return self.verify_s / self.engine_s


def measure(games: int, repeats: int, seed: int) -> Figures:
    chooser = random.Random(seed)
    played = [play(2 + number % 3, seed + number, chooser) for number in range(games)]
    for game in played:  # each record is valid, its result the engine's: the work is the real one
        assert verify(game.document) == game.result == result_of(engine_alone(game))
    documents = [game.document for game in played]
    texts = [game.text for game in played]
    verifying = lambda: [verify(document) for document in documents]  # noqa: E731
    from_bytes = lambda: [verify(loads(text)) for text in texts]  # noqa: E731
    engine = lambda: [engine_alone(game) for game in played]  # noqa: E731
    times: dict[str, list[float]] = {"verify": [], "bytes": [], "engine": []}
    for repeat in range(repeats):
        order = [("verify", verifying), ("bytes", from_bytes), ("engine", engine)]
        for name, work in order if repeat % 2 == 0 else reversed(order):
            times[name].append(timed(work))
    return Figures(
        len(played),
        sum(len(game.moves) for game in played),
        sum(game.rounds for game in played),
        statistics.median(times["verify"]),
        statistics.median(times["bytes"]),
        statistics.median(times["engine"]),
        repeats,
    )


def lines(figures: Figures) -> list[str]:
    per_game, rounds = figures.moves / figures.games, figures.rounds / figures.games
    met = "met" if figures.ratio <= MAX_RATIO else "**not met**"
    return [
        f"Game records (`bench.records`): {figures.games} games of 2 to 4 players played by the engine with "
        f"random legal moves to the default target ({per_game:.1f} moves, {rounds:.2f} rounds a game), "
        f"one core, median of {figures.repeats} interleaved runs.",
        "",
        "| work | records/s per core | moves/s per core | µs per record |",
        "|---|---|---|---|",
        row(
            "(a) verify (`api.record_routes.verdict_of`: shape, `record_from_json`, `replay`)",
            figures.verify_s,
            figures,
        ),
        row("(a) from the request's bytes (`loads` first)", figures.from_bytes_s, figures),
        row("(b) the engine alone: `apply` from `new_game`", figures.engine_s, figures),
        "",
        f"Verifying takes **{figures.ratio:.2f}x** the engine alone (bound: at most {MAX_RATIO}x): {met}.",
    ]


def row(label: str, seconds: float, figures: Figures) -> str:
    return (
        f"| {label} | {figures.games / seconds:,.0f} | {figures.moves / seconds:,.0f} "
        f"| {seconds / figures.games * 1e6:,.0f} |"
    )


def record_runs(games: int = 300, repeats: int = 7, seed: int = 1) -> list[str]:
    """The lines of ``make bench``'s records row."""
    return lines(measure(games, repeats, seed))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.records", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"Run {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC: {describe_machine()}.", flush=True)
    print("\n".join(record_runs(args.games, args.repeats, args.seed)))


if __name__ == "__main__":
    main()
