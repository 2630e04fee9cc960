from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rating import Rating


T = TypeVar("T", bound="LeaderboardEntry")


@_attrs_define
class LeaderboardEntry:
    """
    Attributes:
        rank (int):
        player (str): The client app's own opaque reference for a person (an id, an e-mail address, a URN):
            letters, digits and `._:@-`. Shown only to the game owner's credentials (its client key and
            the game's admin token), never to seats, spectators or other client apps.
        rating (Rating): A rating of the Plackett–Luce model (docs/RATINGS.md): `mu` the estimated skill, `sigma`
            its uncertainty, `ordinal` the conservative value `mu - 3 sigma` a leaderboard shows,
            `games` the rated games behind it (0: the model's start, 25 and 25/3).
    """

    rank: int
    player: str
    rating: Rating

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        player = self.player

        rating = self.rating.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rank": rank,
                "player": player,
                "rating": rating,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating import Rating  # noqa: PLC0415

        d = dict(src_dict)
        rank = d.pop("rank")

        player = d.pop("player")

        rating = Rating.from_dict(d.pop("rating"))

        leaderboard_entry = cls(
            rank=rank,
            player=player,
            rating=rating,
        )

        return leaderboard_entry
