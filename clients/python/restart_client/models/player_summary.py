from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_level import BotLevel
from ..models.seat_holding import SeatHolding
from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayerSummary")


@_attrs_define
class PlayerSummary:
    """
    Attributes:
        seat (int): A seat, in the order the players were named (0 first).
        name (str): Kept exactly as sent (nothing is trimmed); control characters are refused.
        score (int): Minus points accumulated over the scored rounds (lower is better).
        tiles_left (int): The tiles in the seat's hand (a game has 88 tiles).
        bot (BotLevel | None | str): The level of the bot the service plays this seat with; null for a person.
        timeouts (int): How many of this seat's turns timed out in this game (0 without a clock).
        absent (bool): The seat timed out `absent_after` times in a row: the service plays its turns at once
            until its holder says it is back (`POST .../seats/{seat}/back`). False without a clock.
        state (SeatHolding | str): Whether a person holds the seat, or the service plays it since it was vacated or
            left.
        player (None | str | Unset): The client app's reference for the seat's holder (null: none given). Only in what
            the game
            owner's credentials read (its client key, the game's admin token).
        invited_until (datetime.datetime | None | Unset): Until when the owner's invitation to the seat is open (a past
            instant: it expired, and its
            claim is refused); null when none is open. Absent from answers of services before 1.7.0.
    """

    seat: int
    name: str
    score: int
    tiles_left: int
    bot: BotLevel | None | str
    timeouts: int
    absent: bool
    state: SeatHolding | str
    player: None | str | Unset = UNSET
    invited_until: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name = self.name

        score = self.score

        tiles_left = self.tiles_left

        bot: None | str
        if isinstance(self.bot, BotLevel):
            bot = self.bot.value
        else:
            bot = self.bot

        timeouts = self.timeouts

        absent = self.absent

        state: str
        if isinstance(self.state, SeatHolding):
            state = self.state.value
        else:
            state = self.state

        player: None | str | Unset
        if isinstance(self.player, Unset):
            player = UNSET
        else:
            player = self.player

        invited_until: None | str | Unset
        if isinstance(self.invited_until, Unset):
            invited_until = UNSET
        elif isinstance(self.invited_until, datetime.datetime):
            invited_until = self.invited_until.isoformat()
        else:
            invited_until = self.invited_until

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "name": name,
                "score": score,
                "tiles_left": tiles_left,
                "bot": bot,
                "timeouts": timeouts,
                "absent": absent,
                "state": state,
            }
        )
        if player is not UNSET:
            field_dict["player"] = player
        if invited_until is not UNSET:
            field_dict["invited_until"] = invited_until

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        name = d.pop("name")

        score = d.pop("score")

        tiles_left = d.pop("tiles_left")

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

        timeouts = d.pop("timeouts")

        absent = d.pop("absent")

        def _parse_state(data: object) -> SeatHolding | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                state_type_0 = SeatHolding(data)

                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(SeatHolding | str, data)

        state = _parse_state(d.pop("state"))

        def _parse_player(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        player = _parse_player(d.pop("player", UNSET))

        def _parse_invited_until(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                invited_until_type_0 = datetime.datetime.fromisoformat(data)

                return invited_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        invited_until = _parse_invited_until(d.pop("invited_until", UNSET))

        player_summary = cls(
            seat=seat,
            name=name,
            score=score,
            tiles_left=tiles_left,
            bot=bot,
            timeouts=timeouts,
            absent=absent,
            state=state,
            player=player,
            invited_until=invited_until,
        )

        player_summary.additional_properties = d
        return player_summary

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
