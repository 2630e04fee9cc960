from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.move import Move
    from ..models.snapshot import Snapshot


T = TypeVar("T", bound="AdjudicateRequest")


@_attrs_define
class AdjudicateRequest:
    """
    Attributes:
        snapshot (Snapshot): The rules engine's complete document of a position (schema 1), hidden tiles
            included. `POST /v1/adjudicate` checks every rule of consistency (each tile
            exactly once, rows built by the placement rules, counters in range) and lists
            every problem it finds.
        move (Move): One turn. `play` places `tiles` (a run, in order) on `row`. `scissors` and
            `trash` play that purple tile on `row` (scissors removes the top tile, trash
            everything above the 1), then optionally `tiles` as a follow-up run on the
            same row. `pass` names no row and no tiles. Whether the move is legal is the
            engine's call: a play without tiles is 422 `empty_play`, a pass with a row
            `pass_takes_nothing`, an unknown code `unknown_tile`.
    """

    snapshot: Snapshot
    move: Move

    def to_dict(self) -> dict[str, Any]:
        snapshot = self.snapshot.to_dict()

        move = self.move.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "snapshot": snapshot,
                "move": move,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move import Move  # noqa: PLC0415
        from ..models.snapshot import Snapshot  # noqa: PLC0415

        d = dict(src_dict)
        snapshot = Snapshot.from_dict(d.pop("snapshot"))

        move = Move.from_dict(d.pop("move"))

        adjudicate_request = cls(
            snapshot=snapshot,
            move=move,
        )

        return adjudicate_request
