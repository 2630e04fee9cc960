from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.tile_code import TileCode

T = TypeVar("T", bound="Rows")


@_attrs_define
class Rows:
    """Each colour's row, bottom (its 1) first.

    Attributes:
        red (list[TileCode]):
        blue (list[TileCode]):
        green (list[TileCode]):
        orange (list[TileCode]):
        gray (list[TileCode]):
    """

    red: list[TileCode]
    blue: list[TileCode]
    green: list[TileCode]
    orange: list[TileCode]
    gray: list[TileCode]

    def to_dict(self) -> dict[str, Any]:
        red = []
        for componentsschemas_tiles_item_data in self.red:
            componentsschemas_tiles_item = componentsschemas_tiles_item_data.value
            red.append(componentsschemas_tiles_item)

        blue = []
        for componentsschemas_tiles_item_data in self.blue:
            componentsschemas_tiles_item = componentsschemas_tiles_item_data.value
            blue.append(componentsschemas_tiles_item)

        green = []
        for componentsschemas_tiles_item_data in self.green:
            componentsschemas_tiles_item = componentsschemas_tiles_item_data.value
            green.append(componentsschemas_tiles_item)

        orange = []
        for componentsschemas_tiles_item_data in self.orange:
            componentsschemas_tiles_item = componentsschemas_tiles_item_data.value
            orange.append(componentsschemas_tiles_item)

        gray = []
        for componentsschemas_tiles_item_data in self.gray:
            componentsschemas_tiles_item = componentsschemas_tiles_item_data.value
            gray.append(componentsschemas_tiles_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "red": red,
                "blue": blue,
                "green": green,
                "orange": orange,
                "gray": gray,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        red = []
        _red = d.pop("red")
        for componentsschemas_tiles_item_data in _red:
            componentsschemas_tiles_item = TileCode(componentsschemas_tiles_item_data)

            red.append(componentsschemas_tiles_item)

        blue = []
        _blue = d.pop("blue")
        for componentsschemas_tiles_item_data in _blue:
            componentsschemas_tiles_item = TileCode(componentsschemas_tiles_item_data)

            blue.append(componentsschemas_tiles_item)

        green = []
        _green = d.pop("green")
        for componentsschemas_tiles_item_data in _green:
            componentsschemas_tiles_item = TileCode(componentsschemas_tiles_item_data)

            green.append(componentsschemas_tiles_item)

        orange = []
        _orange = d.pop("orange")
        for componentsschemas_tiles_item_data in _orange:
            componentsschemas_tiles_item = TileCode(componentsschemas_tiles_item_data)

            orange.append(componentsschemas_tiles_item)

        gray = []
        _gray = d.pop("gray")
        for componentsschemas_tiles_item_data in _gray:
            componentsschemas_tiles_item = TileCode(componentsschemas_tiles_item_data)

            gray.append(componentsschemas_tiles_item)

        rows = cls(
            red=red,
            blue=blue,
            green=green,
            orange=orange,
            gray=gray,
        )

        return rows
