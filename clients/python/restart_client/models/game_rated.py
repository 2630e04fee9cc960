from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.rated_seat import RatedSeat


T = TypeVar("T", bound="GameRated")


@_attrs_define
class GameRated:
    """The finished rated game's ratings were applied to its owner's pool (docs/RATINGS.md), once:
    each rated seat's place and its holder's rating before and after (the players' references
    are the owner's: not told here).

        Attributes:
            type_ (Literal['game_rated']):
            seats (list[RatedSeat]):
    """

    type_: Literal["game_rated"]
    seats: list[RatedSeat]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "seats": seats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rated_seat import RatedSeat  # noqa: PLC0415

        d = dict(src_dict)
        type_ = cast(Literal["game_rated"], d.pop("type"))
        if type_ != "game_rated":
            raise ValueError(f"type must match const 'game_rated', got '{type_}'")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = RatedSeat.from_dict(seats_item_data)

            seats.append(seats_item)

        game_rated = cls(
            type_=type_,
            seats=seats,
        )

        game_rated.additional_properties = d
        return game_rated

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
