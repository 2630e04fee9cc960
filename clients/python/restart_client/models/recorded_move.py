from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.move import Move


T = TypeVar("T", bound="RecordedMove")


@_attrs_define
class RecordedMove:
    """
    Attributes:
        seat (int): A seat, in the order the players were named (0 first).
        move (Move): One turn. `play` places `tiles` (a run, in order) on `row`. `scissors` and
            `trash` play that purple tile on `row` (scissors removes the top tile, trash
            everything above the 1), then optionally `tiles` as a follow-up run on the
            same row. `pass` names no row and no tiles. Whether the move is legal is the
            engine's call: a play without tiles is 422 `empty_play`, a pass with a row
            `pass_takes_nothing`, an unknown code `unknown_tile`.
        at (datetime.datetime | None | Unset): When the move was saved (RFC 3339, UTC, milliseconds); null where not
            known. Shown, not
            checked.
        timed_out (bool | Unset): The service played this move for the seat, whose time for the turn was up
            (`turn_timed_out`). Shown, not checked.
             Default: False.
        takes_back (int | None | Unset): This entry is a takeback that took effect (docs/OFFERS.md, "Records"): the
            index, in this
            round's `moves`, of the move it undoes, which `move` repeats. It must be the round's last move
            still standing, by the same seat, not the service's (else `illegal_takeback`). Absent or
            null: the entry is a move (this service's records leave it out then).
    """

    seat: int
    move: Move
    at: datetime.datetime | None | Unset = UNSET
    timed_out: bool | Unset = False
    takes_back: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        move = self.move.to_dict()

        at: None | str | Unset
        if isinstance(self.at, Unset):
            at = UNSET
        elif isinstance(self.at, datetime.datetime):
            at = self.at.isoformat()
        else:
            at = self.at

        timed_out = self.timed_out

        takes_back: int | None | Unset
        if isinstance(self.takes_back, Unset):
            takes_back = UNSET
        else:
            takes_back = self.takes_back

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "move": move,
            }
        )
        if at is not UNSET:
            field_dict["at"] = at
        if timed_out is not UNSET:
            field_dict["timed_out"] = timed_out
        if takes_back is not UNSET:
            field_dict["takes_back"] = takes_back

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move import Move  # noqa: PLC0415

        d = dict(src_dict)
        seat = d.pop("seat")

        move = Move.from_dict(d.pop("move"))

        def _parse_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                at_type_0 = datetime.datetime.fromisoformat(data)

                return at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        at = _parse_at(d.pop("at", UNSET))

        timed_out = d.pop("timed_out", UNSET)

        def _parse_takes_back(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        takes_back = _parse_takes_back(d.pop("takes_back", UNSET))

        recorded_move = cls(
            seat=seat,
            move=move,
            at=at,
            timed_out=timed_out,
            takes_back=takes_back,
        )

        return recorded_move
