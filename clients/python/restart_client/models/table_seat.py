from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_level import BotLevel
from ..models.table_seat_state import TableSeatState
from ..types import UNSET, Unset

T = TypeVar("T", bound="TableSeat")


@_attrs_define
class TableSeat:
    """
    Attributes:
        seat (int): A seat, in the order the players were named (0 first).
        name (str): Kept exactly as sent (nothing is trimmed); control characters are refused.
        state (str | TableSeatState): Whether the seat is open, held by a person, or played by the service.
        bot (BotLevel | None | str): The level of the bot the service plays this seat with; null for a person's seat, or
            an open one.
        player (None | str | Unset): The client app's reference for the seat's holder (null: none given, or the seat is
            open). Only
            in what the owner's credentials read (its client key, the table's admin token).
    """

    seat: int
    name: str
    state: str | TableSeatState
    bot: BotLevel | None | str
    player: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name = self.name

        state: str
        if isinstance(self.state, TableSeatState):
            state = self.state.value
        else:
            state = self.state

        bot: None | str
        if isinstance(self.bot, BotLevel):
            bot = self.bot.value
        else:
            bot = self.bot

        player: None | str | Unset
        if isinstance(self.player, Unset):
            player = UNSET
        else:
            player = self.player

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "name": name,
                "state": state,
                "bot": bot,
            }
        )
        if player is not UNSET:
            field_dict["player"] = player

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        name = d.pop("name")

        def _parse_state(data: object) -> str | TableSeatState:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                state_type_0 = TableSeatState(data)

                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(str | TableSeatState, data)

        state = _parse_state(d.pop("state"))

        def _parse_bot(data: object) -> BotLevel | None | str:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bot_type_0 = BotLevel(data)

                return bot_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotLevel | None | str, data)

        bot = _parse_bot(d.pop("bot"))

        def _parse_player(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        player = _parse_player(d.pop("player", UNSET))

        table_seat = cls(
            seat=seat,
            name=name,
            state=state,
            bot=bot,
            player=player,
        )

        table_seat.additional_properties = d
        return table_seat

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
