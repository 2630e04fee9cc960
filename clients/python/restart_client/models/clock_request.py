from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel
from ..models.timeout_pass import TimeoutPass
from ..types import UNSET, Unset

T = TypeVar("T", bound="ClockRequest")


@_attrs_define
class ClockRequest:
    """A turn clock: exactly one of `turn_seconds` (each turn has that long) and `bank_seconds`
    (each seat has a bank its thinking time is taken from, `increment_seconds` added after
    each of its own moves; a seat whose bank ran out has `increment_seconds` a turn). Anything
    else (both, neither, an increment without a bank, a number out of range, an unknown
    `on_timeout`) is 422 `invalid_clock`. A bot's seat is never timed.

        Attributes:
            turn_seconds (int | Unset):
            bank_seconds (int | Unset):
            increment_seconds (int | Unset):  Default: 0.
            on_timeout (BotLevel | str | TimeoutPass | Unset): What the service plays for a seat out of time: `pass`, or the
                move of a bot level of
                `GET /v1/bots`, decided from the seat's view as a bot seat's is.
                 Default: TimeoutPass.PASS.
            absent_after (int | Unset): Timeouts in a row after which a seat is absent (0 never). Default: 3.
    """

    turn_seconds: int | Unset = UNSET
    bank_seconds: int | Unset = UNSET
    increment_seconds: int | Unset = 0
    on_timeout: BotLevel | str | TimeoutPass | Unset = TimeoutPass.PASS
    absent_after: int | Unset = 3

    def to_dict(self) -> dict[str, Any]:
        turn_seconds = self.turn_seconds

        bank_seconds = self.bank_seconds

        increment_seconds = self.increment_seconds

        on_timeout: str | Unset
        if isinstance(self.on_timeout, Unset):
            on_timeout = UNSET
        elif isinstance(self.on_timeout, TimeoutPass):
            on_timeout = self.on_timeout.value
        elif isinstance(self.on_timeout, BotLevel):
            on_timeout = self.on_timeout.value
        else:
            on_timeout = self.on_timeout

        absent_after = self.absent_after

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if turn_seconds is not UNSET:
            field_dict["turn_seconds"] = turn_seconds
        if bank_seconds is not UNSET:
            field_dict["bank_seconds"] = bank_seconds
        if increment_seconds is not UNSET:
            field_dict["increment_seconds"] = increment_seconds
        if on_timeout is not UNSET:
            field_dict["on_timeout"] = on_timeout
        if absent_after is not UNSET:
            field_dict["absent_after"] = absent_after

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        turn_seconds = d.pop("turn_seconds", UNSET)

        bank_seconds = d.pop("bank_seconds", UNSET)

        increment_seconds = d.pop("increment_seconds", UNSET)

        def _parse_on_timeout(data: object) -> BotLevel | str | TimeoutPass | Unset:
            if isinstance(data, Unset):
                return data
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
            return cast(BotLevel | str | TimeoutPass | Unset, data)

        on_timeout = _parse_on_timeout(d.pop("on_timeout", UNSET))

        absent_after = d.pop("absent_after", UNSET)

        clock_request = cls(
            turn_seconds=turn_seconds,
            bank_seconds=bank_seconds,
            increment_seconds=increment_seconds,
            on_timeout=on_timeout,
            absent_after=absent_after,
        )

        return clock_request
