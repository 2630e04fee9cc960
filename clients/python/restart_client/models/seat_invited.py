from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SeatInvited")


@_attrs_define
class SeatInvited:
    """The owner made an invitation to the seat, open until `expires_at` (its token is never in an event); any open one
    before it is revoked.

        Attributes:
            type_ (Literal['seat_invited']):
            seat (int): A seat, in the order the players were named (0 first).
            expires_at (datetime.datetime):
    """

    type_: Literal["seat_invited"]
    seat: int
    expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seat = self.seat

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "seat": seat,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["seat_invited"], d.pop("type"))
        if type_ != "seat_invited":
            raise ValueError(f"type must match const 'seat_invited', got '{type_}'")

        seat = d.pop("seat")

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        seat_invited = cls(
            type_=type_,
            seat=seat,
            expires_at=expires_at,
        )

        seat_invited.additional_properties = d
        return seat_invited

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
