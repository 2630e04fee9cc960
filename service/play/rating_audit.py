"""The audit of a rating pool: every game it applied, replayed from its record in the order the pool
applied them, from nobody rated, must arrive at exactly the ratings stored (docs/RATINGS.md, "Audit").

Each game's record is kept with what the game did to the pool (``rating_games.apply``); the audit
replays it with the rules (the code of ``POST /v1/records/verify``), places its seats again, and
rates them with the model from the ratings the rebuild has reached: each game's stored ``before``
and ``after``, and at the end every player's stored rating, are compared with the rebuild's, exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from service.encoding import loads_trusted
from service.play.rating_games import RatedSeat, rated_after, rated_seats
from service.play.ratings import UNRATED, Rating
from service.store import Store

PAGE = 1000
"""Players read at a time from the leaderboard, for the last comparison."""


@dataclass
class Audit:
    games: int = 0
    players: int = 0
    differences: list[str] = field(default_factory=list)

    @property
    def equal(self) -> bool:
        return not self.differences


def audit(store: Store, pool: str) -> Audit:
    """The pool rebuilt from its games' records and compared with what it stores."""
    found = Audit()
    rebuilt: dict[str, Rating] = {}
    for game_id, text in store.rated_games(pool):
        found.games += 1
        _replay(game_id, loads_trusted(text), rebuilt, found.differences)
    stored = _stored(store, pool)
    found.players = len(stored)
    for player in sorted(rebuilt.keys() | stored.keys()):
        if rebuilt.get(player) != stored.get(player):
            found.differences.append(
                f"player {player}: stored {stored.get(player)}, rebuilt {rebuilt.get(player)}"
            )
    return found


def _replay(
    game_id: str, outcome: dict[str, Any], rebuilt: dict[str, Rating], differences: list[str]
) -> None:
    told = outcome["seats"]
    players: list[str | None] = [None] * len(outcome["record"]["players"])
    for seat in told:
        players[seat["seat"]] = seat["player"]
    seats = rated_seats(outcome["record"], players, outcome["version"])
    kept = tuple(RatedSeat(seat["seat"], seat["player"], seat["share"], seat["place"]) for seat in told)
    if seats != kept:
        differences.append(f"game {game_id}: its record places its seats {seats}, the pool kept {kept}")
        return
    befores = [rebuilt.get(seat.player, UNRATED) for seat in seats]
    afters = rated_after(seats, befores)
    for seat, before, after, written in zip(seats, befores, afters, told, strict=True):
        if Rating.from_json(written["before"]) != before or Rating.from_json(written["after"]) != after:
            differences.append(f"game {game_id}, seat {seat.seat}: the pool kept {written['before']} -> "
                               f"{written['after']}, the rebuild {before} -> {after}")  # fmt: skip
        rebuilt[seat.player] = after


def _stored(store: Store, pool: str) -> dict[str, Rating]:
    ratings: dict[str, Rating] = {}
    start, total = 0, 1
    while start < total:
        total, page = store.rating_board(pool, start, PAGE)
        ratings.update((rated.player, Rating.from_json(loads_trusted(rated.rating))) for rated in page)
        start += PAGE
    return ratings
