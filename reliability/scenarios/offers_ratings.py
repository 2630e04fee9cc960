"""The offers scenario's games are rated (docs/RATINGS.md): each seat a person with the client app's
player reference, drawn from a small roster so that players come back game after game and the games
contend for the one pool. What must hold once the worker is done, read from Redis in one transaction
(``read_ratings``):

- a game that finished, not aborted, holds exactly one ``game_rated`` in its log, and its owner's pool
  lists it exactly once (``rating_order``), with its outcome (``rating_games``) naming the players
  seated, and the very ratings its ``game_rated`` tells; an aborted or unfinished game holds no
  ``game_rated`` and is not in the pool;
- the pool rebuilt from scratch: its outcomes in its order, each seat's place from its record replayed
  by the rules (``ratings.standing``), the model's ``rate`` applied from ``UNRATED``: each outcome's
  ``before`` is its player's rating after their previous game in the order, its ``after`` is the
  rebuild's, and every stored rating (``rating_players``) and leaderboard score (``rating_board``)
  is exactly the rebuild's.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import redis

from reliability.scenarios.clocks import epoch_ms
from reliability.scenarios.offers_replay import OfferVerdict
from service.play.rating_config import RatingSettings
from service.play.ratings import UNRATED, Holder, Rating, Seat, rate, standing
from service.play.records import verified
from service.play.stored_game import decode
from service.rules import EndReason, Status
from service.rules.record import Flaw
from service.store import keys

ROSTER = tuple(f"player-{number:02d}" for number in range(12))
"""The players the tables seat: 32 games of 2 to 4 seats give each a dozen games or so."""
SETTLE_SECONDS = 12.0
"""How long the worker is given after the run to rate the games that finished (a killed worker's
claims lapse in 2 s, its outbox entries are swept every 5 s)."""
POLL_SECONDS = 0.2
ABORTED = EndReason.ABORTED.value
FINISHED = Status.FINISHED.value
TOLD = ("seat", "place", "before", "after")
"""What ``game_rated`` tells of each seat (not the player's reference: every viewer reads the log)."""


def seated(rng: random.Random, seats: int) -> tuple[str, ...]:
    """``seats`` different players of the roster."""
    return tuple(rng.sample(ROSTER, seats))


@dataclass(frozen=True)
class RatedGame:
    """One game of the run as Redis holds it: who was seated, how it stands, its log's ``game_rated``."""

    id: str
    players: tuple[str, ...]
    """The player references it was created with, by seat."""
    status: str
    end_reason: str | None
    told: bool
    """The stored game says its ratings were told."""
    rated: tuple[dict[str, Any], ...] = ()
    """Its log's ``game_rated`` events."""

    @property
    def ends_rated(self) -> bool:
        return self.status == FINISHED and self.end_reason != ABORTED

    @property
    def due(self) -> bool:
        """Finished, not aborted, and not rated yet: the worker still owes it."""
        return self.ends_rated and not self.told

    @property
    def ending(self) -> str:
        return "unfinished" if self.status != FINISHED else f"ended: {self.end_reason}"


@dataclass(frozen=True)
class Pool:
    """A rating pool as Redis holds it."""

    name: str
    order: tuple[str, ...] = ()
    """``rating_order``: the game ids applied, in order."""
    outcomes: dict[str, str] = field(default_factory=dict)
    """``rating_games``: game id -> its outcome (JSON)."""
    players: dict[str, str] = field(default_factory=dict)
    """``rating_players``: player -> rating (JSON)."""
    board: dict[str, float] = field(default_factory=dict)
    """``rating_board``: player -> score."""


@dataclass(frozen=True)
class Ratings:
    games: list[RatedGame]
    pool: Pool
    waited: float
    """Seconds spent waiting for the worker to rate the finished games."""


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def pool_of(client: redis.Redis, game_id: str) -> str:
    """The pool of ``game_id``'s owner: the client's own (the offers stack joins no clients)."""
    owner = client.hget(keys.snapshot(game_id), "owner")
    if owner is None:
        raise RuntimeError(f"game {game_id} has no owner in Redis")
    return RatingSettings().pool_of(_text(owner))


def read_ratings(client: redis.Redis, pool: str, seats: Mapping[str, tuple[str, ...]]) -> Ratings:
    """The games (id -> their player references) and the pool, read in one transaction: one instant."""
    pipe = client.pipeline(transaction=True)
    for game_id in seats:
        pipe.hget(keys.snapshot(game_id), "snapshot")
        pipe.xrange(keys.events(game_id))
    pipe.lrange(keys.rating_order(pool), 0, -1)
    pipe.hgetall(keys.rating_games(pool))
    pipe.hgetall(keys.rating_players(pool))
    pipe.zrange(keys.rating_board(pool), 0, -1, withscores=True)
    replies = pipe.execute()
    games = []
    for number, (game_id, players) in enumerate(seats.items()):
        snapshot, log = replies[2 * number], replies[2 * number + 1]
        if snapshot is None:
            raise RuntimeError(f"game {game_id} is gone from Redis")
        stored = decode(_text(snapshot))
        events = [json.loads(fields[b"e"]) for _, fields in log]
        rated = tuple(event for event in events if event.get("type") == "game_rated")
        games.append(RatedGame(game_id, players, stored.snapshot["status"], stored.snapshot.get("end_reason"),
                               stored.rating_told, rated))  # fmt: skip
    order, outcomes, players, board = replies[-4:]
    found = Pool(
        pool,
        tuple(_text(game_id) for game_id in order),
        {_text(game_id): _text(outcome) for game_id, outcome in outcomes.items()},
        {_text(player): _text(rating) for player, rating in players.items()},
        {_text(player): float(score) for player, score in board},
    )
    return Ratings(games, found, 0.0)


def settle(
    client: redis.Redis, seats: Mapping[str, tuple[str, ...]], timeout: float = SETTLE_SECONDS
) -> Ratings:
    """The games and their pool once no finished game is left for the worker to rate, or ``timeout`` s
    on (then the games it still owes are the judge's to find)."""
    started = time.monotonic()
    pool = pool_of(client, next(iter(seats)))
    while True:
        read = read_ratings(client, pool, seats)
        waited = time.monotonic() - started
        if not any(game.due for game in read.games) or waited > timeout:
            return Ratings(read.games, read.pool, waited)
        time.sleep(POLL_SECONDS)


def judge_ratings(games: Sequence[RatedGame], pool: Pool) -> OfferVerdict:
    """What is wrong with the games' ratings and their pool, and the tallies."""
    verdict = OfferVerdict()
    outcomes: dict[str, dict[str, Any]] = {}
    for game_id, text in pool.outcomes.items():
        outcome = json.loads(text)
        if outcome.get("game_id") != game_id:
            verdict.findings.append(
                f"the pool's outcome of game {game_id} names game {outcome.get('game_id')}"
            )
        outcomes[game_id] = outcome
    for game in games:
        _judge_game(game, pool, outcomes.get(game.id), verdict)
    ours = {game.id for game in games}
    strangers = sorted(set(pool.order) - ours)
    if strangers:
        verdict.findings.append(f"the pool lists games the run did not create: {strangers}")
    unordered = sorted(set(pool.outcomes) - set(pool.order))
    if unordered:
        verdict.findings.append(f"the pool holds outcomes of games its order does not list: {unordered}")
    rebuilt = rebuild(pool.order, outcomes, verdict.findings)
    _judge_stored(pool, rebuilt, verdict.findings)
    seats = Counter(player for game in games for player in game.players)
    verdict.tally.update({"rated players": len(rebuilt), "ratings applied": len(pool.order),
                          "games a player sat, most": max(seats.values(), default=0)})  # fmt: skip
    return verdict


def _judge_game(game: RatedGame, pool: Pool, outcome: dict[str, Any] | None, verdict: OfferVerdict) -> None:
    listed = pool.order.count(game.id)
    where = f"game {game.id} ({game.ending})"
    found = f"{len(game.rated)} game_rated in its log, listed {listed} times in the pool's order" + (
        "" if outcome is not None else ", no outcome in the pool"
    )
    if not game.ends_rated:
        if game.rated or listed or outcome is not None or game.told:
            verdict.findings.append(f"{where} was rated: {found}")
        verdict.tally[f"games not rated: {'aborted' if game.status == FINISHED else 'unfinished'}"] += 1
        return
    if len(game.rated) != 1 or listed != 1 or outcome is None or not game.told:
        verdict.findings.append(f"{where} is not rated exactly once: {found}, told {game.told}")
    if outcome is None:
        return
    verdict.tally["games rated"] += 1
    told = [{key: seat[key] for key in TOLD} for seat in outcome["seats"]]
    for event in game.rated:
        if event.get("seats") != told:
            verdict.findings.append(f"{where}: its game_rated tells {event.get('seats')}, the pool {told}")
    by_seat = {seat["seat"]: seat["player"] for seat in outcome["seats"]}
    if by_seat != dict(enumerate(game.players)):
        verdict.findings.append(f"{where}: the pool rated {by_seat} (seat: player), it seated {game.players}")


def record_places(document: dict[str, Any]) -> tuple[int, ...] | str:
    """Each seat's place as the rules replay the record ``document`` (as the API gives it: ``verified``,
    the code of ``POST /v1/records/verify``), or why there is none: it does not replay, or not to a
    game that ended other than by an abort."""
    try:
        result = verified(document)
        left = [bool(player["holders"][-1]["left"]) if player.get("holders") else False
                for player in document["players"]]  # fmt: skip
    except (KeyError, IndexError, TypeError, ValueError) as error:
        return f"its record cannot be read ({type(error).__name__}: {error})"
    if isinstance(result, Flaw):
        return f"its record does not replay: {result.code} at round {result.round}, move {result.move_index}"
    if result.status is not Status.FINISHED or result.end_reason is EndReason.ABORTED:
        return f"its record replays to {result.status.value} ({result.end_reason}), not a game to rate"
    return standing(result.scores, result.winners, left)


def rebuild(
    order: Sequence[str], outcomes: Mapping[str, dict[str, Any]], findings: list[str]
) -> dict[str, Rating]:
    """Every player's rating from ``UNRATED``, the model's ``rate`` applied to the outcomes in ``order``
    (places from each record's replay); what differs from an outcome's own account is a finding."""
    current: dict[str, Rating] = {}
    for game_id in order:
        outcome = outcomes.get(game_id)
        if outcome is None:
            continue  # found missing game by game
        seats = outcome["seats"]
        places = record_places(outcome["record"])
        if isinstance(places, str):
            findings.append(f"game {game_id} in the pool: {places}")
            places = tuple(seat["place"] for seat in sorted(seats, key=lambda seat: seat["seat"]))
        befores = [current.get(seat["player"], UNRATED) for seat in seats]
        afters = rate([Seat((Holder(seat["player"], before, float(seat["share"])),), places[seat["seat"]])
                       for seat, before in zip(seats, befores, strict=True)])  # fmt: skip
        for seat, before, (after,) in zip(seats, befores, afters, strict=True):
            said = f"game {game_id} seat {seat['seat']} ({seat['player']})"
            if seat["place"] != places[seat["seat"]]:
                findings.append(f"{said}: place {seat['place']}, its record's replay {places[seat['seat']]}")
            if Rating.from_json(seat["before"]) != before:
                findings.append(f"{said}: rated from {seat['before']}, the player's rating after their "
                                f"previous game in the pool's order is {before.to_json()}")  # fmt: skip
            if Rating.from_json(seat["after"]) != after:
                findings.append(f"{said}: rated to {seat['after']}, the rebuild's {after.to_json()}")
            current[seat["player"]] = after
    return current


def _judge_stored(pool: Pool, rebuilt: Mapping[str, Rating], findings: list[str]) -> None:
    """Every stored rating and leaderboard score is exactly the rebuild's."""
    for player in sorted(set(rebuilt) | set(pool.players) | set(pool.board)):
        stored, again = pool.players.get(player), rebuilt.get(player)
        expected = None if again is None else again.to_json()
        if stored is None or json.loads(stored) != expected:
            findings.append(f"player {player}: stored rating {stored}, rebuilt {expected}")
        elif again is not None and pool.board.get(player) != again.ordinal:
            findings.append(
                f"player {player}: leaderboard score {pool.board.get(player)}, ordinal {again.ordinal}"
            )


def rated_between(pool: Pool, start_ms: int, end_ms: int) -> int:
    """How many of the pool's games were rated from ``start_ms`` to ``end_ms`` (epoch ms): under faults."""
    instants = [epoch_ms(json.loads(outcome)["at"]) for outcome in pool.outcomes.values()]
    return sum(start_ms <= instant <= end_ms for instant in instants)
