from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.colour import Colour
from ..models.tile_code import TileCode
from ..models.tiles_removed_purple import TilesRemovedPurple

T = TypeVar("T", bound="TilesRemoved")


@_attrs_define
class TilesRemoved:
    """A purple tile removed tiles from a row; both leave play face up.

    Attributes:
        type_ (Literal['tiles_removed']):
        seat (int): A seat, in the order the players were named (0 first).
        row (Colour):
        tiles (list[TileCode]):
        purple (TilesRemovedPurple):
    """

    type_: Literal["tiles_removed"]
    seat: int
    row: Colour
    tiles: list[TileCode]
    purple: TilesRemovedPurple
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seat = self.seat

        row = self.row.value

        tiles = []
        for componentsschemas_tiles_item_data in self.tiles:
            componentsschemas_tiles_item = componentsschemas_tiles_item_data.value
            tiles.append(componentsschemas_tiles_item)

        purple = self.purple.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "seat": seat,
                "row": row,
                "tiles": tiles,
                "purple": purple,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["tiles_removed"], d.pop("type"))
        if type_ != "tiles_removed":
            raise ValueError(f"type must match const 'tiles_removed', got '{type_}'")

        seat = d.pop("seat")

        row = Colour(d.pop("row"))

        tiles = []
        _tiles = d.pop("tiles")
        for componentsschemas_tiles_item_data in _tiles:
            componentsschemas_tiles_item = TileCode(componentsschemas_tiles_item_data)

            tiles.append(componentsschemas_tiles_item)

        purple = TilesRemovedPurple(d.pop("purple"))

        tiles_removed = cls(
            type_=type_,
            seat=seat,
            row=row,
            tiles=tiles,
            purple=purple,
        )

        tiles_removed.additional_properties = d
        return tiles_removed

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
