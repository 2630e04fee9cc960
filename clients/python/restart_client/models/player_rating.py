from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rated_game import RatedGame
    from ..models.rating import Rating


T = TypeVar("T", bound="PlayerRating")


@_attrs_define
class PlayerRating:
    """
    Attributes:
        player (str): The client app's own opaque reference for a person (an id, an e-mail address, a URN):
            letters, digits and `._:@-`. Shown only to the game owner's credentials (its client key and
            the game's admin token), never to seats, spectators or other client apps.
        rating (Rating): A rating of the Plackett–Luce model (docs/RATINGS.md): `mu` the estimated skill, `sigma`
            its uncertainty, `ordinal` the conservative value `mu - 3 sigma` a leaderboard shows,
            `games` the rated games behind it (0: the model's start, 25 and 25/3).
        rank (int): The player's place on the leaderboard.
        history (list[RatedGame]): The last rated games, newest first.
    """

    player: str
    rating: Rating
    rank: int
    history: list[RatedGame]

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        rating = self.rating.to_dict()

        rank = self.rank

        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "rating": rating,
                "rank": rank,
                "history": history,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rated_game import RatedGame  # noqa: PLC0415
        from ..models.rating import Rating  # noqa: PLC0415

        d = dict(src_dict)
        player = d.pop("player")

        rating = Rating.from_dict(d.pop("rating"))

        rank = d.pop("rank")

        history = []
        _history = d.pop("history")
        for history_item_data in _history:
            history_item = RatedGame.from_dict(history_item_data)

            history.append(history_item)

        player_rating = cls(
            player=player,
            rating=rating,
            rank=rank,
            history=history,
        )

        return player_rating
