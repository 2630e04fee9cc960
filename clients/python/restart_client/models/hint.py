from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_level import BotLevel

if TYPE_CHECKING:
    from ..models.move import Move


T = TypeVar("T", bound="Hint")


@_attrs_define
class Hint:
    """
    Attributes:
        level (BotLevel | str):
        move (Move): One turn. `play` places `tiles` (a run, in order) on `row`. `scissors` and
            `trash` play that purple tile on `row` (scissors removes the top tile, trash
            everything above the 1), then optionally `tiles` as a follow-up run on the
            same row. `pass` names no row and no tiles. Whether the move is legal is the
            engine's call: a play without tiles is 422 `empty_play`, a pass with a row
            `pass_takes_nothing`, an unknown code `unknown_tile`.
    """

    level: BotLevel | str
    move: Move
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        level: str
        if isinstance(self.level, BotLevel):
            level = self.level.value
        else:
            level = self.level

        move = self.move.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "level": level,
                "move": move,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move import Move  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_level(data: object) -> BotLevel | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                level_type_0 = BotLevel(data)

                return level_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotLevel | str, data)

        level = _parse_level(d.pop("level"))

        move = Move.from_dict(d.pop("move"))

        hint = cls(
            level=level,
            move=move,
        )

        hint.additional_properties = d
        return hint

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
