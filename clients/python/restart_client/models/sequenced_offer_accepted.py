from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SequencedOfferAccepted")


@_attrs_define
class SequencedOfferAccepted:
    """
    Attributes:
        type_ (Literal['offer_accepted']):
        offer_id (int): An offer's id, the game version whose save made it.
        seat (int): A seat, in the order the players were named (0 first).
        by_rule (bool):
        seq (int):
    """

    type_: Literal["offer_accepted"]
    offer_id: int
    seat: int
    by_rule: bool
    seq: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        offer_id = self.offer_id

        seat = self.seat

        by_rule = self.by_rule

        seq = self.seq

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "offer_id": offer_id,
                "seat": seat,
                "by_rule": by_rule,
                "seq": seq,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["offer_accepted"], d.pop("type"))
        if type_ != "offer_accepted":
            raise ValueError(f"type must match const 'offer_accepted', got '{type_}'")

        offer_id = d.pop("offer_id")

        seat = d.pop("seat")

        by_rule = d.pop("by_rule")

        seq = d.pop("seq")

        sequenced_offer_accepted = cls(
            type_=type_,
            offer_id=offer_id,
            seat=seat,
            by_rule=by_rule,
            seq=seq,
        )

        sequenced_offer_accepted.additional_properties = d
        return sequenced_offer_accepted

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
