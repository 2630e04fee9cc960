from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SequencedGamePaused")


@_attrs_define
class SequencedGamePaused:
    """
    Attributes:
        type_ (Literal['game_paused']):
        until (datetime.datetime):
        seq (int):
    """

    type_: Literal["game_paused"]
    until: datetime.datetime
    seq: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        until = self.until.isoformat()

        seq = self.seq

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "until": until,
                "seq": seq,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["game_paused"], d.pop("type"))
        if type_ != "game_paused":
            raise ValueError(f"type must match const 'game_paused', got '{type_}'")

        until = datetime.datetime.fromisoformat(d.pop("until"))

        seq = d.pop("seq")

        sequenced_game_paused = cls(
            type_=type_,
            until=until,
            seq=seq,
        )

        sequenced_game_paused.additional_properties = d
        return sequenced_game_paused

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
