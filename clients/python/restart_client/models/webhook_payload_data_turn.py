from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="WebhookPayloadDataTurn")


@_attrs_define
class WebhookPayloadDataTurn:
    """A `turn.started`'s turn (only in those): the seat whose turn it is, its holder's
    `player` reference, and when the turn times out (null without a clock).

        Attributes:
            seat (int): A seat, in the order the players were named (0 first).
            player (str): The client app's own opaque reference for a person (an id, an e-mail address, a URN):
                letters, digits and `._:@-`. Shown only to the game owner's credentials (its client key and
                the game's admin token), never to seats, spectators or other client apps.
            deadline (datetime.datetime | None):
    """

    seat: int
    player: str
    deadline: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        player = self.player

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "player": player,
                "deadline": deadline,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        player = d.pop("player")

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

        webhook_payload_data_turn = cls(
            seat=seat,
            player=player,
            deadline=deadline,
        )

        return webhook_payload_data_turn
