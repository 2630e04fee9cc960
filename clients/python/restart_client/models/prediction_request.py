from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.predicted_seat_request import PredictedSeatRequest


T = TypeVar("T", bound="PredictionRequest")


@_attrs_define
class PredictionRequest:
    """
    Attributes:
        seats (list[PredictedSeatRequest]):
    """

    seats: list[PredictedSeatRequest]

    def to_dict(self) -> dict[str, Any]:
        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seats": seats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.predicted_seat_request import PredictedSeatRequest  # noqa: PLC0415

        d = dict(src_dict)
        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = PredictedSeatRequest.from_dict(seats_item_data)

            seats.append(seats_item)

        prediction_request = cls(
            seats=seats,
        )

        return prediction_request
