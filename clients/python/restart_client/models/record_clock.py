from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel
from ..models.timeout_pass import TimeoutPass

T = TypeVar("T", bound="RecordClock")


@_attrs_define
class RecordClock:
    """A game's clock settings, as `ClockRequest` set them, each one null where the clock's mode
    has none: `turn_seconds` in turn mode, `bank_seconds` and `increment_seconds` in bank mode.

        Attributes:
            turn_seconds (int | None): Each turn's time (turn mode); null in bank mode.
            bank_seconds (int | None): Each seat's starting bank (bank mode); null in turn mode.
            increment_seconds (int | None): Added to a seat's bank after each of its moves (bank mode); null in turn mode.
            on_timeout (BotLevel | str | TimeoutPass): What the service played for a seat out of time, `pass` or a bot
                level's move.
            absent_after (int): Timeouts in a row after which a seat was absent (0 never).
    """

    turn_seconds: int | None
    bank_seconds: int | None
    increment_seconds: int | None
    on_timeout: BotLevel | str | TimeoutPass
    absent_after: int

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

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "turn_seconds": turn_seconds,
                "bank_seconds": bank_seconds,
                "increment_seconds": increment_seconds,
                "on_timeout": on_timeout,
                "absent_after": absent_after,
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

        record_clock = cls(
            turn_seconds=turn_seconds,
            bank_seconds=bank_seconds,
            increment_seconds=increment_seconds,
            on_timeout=on_timeout,
            absent_after=absent_after,
        )

        return record_clock
