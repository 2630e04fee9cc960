from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.offer_policy_kind import OfferPolicyKind

T = TypeVar("T", bound="OfferPolicy")


@_attrs_define
class OfferPolicy:
    """The offers a game allows (docs/OFFERS.md, "Policy at creation").

    Attributes:
        kinds (list[OfferPolicyKind | str]): The kinds the game allows, once each (none in a game that takes no offer);
            `resume` comes with
            `pause`.
        cooldown_moves (int): For how many moves a proposer whose offer a holder declined may not offer that kind again.
        max_pause_seconds (int): The longest a pause holds the clocks.
    """

    kinds: list[OfferPolicyKind | str]
    cooldown_moves: int
    max_pause_seconds: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kinds = []
        for kinds_item_data in self.kinds:
            kinds_item: str
            if isinstance(kinds_item_data, OfferPolicyKind):
                kinds_item = kinds_item_data.value
            else:
                kinds_item = kinds_item_data
            kinds.append(kinds_item)

        cooldown_moves = self.cooldown_moves

        max_pause_seconds = self.max_pause_seconds

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kinds": kinds,
                "cooldown_moves": cooldown_moves,
                "max_pause_seconds": max_pause_seconds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kinds = []
        _kinds = d.pop("kinds")
        for kinds_item_data in _kinds:

            def _parse_kinds_item(data: object) -> OfferPolicyKind | str:
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    kinds_item_type_0 = OfferPolicyKind(data)

                    return kinds_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(OfferPolicyKind | str, data)

            kinds_item = _parse_kinds_item(kinds_item_data)

            kinds.append(kinds_item)

        cooldown_moves = d.pop("cooldown_moves")

        max_pause_seconds = d.pop("max_pause_seconds")

        offer_policy = cls(
            kinds=kinds,
            cooldown_moves=cooldown_moves,
            max_pause_seconds=max_pause_seconds,
        )

        offer_policy.additional_properties = d
        return offer_policy

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
