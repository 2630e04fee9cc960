from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.offer_lapse_reason import OfferLapseReason

T = TypeVar("T", bound="OfferLapsed")


@_attrs_define
class OfferLapsed:
    """The open offer lapsed: another change of the game (`changed`, in that change), or its time ran
    out (`expired`: nothing is saved then; the game's next change tells it, an offer's before its
    `offer_made`).

        Attributes:
            type_ (Literal['offer_lapsed']):
            offer_id (int): An offer's id, the game version whose save made it.
            reason (OfferLapseReason | str):
    """

    type_: Literal["offer_lapsed"]
    offer_id: int
    reason: OfferLapseReason | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        offer_id = self.offer_id

        reason: str
        if isinstance(self.reason, OfferLapseReason):
            reason = self.reason.value
        else:
            reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "offer_id": offer_id,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["offer_lapsed"], d.pop("type"))
        if type_ != "offer_lapsed":
            raise ValueError(f"type must match const 'offer_lapsed', got '{type_}'")

        offer_id = d.pop("offer_id")

        def _parse_reason(data: object) -> OfferLapseReason | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reason_type_0 = OfferLapseReason(data)

                return reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(OfferLapseReason | str, data)

        reason = _parse_reason(d.pop("reason"))

        offer_lapsed = cls(
            type_=type_,
            offer_id=offer_id,
            reason=reason,
        )

        offer_lapsed.additional_properties = d
        return offer_lapsed

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
