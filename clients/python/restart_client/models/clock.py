from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_level import BotLevel
from ..models.timeout_pass import TimeoutPass

T = TypeVar("T", bound="Clock")


@_attrs_define
class Clock:
    """A game's clock: its settings, the current turn's deadline and what remains of it when the
    view was made (count down from there), and, in bank mode, each seat's bank. The service's
    time is the only time: a move that arrives after its turn's deadline is 409 `time_is_up`.

        Attributes:
            turn_seconds (int | None): Each turn's time (turn mode); null in bank mode.
            bank_seconds (int | None): Each seat's starting bank (bank mode); null in turn mode.
            increment_seconds (int | None): Added to a seat's bank after each of its moves (bank mode); null in turn mode.
            on_timeout (BotLevel | str | TimeoutPass):
            absent_after (int):
            deadline (datetime.datetime | None): When the current turn times out (RFC 3339, UTC, milliseconds); null once
                the game is
                over or while a bot's seat has the turn. An absent seat's turn is due at once.
            remaining_seconds (float | None): What remained of the current turn when this view was made; null when no turn
                is timed.
            banks (list[float] | None): Each seat's bank in seconds when this view was made, the current seat's time taken
                (bank mode); null in turn mode.
    """

    turn_seconds: int | None
    bank_seconds: int | None
    increment_seconds: int | None
    on_timeout: BotLevel | str | TimeoutPass
    absent_after: int
    deadline: datetime.datetime | None
    remaining_seconds: float | None
    banks: list[float] | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        turn_seconds: int | None
        turn_seconds = self.turn_seconds

        bank_seconds: int | None
        bank_seconds = self.bank_seconds

        increment_seconds: int | None
        increment_seconds = self.increment_seconds

        on_timeout: str
        if isinstance(self.on_timeout, TimeoutPass):
            on_timeout = self.on_timeout.value
        elif isinstance(self.on_timeout, BotLevel):
            on_timeout = self.on_timeout.value
        else:
            on_timeout = self.on_timeout

        absent_after = self.absent_after

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        remaining_seconds: float | None
        remaining_seconds = self.remaining_seconds

        banks: list[float] | None
        if isinstance(self.banks, list):
            banks = self.banks

        else:
            banks = self.banks

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "turn_seconds": turn_seconds,
                "bank_seconds": bank_seconds,
                "increment_seconds": increment_seconds,
                "on_timeout": on_timeout,
                "absent_after": absent_after,
                "deadline": deadline,
                "remaining_seconds": remaining_seconds,
                "banks": banks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_turn_seconds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_seconds = _parse_turn_seconds(d.pop("turn_seconds"))

        def _parse_bank_seconds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        bank_seconds = _parse_bank_seconds(d.pop("bank_seconds"))

        def _parse_increment_seconds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        increment_seconds = _parse_increment_seconds(d.pop("increment_seconds"))

        def _parse_on_timeout(data: object) -> BotLevel | str | TimeoutPass:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                on_timeout_type_0 = TimeoutPass(data)

                return on_timeout_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                on_timeout_type_1 = BotLevel(data)

                return on_timeout_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotLevel | str | TimeoutPass, data)

        on_timeout = _parse_on_timeout(d.pop("on_timeout"))

        absent_after = d.pop("absent_after")

        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))

        def _parse_remaining_seconds(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        remaining_seconds = _parse_remaining_seconds(d.pop("remaining_seconds"))

        def _parse_banks(data: object) -> list[float] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                banks_type_0 = cast(list[float], data)

                return banks_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[float] | None, data)

        banks = _parse_banks(d.pop("banks"))

        clock = cls(
            turn_seconds=turn_seconds,
            bank_seconds=bank_seconds,
            increment_seconds=increment_seconds,
            on_timeout=on_timeout,
            absent_after=absent_after,
            deadline=deadline,
            remaining_seconds=remaining_seconds,
            banks=banks,
        )

        clock.additional_properties = d
        return clock

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
