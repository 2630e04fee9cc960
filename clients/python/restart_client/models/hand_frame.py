from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.dealt_hand import DealtHand


T = TypeVar("T", bound="HandFrame")


@_attrs_define
class HandFrame:
    """A seat's own new hand, right after each deal (only on that seat's stream).

    Attributes:
        event (Literal['hand']):
        id (None):
        data (DealtHand):
    """

    event: Literal["hand"]
    id: None
    data: DealtHand
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event = self.event

        id = self.id

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "id": id,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.dealt_hand import DealtHand  # noqa: PLC0415

        d = dict(src_dict)
        event = cast(Literal["hand"], d.pop("event"))
        if event != "hand":
            raise ValueError(f"event must match const 'hand', got '{event}'")

        id = d.pop("id")

        data = DealtHand.from_dict(d.pop("data"))

        hand_frame = cls(
            event=event,
            id=id,
            data=data,
        )

        hand_frame.additional_properties = d
        return hand_frame

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
