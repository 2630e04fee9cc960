from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RoundDealtOnesPlacedBy")


@_attrs_define
class RoundDealtOnesPlacedBy:
    """The seat that placed each colour's 1; null where the 1 started the row (two players).

    Attributes:
        red (int | None):
        blue (int | None):
        green (int | None):
        orange (int | None):
        gray (int | None):
    """

    red: int | None
    blue: int | None
    green: int | None
    orange: int | None
    gray: int | None

    def to_dict(self) -> dict[str, Any]:
        red: int | None
        red = self.red

        blue: int | None
        blue = self.blue

        green: int | None
        green = self.green

        orange: int | None
        orange = self.orange

        gray: int | None
        gray = self.gray

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

        def _parse_red(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        red = _parse_red(d.pop("red"))

        def _parse_blue(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        blue = _parse_blue(d.pop("blue"))

        def _parse_green(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        green = _parse_green(d.pop("green"))

        def _parse_orange(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        orange = _parse_orange(d.pop("orange"))

        def _parse_gray(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        gray = _parse_gray(d.pop("gray"))

        round_dealt_ones_placed_by = cls(
            red=red,
            blue=blue,
            green=green,
            orange=orange,
            gray=gray,
        )

        return round_dealt_ones_placed_by
