from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.table_status import TableStatus

if TYPE_CHECKING:
    from ..models.record_clock import RecordClock
    from ..models.table_seat import TableSeat


T = TypeVar("T", bound="Table")


@_attrs_define
class Table:
    """A game waiting for its players (docs/SEATS.md, "Open seats: tables"), as anyone it gave a token
    sees it: its settings and seats, never a hand or a token.

        Attributes:
            table_id (str): 22 URL-safe characters.
            version (int): 1 when it is set up, one more for each claim saved, and one more when it is dealt.
            status (str | TableStatus): Whether the table waits for its players, was dealt, or expired.
            expires_at (datetime.datetime): Until when it waits for its players (UTC, milliseconds): past it, a table with a
                seat still
                open is `expired`. It is kept a day more, then it is gone.
            game_id (None | str): The game's id once it is dealt (the table's); null until then.
            target_score (int): The game ends after the round in which a total reaches this many minus points.
            clock (None | RecordClock): The game's clock settings (docs/CLOCKS.md), each one null where the clock's mode has
                none; its
                clocks start when the game is dealt. Null: turns are not timed.
            seats (list[TableSeat]): By seat, in seating order.
    """

    table_id: str
    version: int
    status: str | TableStatus
    expires_at: datetime.datetime
    game_id: None | str
    target_score: int
    clock: None | RecordClock
    seats: list[TableSeat]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.record_clock import RecordClock  # noqa: PLC0415

        table_id = self.table_id

        version = self.version

        status: str
        if isinstance(self.status, TableStatus):
            status = self.status.value
        else:
            status = self.status

        expires_at = self.expires_at.isoformat()

        game_id: None | str
        game_id = self.game_id

        target_score = self.target_score

        clock: dict[str, Any] | None
        if isinstance(self.clock, RecordClock):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "table_id": table_id,
                "version": version,
                "status": status,
                "expires_at": expires_at,
                "game_id": game_id,
                "target_score": target_score,
                "clock": clock,
                "seats": seats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.record_clock import RecordClock  # noqa: PLC0415
        from ..models.table_seat import TableSeat  # noqa: PLC0415

        d = dict(src_dict)
        table_id = d.pop("table_id")

        version = d.pop("version")

        def _parse_status(data: object) -> str | TableStatus:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_0 = TableStatus(data)

                return status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(str | TableStatus, data)

        status = _parse_status(d.pop("status"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        def _parse_game_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game_id = _parse_game_id(d.pop("game_id"))

        target_score = d.pop("target_score")

        def _parse_clock(data: object) -> None | RecordClock:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_0 = RecordClock.from_dict(data)

                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RecordClock, data)

        clock = _parse_clock(d.pop("clock"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = TableSeat.from_dict(seats_item_data)

            seats.append(seats_item)

        table = cls(
            table_id=table_id,
            version=version,
            status=status,
            expires_at=expires_at,
            game_id=game_id,
            target_score=target_score,
            clock=clock,
            seats=seats,
        )

        table.additional_properties = d
        return table

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
