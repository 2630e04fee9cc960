from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.record_holder import RecordHolder


T = TypeVar("T", bound="RecordPlayer")


@_attrs_define
class RecordPlayer:
    """
    Attributes:
        name (str): Kept exactly as sent (nothing is trimmed); control characters are refused.
        bot (None | str | Unset): The bot that played the seat (in this service's records, a level of `GET /v1/bots`);
            null, or absent, for a person. Shown, not checked.
        holders (list[RecordHolder] | None | Unset): Who held the seat, in order, for which versions (docs/SEATS.md):
            the first is `name` from
            version 1; each next from where the one before let it go, or later (the seat vacated
            between); only the last to the end (`until_version` null), and one that `left` is the last.
            Absent or null: not said. Checked where given: `holders_inconsistent`.
    """

    name: str
    bot: None | str | Unset = UNSET
    holders: list[RecordHolder] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        bot: None | str | Unset
        if isinstance(self.bot, Unset):
            bot = UNSET
        else:
            bot = self.bot

        holders: list[dict[str, Any]] | None | Unset
        if isinstance(self.holders, Unset):
            holders = UNSET
        elif isinstance(self.holders, list):
            holders = []
            for holders_type_0_item_data in self.holders:
                holders_type_0_item = holders_type_0_item_data.to_dict()
                holders.append(holders_type_0_item)

        else:
            holders = self.holders

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if bot is not UNSET:
            field_dict["bot"] = bot
        if holders is not UNSET:
            field_dict["holders"] = holders

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.record_holder import RecordHolder  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        def _parse_bot(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bot = _parse_bot(d.pop("bot", UNSET))

        def _parse_holders(data: object) -> list[RecordHolder] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                holders_type_0 = []
                _holders_type_0 = data
                for holders_type_0_item_data in _holders_type_0:
                    holders_type_0_item = RecordHolder.from_dict(holders_type_0_item_data)

                    holders_type_0.append(holders_type_0_item)

                return holders_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[RecordHolder] | None | Unset, data)

        holders = _parse_holders(d.pop("holders", UNSET))

        record_player = cls(
            name=name,
            bot=bot,
            holders=holders,
        )

        return record_player
