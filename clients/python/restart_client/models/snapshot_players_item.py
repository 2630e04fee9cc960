from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.tile_code import TileCode

T = TypeVar("T", bound="SnapshotPlayersItem")


@_attrs_define
class SnapshotPlayersItem:
    """
    Attributes:
        name (str): Kept exactly as sent (nothing is trimmed); control characters are refused.
        hand (list[TileCode]):
        score (int):
    """

    name: str
    hand: list[TileCode]
    score: int

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        hand = []
        for componentsschemas_tiles_item_data in self.hand:
            componentsschemas_tiles_item = componentsschemas_tiles_item_data.value
            hand.append(componentsschemas_tiles_item)

        score = self.score

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "hand": hand,
                "score": score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        hand = []
        _hand = d.pop("hand")
        for componentsschemas_tiles_item_data in _hand:
            componentsschemas_tiles_item = TileCode(componentsschemas_tiles_item_data)

            hand.append(componentsschemas_tiles_item)

        score = d.pop("score")

        snapshot_players_item = cls(
            name=name,
            hand=hand,
            score=score,
        )

        return snapshot_players_item
