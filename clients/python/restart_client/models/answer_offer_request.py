from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AnswerOfferRequest")


@_attrs_define
class AnswerOfferRequest:
    """Which seat answers; the body may be left out.

    Attributes:
        seat (int | None | Unset): The answering seat. The game's admin names the seat it acts for (422
            `invalid_request`
            without it), one a person holds; a seat's token may leave it out (absent or null: its own),
            and naming another is 403 `offer_needs_seat`.
    """

    seat: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat: int | None | Unset
        if isinstance(self.seat, Unset):
            seat = UNSET
        else:
            seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if seat is not UNSET:
            field_dict["seat"] = seat

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_seat(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seat = _parse_seat(d.pop("seat", UNSET))

        answer_offer_request = cls(
            seat=seat,
        )

        return answer_offer_request
