"""Rating pools on Redis: each pool's keys share the tag ``{pool:<pool>}`` (``keys.rating_*``), so a
game's application is one script on one slot (``lua/apply_rating.lua``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.store import keys
from service.store.ratings import PoolRead, RatedPlayer, RatingChange
from service.store.redis.connection import RedisConnection, decoded, translated
from service.store.redis.scripts import Script

APPLY_RATING = Script.load("apply_rating")
RATING_BOARD = Script.load("rating_board")
RATING_SCRIPTS = (APPLY_RATING, RATING_BOARD)


def _pool_keys(pool: str) -> dict[str, str]:
    return {
        "players": keys.rating_players(pool),
        "board": keys.rating_board(pool),
        "histories": keys.rating_histories(pool),
        "games": keys.rating_games(pool),
        "order": keys.rating_order(pool),
    }


def _texts(values: Sequence[Any], key: str) -> list[str | None]:
    return [None if value is None else decoded(value, key) for value in values]


class RedisRatings(RedisConnection):
    """The RatingStore's methods."""

    @translated
    def load_ratings(self, pool: str, players: Sequence[str], histories: bool = True) -> PoolRead:
        if not players:
            return PoolRead(int(self._commands.call("LLEN", keys.rating_order(pool))), [], [])
        reads: list[tuple[Any, ...]] = [
            ("LLEN", keys.rating_order(pool)),
            ("HMGET", keys.rating_players(pool), *players),
        ]
        if histories:
            reads.append(("HMGET", keys.rating_histories(pool), *players))
        replies = self._pipeline(reads)
        kept: list[str | None] = (
            _texts(replies[2], keys.rating_histories(pool)) if histories else [None] * len(players)
        )
        return PoolRead(int(replies[0]), _texts(replies[1], keys.rating_players(pool)), kept)

    @translated
    def apply_ratings(self, change: RatingChange) -> str | None:
        rated = [
            value
            for player in change.players
            for value in (player.player, player.rating, repr(player.ordinal), player.history)
        ]
        args = {"game_id": change.game_id, "applied": change.applied, "outcome": change.outcome}
        reply = self._run(APPLY_RATING.call(_pool_keys(change.pool), args, rated))
        return None if reply is None else decoded(reply, keys.rating_games(change.pool))

    @translated
    def rating_board(self, pool: str, start: int, count: int) -> tuple[int, list[RatedPlayer]]:
        args = {"start": start, "stop": start + count - 1}
        reply = self._run(RATING_BOARD.call(_pool_keys(pool), args))
        key = keys.rating_players(pool)
        texts = [decoded(value, key) for value in reply[1:]]
        page = [RatedPlayer(texts[i], texts[i + 1]) for i in range(0, len(texts), 2)]
        return int(reply[0]), page

    @translated
    def rating_place(self, pool: str, player: str) -> tuple[str, int] | None:
        rating, place = self._pipeline([
            ("HGET", keys.rating_players(pool), player),
            ("ZREVRANK", keys.rating_board(pool), player),
        ])  # fmt: skip
        if rating is None or place is None:
            return None
        return decoded(rating, keys.rating_players(pool)), int(place)

    @translated
    def rating_history(self, pool: str, player: str) -> str | None:
        history = self._commands.call("HGET", keys.rating_histories(pool), player)
        return None if history is None else decoded(history, keys.rating_histories(pool))

    @translated
    def rated_games(self, pool: str) -> list[tuple[str, str]]:
        order_key, games_key = keys.rating_order(pool), keys.rating_games(pool)
        order = [decoded(game, order_key) for game in self._commands.call("LRANGE", order_key, 0, -1)]
        outcomes = self._commands.call("HMGET", games_key, *order) if order else []
        return [(game, decoded(outcome, games_key)) for game, outcome in zip(order, outcomes, strict=True)]
