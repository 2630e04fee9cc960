from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.end_reason import EndReason

T = TypeVar("T", bound="GameOver")


@_attrs_define
class GameOver:
    """The game ended; an abort (reason `aborted`) has no winners.

    Attributes:
        type_ (Literal['game_over']):
        winners (list[int]):
        reason (EndReason | str):
    """

    type_: Literal["game_over"]
    winners: list[int]
    reason: EndReason | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        winners = self.winners

        reason: str
        if isinstance(self.reason, EndReason):
            reason = self.reason.value
        else:
            reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "winners": winners,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["game_over"], d.pop("type"))
        if type_ != "game_over":
            raise ValueError(f"type must match const 'game_over', got '{type_}'")

        winners = cast(list[int], d.pop("winners"))

        def _parse_reason(data: object) -> EndReason | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reason_type_0 = EndReason(data)

                return reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EndReason | str, data)

        reason = _parse_reason(d.pop("reason"))

        game_over = cls(
            type_=type_,
            winners=winners,
            reason=reason,
        )

        game_over.additional_properties = d
        return game_over

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
