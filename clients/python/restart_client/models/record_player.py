from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RecordPlayer")


@_attrs_define
class RecordPlayer:
    """
    Attributes:
        name (str): Kept exactly as sent (nothing is trimmed); control characters are refused.
        bot (None | str | Unset): The bot that played the seat (in this service's records, a level of `GET /v1/bots`);
            null, or absent, for a person. Shown, not checked.
    """

    name: str
    bot: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        bot: None | str | Unset
        if isinstance(self.bot, Unset):
            bot = UNSET
        else:
            bot = self.bot

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if bot is not UNSET:
            field_dict["bot"] = bot

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_bot(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bot = _parse_bot(d.pop("bot", UNSET))

        record_player = cls(
            name=name,
            bot=bot,
        )

        return record_player
