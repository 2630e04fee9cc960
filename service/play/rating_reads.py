"""Reading a rating pool: a player's rating and history, a page of the leaderboard, and a prediction for
a prospective table (its seats the pool's players or bot levels, placed on the scale in docs/BOTS.md)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from service.bots.levels import UnknownLevel
from service.bots.ratings import level_rating
from service.encoding import loads_trusted
from service.play.games import BOT_LEVELS
from service.play.ratings import UNRATED, Rating, predict
from service.play.refusals import PageOutOfRange, UnknownBotLevel, UnknownPlayer
from service.store import Store


def player_rating(store: Store, pool: str, player: str) -> dict[str, Any]:
    """``player``'s rating, place on the leaderboard (1: first) and last rated games, newest first;
    UnknownPlayer when the pool never rated them."""
    placed = store.rating_place(pool, player)
    if placed is None:
        raise UnknownPlayer(player)
    rating, place = placed
    history = store.rating_history(pool, player)
    return {
        "player": player,
        "rating": loads_trusted(rating),
        "rank": place + 1,
        "history": [] if history is None else loads_trusted(history),
    }


def leaderboard(store: Store, pool: str, page: int, per_page: int) -> dict[str, Any]:
    """Page ``page`` (from 1) of the pool's players, highest ordinal first; the first page is there
    even for an empty pool, a page past the last is PageOutOfRange."""
    start = (page - 1) * per_page
    total, players = store.rating_board(pool, start, per_page)
    pages = max(1, math.ceil(total / per_page))
    if page > pages:
        raise PageOutOfRange(page, pages)
    rows = [{"rank": start + place, "player": rated.player, "rating": loads_trusted(rated.rating)}
            for place, rated in enumerate(players, start=1)]  # fmt: skip
    return {"page": page, "per_page": per_page, "pages": pages, "total": total, "players": rows}


def prediction(store: Store, pool: str, seats: Sequence[Mapping[str, str]]) -> dict[str, Any]:
    """Each seat's chance to win and expected place: a player by their rating in the pool (a newcomer's
    the model's start), a bot level by its calibrated rating."""
    players = [seat["player"] for seat in seats if "player" in seat]
    read = store.load_ratings(pool, players, histories=False)
    known = dict(zip(players, read.ratings, strict=True))
    ratings = []
    for seat in seats:
        if "player" in seat:
            text = known[seat["player"]]
            ratings.append(UNRATED if text is None else Rating.from_json(loads_trusted(text)))
        else:
            ratings.append(level_on_the_scale(seat["bot"]))
    predicted = predict(ratings)
    return {
        "seats": [
            {**seat, "seat": number, "rating": rating.to_json(), "chance": chance, "rank": rank}
            for number, (seat, rating, chance, rank) in enumerate(
                zip(seats, ratings, predicted.chances, predicted.ranks, strict=True)
            )
        ]
    }


def level_on_the_scale(name: str) -> Rating:
    """A bot level's calibrated rating (docs/BOTS.md); UnknownBotLevel for a level not played here."""
    try:
        found = level_rating(name)
    except UnknownLevel:
        raise UnknownBotLevel(name, ", ".join(BOT_LEVELS)) from None
    return Rating(found.mu, found.sigma, found.games)
