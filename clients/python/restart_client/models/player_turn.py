from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlayerTurn")


@_attrs_define
class PlayerTurn:
    """A game waiting on the player, and the seat whose turn it is.

    Attributes:
        game_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        version (int): The game's version (its `ETag`) as it was read for this page.
        round_ (int):
        since (datetime.datetime): When the turn started (UTC, milliseconds).
        deadline (datetime.datetime | None): When the turn times out (UTC, milliseconds); null in a game without a
            clock.
    """

    game_id: str
    seat: int
    version: int
    round_: int
    since: datetime.datetime
    deadline: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        seat = self.seat

        version = self.version

        round_ = self.round_

        since = self.since.isoformat()

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "seat": seat,
                "version": version,
                "round": round_,
                "since": since,
                "deadline": deadline,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        seat = d.pop("seat")

        version = d.pop("version")

        round_ = d.pop("round")

        since = datetime.datetime.fromisoformat(d.pop("since"))

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

        player_turn = cls(
            game_id=game_id,
            seat=seat,
            version=version,
            round_=round_,
            since=since,
            deadline=deadline,
        )

        return player_turn
