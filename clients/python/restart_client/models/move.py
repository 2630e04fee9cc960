from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.colour import Colour
from ..models.move_action import MoveAction
from ..types import UNSET, Unset

T = TypeVar("T", bound="Move")


@_attrs_define
class Move:
    """One turn. `play` places `tiles` (a run, in order) on `row`. `scissors` and
    `trash` play that purple tile on `row` (scissors removes the top tile, trash
    everything above the 1), then optionally `tiles` as a follow-up run on the
    same row. `pass` names no row and no tiles. Whether the move is legal is the
    engine's call: a play without tiles is 422 `empty_play`, a pass with a row
    `pass_takes_nothing`, an unknown code `unknown_tile`.

        Attributes:
            player (int): A seat, in the order the players were named (0 first).
            action (MoveAction):
            row (Colour | None | Unset): The row played on; required by the rules for play, scissors and trash.
            tiles (list[str] | Unset):
    """

    player: int
    action: MoveAction
    row: Colour | None | Unset = UNSET
    tiles: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        action = self.action.value

        row: None | str | Unset
        if isinstance(self.row, Unset):
            row = UNSET
        elif isinstance(self.row, Colour):
            row = self.row.value
        else:
            row = self.row

        tiles: list[str] | Unset = UNSET
        if not isinstance(self.tiles, Unset):
            tiles = self.tiles

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "action": action,
            }
        )
        if row is not UNSET:
            field_dict["row"] = row
        if tiles is not UNSET:
            field_dict["tiles"] = tiles

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        action = MoveAction(d.pop("action"))

        def _parse_row(data: object) -> Colour | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                row_type_0 = Colour(data)

                return row_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Colour | None | Unset, data)

        row = _parse_row(d.pop("row", UNSET))

        tiles = cast(list[str], d.pop("tiles", UNSET))

        move = cls(
            player=player,
            action=action,
            row=row,
            tiles=tiles,
        )

        return move
