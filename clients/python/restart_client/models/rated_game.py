from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rating import Rating


T = TypeVar("T", bound="RatedGame")


@_attrs_define
class RatedGame:
    """One rated game of a player, as their history keeps it.

    Attributes:
        game_id (str): 22 URL-safe characters.
        at (datetime.datetime): When the game was rated.
        seat (int): A seat, in the order the players were named (0 first).
        seats (int): The seats rated in that game.
        place (int): Where the seat finished (1 first; equal places tie; a seat that left is last).
        share (float): The share of the game the player held the seat (1 unless the seat changed hands).
        before (Rating): A rating of the Plackett–Luce model (docs/RATINGS.md): `mu` the estimated skill, `sigma`
            its uncertainty, `ordinal` the conservative value `mu - 3 sigma` a leaderboard shows,
            `games` the rated games behind it (0: the model's start, 25 and 25/3).
        after (Rating): A rating of the Plackett–Luce model (docs/RATINGS.md): `mu` the estimated skill, `sigma`
            its uncertainty, `ordinal` the conservative value `mu - 3 sigma` a leaderboard shows,
            `games` the rated games behind it (0: the model's start, 25 and 25/3).
    """

    game_id: str
    at: datetime.datetime
    seat: int
    seats: int
    place: int
    share: float
    before: Rating
    after: Rating

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        at = self.at.isoformat()

        seat = self.seat

        seats = self.seats

        place = self.place

        share = self.share

        before = self.before.to_dict()

        after = self.after.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "at": at,
                "seat": seat,
                "seats": seats,
                "place": place,
                "share": share,
                "before": before,
                "after": after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating import Rating  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        seats = d.pop("seats")

        place = d.pop("place")

        share = d.pop("share")

        before = Rating.from_dict(d.pop("before"))

        after = Rating.from_dict(d.pop("after"))

        rated_game = cls(
            game_id=game_id,
            at=at,
            seat=seat,
            seats=seats,
            place=place,
            share=share,
            before=before,
            after=after,
        )

        return rated_game
