from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SequencedRematched")


@_attrs_define
class SequencedRematched:
    """
    Attributes:
        type_ (Literal['rematched']):
        game_id (str): 22 URL-safe characters.
        seq (int):
    """

    type_: Literal["rematched"]
    game_id: str
    seq: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        game_id = self.game_id

        seq = self.seq

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "game_id": game_id,
                "seq": seq,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["rematched"], d.pop("type"))
        if type_ != "rematched":
            raise ValueError(f"type must match const 'rematched', got '{type_}'")

        game_id = d.pop("game_id")

        seq = d.pop("seq")

        sequenced_rematched = cls(
            type_=type_,
            game_id=game_id,
            seq=seq,
        )

        sequenced_rematched.additional_properties = d
        return sequenced_rematched

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
