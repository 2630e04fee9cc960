from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SequencedTakenBack")


@_attrs_define
class SequencedTakenBack:
    """
    Attributes:
        type_ (Literal['taken_back']):
        seat (int): A seat, in the order the players were named (0 first).
        round_ (int):
        index (int):
        seq (int):
    """

    type_: Literal["taken_back"]
    seat: int
    round_: int
    index: int
    seq: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seat = self.seat

        round_ = self.round_

        index = self.index

        seq = self.seq

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "seat": seat,
                "round": round_,
                "index": index,
                "seq": seq,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["taken_back"], d.pop("type"))
        if type_ != "taken_back":
            raise ValueError(f"type must match const 'taken_back', got '{type_}'")

        seat = d.pop("seat")

        round_ = d.pop("round")

        index = d.pop("index")

        seq = d.pop("seq")

        sequenced_taken_back = cls(
            type_=type_,
            seat=seat,
            round_=round_,
            index=index,
            seq=seq,
        )

        sequenced_taken_back.additional_properties = d
        return sequenced_taken_back

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
