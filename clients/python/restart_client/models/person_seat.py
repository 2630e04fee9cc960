from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PersonSeat")


@_attrs_define
class PersonSeat:
    """A seat a person holds, named by the client app's own reference for them.

    Attributes:
        name (str): Kept exactly as sent (nothing is trimmed); control characters are refused.
        player (None | str | Unset):
    """

    name: str
    player: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        player: None | str | Unset
        if isinstance(self.player, Unset):
            player = UNSET
        else:
            player = self.player

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if player is not UNSET:
            field_dict["player"] = player

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_player(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        player = _parse_player(d.pop("player", UNSET))

        person_seat = cls(
            name=name,
            player=player,
        )

        return person_seat
