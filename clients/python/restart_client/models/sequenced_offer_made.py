from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.offer_kind import OfferKind

T = TypeVar("T", bound="SequencedOfferMade")


@_attrs_define
class SequencedOfferMade:
    """
    Attributes:
        type_ (Literal['offer_made']):
        offer_id (int): An offer's id, the game version whose save made it.
        kind (OfferKind | str):
        seat (int): A seat, in the order the players were named (0 first).
        expires_at (datetime.datetime):
        seq (int):
    """

    type_: Literal["offer_made"]
    offer_id: int
    kind: OfferKind | str
    seat: int
    expires_at: datetime.datetime
    seq: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        offer_id = self.offer_id

        kind: str
        if isinstance(self.kind, OfferKind):
            kind = self.kind.value
        else:
            kind = self.kind

        seat = self.seat

        expires_at = self.expires_at.isoformat()

        seq = self.seq

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "offer_id": offer_id,
                "kind": kind,
                "seat": seat,
                "expires_at": expires_at,
                "seq": seq,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["offer_made"], d.pop("type"))
        if type_ != "offer_made":
            raise ValueError(f"type must match const 'offer_made', got '{type_}'")

        offer_id = d.pop("offer_id")

        def _parse_kind(data: object) -> OfferKind | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                kind_type_0 = OfferKind(data)

                return kind_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(OfferKind | str, data)

        kind = _parse_kind(d.pop("kind"))

        seat = d.pop("seat")

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        seq = d.pop("seq")

        sequenced_offer_made = cls(
            type_=type_,
            offer_id=offer_id,
            kind=kind,
            seat=seat,
            expires_at=expires_at,
            seq=seq,
        )

        sequenced_offer_made.additional_properties = d
        return sequenced_offer_made

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
