from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel

T = TypeVar("T", bound="BotSeat")


@_attrs_define
class BotSeat:
    """
    Attributes:
        name (str): Kept exactly as sent (nothing is trimmed); control characters are refused.
        bot (BotLevel): A level the service plays a seat at, weakest first.
    """

    name: str
    bot: BotLevel

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        bot = self.bot.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "bot": bot,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        bot = BotLevel(d.pop("bot"))

        bot_seat = cls(
            name=name,
            bot=bot,
        )

        return bot_seat
