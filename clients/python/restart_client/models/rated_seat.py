from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rating import Rating


T = TypeVar("T", bound="RatedSeat")


@_attrs_define
class RatedSeat:
    """
    Attributes:
        seat (int): A seat, in the order the players were named (0 first).
        place (int):
        before (Rating): A rating of the Plackett–Luce model (docs/RATINGS.md): `mu` the estimated skill, `sigma`
            its uncertainty, `ordinal` the conservative value `mu - 3 sigma` a leaderboard shows,
            `games` the rated games behind it (0: the model's start, 25 and 25/3).
        after (Rating): A rating of the Plackett–Luce model (docs/RATINGS.md): `mu` the estimated skill, `sigma`
            its uncertainty, `ordinal` the conservative value `mu - 3 sigma` a leaderboard shows,
            `games` the rated games behind it (0: the model's start, 25 and 25/3).
    """

    seat: int
    place: int
    before: Rating
    after: Rating

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        place = self.place

        before = self.before.to_dict()

        after = self.after.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "place": place,
                "before": before,
                "after": after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating import Rating  # noqa: PLC0415

        d = dict(src_dict)
        seat = d.pop("seat")

        place = d.pop("place")

        before = Rating.from_dict(d.pop("before"))

        after = Rating.from_dict(d.pop("after"))

        rated_seat = cls(
            seat=seat,
            place=place,
            before=before,
            after=after,
        )

        return rated_seat
