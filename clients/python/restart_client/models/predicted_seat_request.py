from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PredictedSeatRequest")


@_attrs_define
class PredictedSeatRequest:
    """A player of the pool (`player`) or a bot level (`bot`), one of the two.

    Attributes:
        player (str | Unset): The client app's own opaque reference for a person (an id, an e-mail address, a URN):
            letters, digits and `._:@-`. Shown only to the game owner's credentials (its client key and
            the game's admin token), never to seats, spectators or other client apps.
        bot (str | Unset): A level of `GET /v1/bots`.
    """

    player: str | Unset = UNSET
    bot: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        bot = self.bot

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if player is not UNSET:
            field_dict["player"] = player
        if bot is not UNSET:
            field_dict["bot"] = bot

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player", UNSET)

        bot = d.pop("bot", UNSET)

        predicted_seat_request = cls(
            player=player,
            bot=bot,
        )

        return predicted_seat_request
