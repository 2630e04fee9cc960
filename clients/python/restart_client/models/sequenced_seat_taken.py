from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SequencedSeatTaken")


@_attrs_define
class SequencedSeatTaken:
    """
    Attributes:
        type_ (Literal['seat_taken']):
        seat (int): A seat, in the order the players were named (0 first).
        name (str): Kept exactly as sent (nothing is trimmed); control characters are refused.
        seq (int):
    """

    type_: Literal["seat_taken"]
    seat: int
    name: str
    seq: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seat = self.seat

        name = self.name

        seq = self.seq

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "seat": seat,
                "name": name,
                "seq": seq,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["seat_taken"], d.pop("type"))
        if type_ != "seat_taken":
            raise ValueError(f"type must match const 'seat_taken', got '{type_}'")

        seat = d.pop("seat")

        name = d.pop("name")

        seq = d.pop("seq")

        sequenced_seat_taken = cls(
            type_=type_,
            seat=seat,
            name=name,
            seq=seq,
        )

        sequenced_seat_taken.additional_properties = d
        return sequenced_seat_taken

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
