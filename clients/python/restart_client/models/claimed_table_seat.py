from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.table import Table


T = TypeVar("T", bound="ClaimedTableSeat")


@_attrs_define
class ClaimedTableSeat:
    """
    Attributes:
        table (Table): A game waiting for its players (docs/SEATS.md, "Open seats: tables"), as anyone it gave a token
            sees it: its settings and seats, never a hand or a token.
        token (str): A bearer token of one game, 43 URL-safe characters (32 random bytes).
    """

    table: Table
    token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        table = self.table.to_dict()

        token = self.token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "table": table,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.table import Table  # noqa: PLC0415

        d = dict(src_dict)
        table = Table.from_dict(d.pop("table"))

        token = d.pop("token")

        claimed_table_seat = cls(
            table=table,
            token=token,
        )

        claimed_table_seat.additional_properties = d
        return claimed_table_seat

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
