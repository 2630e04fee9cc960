from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.created_table_tokens import CreatedTableTokens
    from ..models.invitation import Invitation
    from ..models.table import Table


T = TypeVar("T", bound="CreatedTable")


@_attrs_define
class CreatedTable:
    """
    Attributes:
        table (Table): A game waiting for its players (docs/SEATS.md, "Open seats: tables"), as anyone it gave a token
            sees it: its settings and seats, never a hand or a token.
        tokens (CreatedTableTokens): The tokens of the game to come, shown only in this answer: each reads the table
            now, and opens
            the game once it is dealt, as a creation's tokens do (the admin's every hand, a seat's its own,
            the spectator's the public table).
        invitations (list[Invitation]): One for each open seat, in seating order; each expires with the table.
    """

    table: Table
    tokens: CreatedTableTokens
    invitations: list[Invitation]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        table = self.table.to_dict()

        tokens = self.tokens.to_dict()

        invitations = []
        for invitations_item_data in self.invitations:
            invitations_item = invitations_item_data.to_dict()
            invitations.append(invitations_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "table": table,
                "tokens": tokens,
                "invitations": invitations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.created_table_tokens import CreatedTableTokens  # noqa: PLC0415
        from ..models.invitation import Invitation  # noqa: PLC0415
        from ..models.table import Table  # noqa: PLC0415

        d = dict(src_dict)
        table = Table.from_dict(d.pop("table"))

        tokens = CreatedTableTokens.from_dict(d.pop("tokens"))

        invitations = []
        _invitations = d.pop("invitations")
        for invitations_item_data in _invitations:
            invitations_item = Invitation.from_dict(invitations_item_data)

            invitations.append(invitations_item)

        created_table = cls(
            table=table,
            tokens=tokens,
            invitations=invitations,
        )

        created_table.additional_properties = d
        return created_table

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
