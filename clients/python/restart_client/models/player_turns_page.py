from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.player_turn import PlayerTurn


T = TypeVar("T", bound="PlayerTurnsPage")


@_attrs_define
class PlayerTurnsPage:
    """
    Attributes:
        turns (list[PlayerTurn]):
        next_cursor (None | str): Pass as `cursor` for the next page; null when there is nothing further.
    """

    turns: list[PlayerTurn]
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        turns = []
        for turns_item_data in self.turns:
            turns_item = turns_item_data.to_dict()
            turns.append(turns_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "turns": turns,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_turn import PlayerTurn  # noqa: PLC0415

        d = dict(src_dict)
        turns = []
        _turns = d.pop("turns")
        for turns_item_data in _turns:
            turns_item = PlayerTurn.from_dict(turns_item_data)

            turns.append(turns_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        player_turns_page = cls(
            turns=turns,
            next_cursor=next_cursor,
        )

        return player_turns_page
