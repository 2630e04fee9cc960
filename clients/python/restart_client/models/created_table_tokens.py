from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CreatedTableTokens")


@_attrs_define
class CreatedTableTokens:
    """The tokens of the game to come, shown only in this answer: each reads the table now, and opens
    the game once it is dealt, as a creation's tokens do (the admin's every hand, a seat's its own,
    the spectator's the public table).

        Attributes:
            admin (str): A bearer token of one game, 43 URL-safe characters (32 random bytes).
            players (list[None | str]): By seat; null for an open seat (its holder's token comes with its claim) and for a
                seat the
                service plays.
            spectator (str): A bearer token of one game, 43 URL-safe characters (32 random bytes).
    """

    admin: str
    players: list[None | str]
    spectator: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        admin = self.admin

        players = []
        for players_item_data in self.players:
            players_item: None | str
            players_item = players_item_data
            players.append(players_item)

        spectator = self.spectator

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "admin": admin,
                "players": players,
                "spectator": spectator,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        admin = d.pop("admin")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:

            def _parse_players_item(data: object) -> None | str:
                if data is None:
                    return data
                return cast(None | str, data)

            players_item = _parse_players_item(players_item_data)

            players.append(players_item)

        spectator = d.pop("spectator")

        created_table_tokens = cls(
            admin=admin,
            players=players,
            spectator=spectator,
        )

        created_table_tokens.additional_properties = d
        return created_table_tokens

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
