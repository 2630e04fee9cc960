"""A finished rated game's ratings: applied once to its owner's pool, off the request path, then told
in its log.

The worker handles the ``RateGame`` its last change left (``play.outbox``): it builds the game's
record (the history walk) and replays it with the rules, the very code of ``POST /v1/records/verify``;
a record that does not replay to a finished game rates nothing. Each seat's place comes from that
result (``ratings.standing``), its player from the seat's last holder, who carries the share of the
game they played. The pool's ratings are computed over the pool as read and written only over it
(``RatingStore.apply_ratings``): a game applied before answers what it did then, so a worker killed
anywhere rates the game once. Last, the ratings before and after are logged in the game (event
``game_rated``, webhook ``game.rated``) through the one commit path, once.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from service.encoding import dumps, loads_trusted
from service.play.access import Caller
from service.play.commit import commit
from service.play.games import OpenGame
from service.play.outbox import RateGame, Told, nobody
from service.play.rating_config import RatingSettings
from service.play.ratings import UNRATED, Holder, Rating, Seat, rate, standing
from service.play.records import game_record, verified
from service.play.refusals import Unauthorized
from service.play.timeouts import rfc3339
from service.play.transitions import Found, Transition, rated
from service.rules import EndReason, Status
from service.rules.record import Flaw, Result
from service.store import PlayerRating, RatingChange, Store, StoreUnavailable
from service.store.ratings import HISTORY_KEPT

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 100
"""Applications of one game that found the pool moved on (each lost to another game's, so the pool
went forward) before the entry is left for the next try."""


@dataclass(frozen=True, slots=True)
class RatedSeat:
    seat: int
    player: str
    """The app's reference for the seat's last holder."""
    share: float
    """The share of the game that holder played (1: all of it)."""
    place: int


def rate_game(
    store: Store, entry: RateGame, settings: RatingSettings, now: float, told: Told = nobody
) -> None:
    """The game of ``entry`` rated in its owner's pool and told, unless it was, or is not to be."""
    row = store.load_game(entry.game_id)
    if row is None or row.owner is None:
        return
    game = OpenGame.of(entry.game_id, row, Caller.admin())
    stored = game.stored
    if not stored.rated or stored.rating_told:
        return
    record = game_record(store, game)
    seats = rated_seats(record, [stored.holding(seat).player for seat in range(len(record["players"]))],
                        entry.version)  # fmt: skip
    if seats is None:
        return
    if not settings.rates_takebacks(row.owner) and took_back(record):
        log.info(
            "game %s not rated: its record has a takeback, which its app's ratings leave out", entry.game_id
        )
        return
    outcome = apply(store, settings.pool_of(row.owner), entry.game_id, seats, record, entry.version, now)
    _tell(store, game.found, outcome, now, told)


def rated_seats(
    record: dict[str, Any], players: Sequence[str | None], version: int
) -> tuple[RatedSeat, ...] | None:
    """Each seat's place as the rules replay ``record`` (the game finished at ``version``), for the
    seats whose last holder has a player reference (``players``); None when the record does not replay
    to a finished game, or the game was aborted, or fewer than two seats are rated, or one player
    holds two of them."""
    verdict = verified(record)
    if isinstance(verdict, Flaw):
        log.error("a rated game's record does not replay: %s", verdict.message)
        return None
    if not _rated_end(verdict):
        return None
    left = [bool(player["holders"][-1]["left"]) for player in record["players"]]
    places = standing(verdict.scores, verdict.winners, left)
    seats = tuple(
        RatedSeat(seat, player, _share(record["players"][seat]["holders"][-1], version), places[seat])
        for seat, player in enumerate(players)
        if player
    )
    if len(seats) < 2 or len({seat.player for seat in seats}) < len(seats):
        return None
    return seats


def _rated_end(verdict: Result) -> bool:
    return verdict.status is Status.FINISHED and verdict.end_reason is not EndReason.ABORTED


def _share(tenure: dict[str, Any], version: int) -> float:
    """The last holder's share of the game: the changes after the creation made while they held it."""
    start = tenure["from_version"]
    return 1.0 if start <= 1 or version <= 1 else (version - start) / (version - 1)


def took_back(record: dict[str, Any]) -> bool:
    return any("takes_back" in move for round_ in record["rounds"] for move in round_["moves"])


def apply(
    store: Store,
    pool: str,
    game_id: str,
    seats: Sequence[RatedSeat],
    record: dict[str, Any],
    version: int,
    now: float,
) -> dict[str, Any]:
    """The game's ratings written over the pool as they are read, once: what the game did (now or
    when it was applied before)."""
    players = [seat.player for seat in seats]
    for _ in range(MAX_ATTEMPTS):
        read = store.load_ratings(pool, players)
        befores = [
            UNRATED if text is None else Rating.from_json(loads_trusted(text)) for text in read.ratings
        ]
        afters = rated_after(seats, befores)
        told = [
            {"seat": seat.seat, "player": seat.player, "share": seat.share, "place": seat.place,
             "before": before.to_json(), "after": after.to_json()}
            for seat, before, after in zip(seats, befores, afters, strict=True)
        ]  # fmt: skip
        outcome = {"game_id": game_id, "version": version, "at": rfc3339(round(now * 1000)), "seats": told,
                   "record": record}  # fmt: skip
        rated_players = tuple(
            PlayerRating(seat.player, dumps(after.to_json()), after.ordinal,
                         _history(history, outcome, entry, len(seats)))
            for seat, after, history, entry in zip(seats, afters, read.histories, told, strict=True)
        )  # fmt: skip
        applied = store.apply_ratings(
            RatingChange(pool, game_id, read.applied, rated_players, dumps(outcome))
        )
        if applied is not None:
            found: dict[str, Any] = loads_trusted(applied)
            return found
    raise StoreUnavailable(
        f"the rating pool {pool!r} moved on {MAX_ATTEMPTS} times: game {game_id} left for later"
    )


def rated_after(seats: Sequence[RatedSeat], befores: Sequence[Rating]) -> tuple[Rating, ...]:
    """Each seat's player's rating after the game, from their ``befores``: the one use of the model, for
    the worker and the audit alike."""
    teams = [Seat((Holder(seat.player, before, seat.share),), seat.place)
             for seat, before in zip(seats, befores, strict=True)]  # fmt: skip
    return tuple(team[0] for team in rate(teams))


def _history(kept: str | None, outcome: dict[str, Any], seat: dict[str, Any], seats: int) -> str:
    """The player's history with this game first: its newest ``HISTORY_KEPT`` entries."""
    entry = {"game_id": outcome["game_id"], "at": outcome["at"], "seats": seats,
             **{key: seat[key] for key in ("seat", "place", "share", "before", "after")}}  # fmt: skip
    older: list[Any] = [] if kept is None else loads_trusted(kept)
    return dumps([entry, *older[: HISTORY_KEPT - 1]])


def _tell(store: Store, found: Found, outcome: dict[str, Any], now: float, told: Told) -> None:
    """The ratings logged in the game (``game_rated``), unless they were: the seats, not the players'
    references (every viewer reads the log)."""
    seats = [{key: seat[key] for key in ("seat", "place", "before", "after")} for seat in outcome["seats"]]

    def decide(found: Found) -> Transition | None:
        assert found.stored is not None
        return None if found.stored.rating_told else rated(found.stored, seats)

    with contextlib.suppress(Unauthorized):  # the game was deleted since: its ratings stand, untold
        commit(store, found, decide, now, told=told)
