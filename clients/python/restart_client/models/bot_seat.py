from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel

T = TypeVar("T", bound="BotSeat")


@_attrs_define
class BotSeat:
    """
    Attributes:
        name (str): Kept exactly as sent (nothing is trimmed); control characters are refused.
        bot (BotLevel | str): A level of `GET /v1/bots` (levels added after this contract included); any other is 422
            `unknown_bot_level`.
    """

    name: str
    bot: BotLevel | str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        bot: str
        if isinstance(self.bot, BotLevel):
            bot = self.bot.value
        else:
            bot = self.bot

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

        def _parse_bot(data: object) -> BotLevel | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bot_type_0 = BotLevel(data)

                return bot_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotLevel | str, data)

        bot = _parse_bot(d.pop("bot"))

        bot_seat = cls(
            name=name,
            bot=bot,
        )

        return bot_seat
