from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tile_code import TileCode

T = TypeVar("T", bound="DealtHand")


@_attrs_define
class DealtHand:
    """
    Attributes:
        hand (list[TileCode]):
    """

    hand: list[TileCode]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        hand = []
        for componentsschemas_tiles_item_data in self.hand:
            componentsschemas_tiles_item = componentsschemas_tiles_item_data.value
            hand.append(componentsschemas_tiles_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "hand": hand,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hand = []
        _hand = d.pop("hand")
        for componentsschemas_tiles_item_data in _hand:
            componentsschemas_tiles_item = TileCode(componentsschemas_tiles_item_data)

            hand.append(componentsschemas_tiles_item)

        dealt_hand = cls(
            hand=hand,
        )

        dealt_hand.additional_properties = d
        return dealt_hand

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
