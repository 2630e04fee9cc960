from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.end_reason import EndReason
from ..models.game_status import GameStatus

if TYPE_CHECKING:
    from ..models.player_summary import PlayerSummary


T = TypeVar("T", bound="GameSummary")


@_attrs_define
class GameSummary:
    """A game as a listing tells it; its full view is `GET /v1/games/{game_id}`.

    Attributes:
        id (str): 22 URL-safe characters.
        created_at (datetime.datetime):
        version (int):
        status (GameStatus): Whether a game is still being played.
        round_ (int):
        current_player (int): A seat, in the order the players were named (0 first).
        players (list[PlayerSummary]):
        winners (list[int]):
        end_reason (EndReason | None | str):
    """

    id: str
    created_at: datetime.datetime
    version: int
    status: GameStatus
    round_: int
    current_player: int
    players: list[PlayerSummary]
    winners: list[int]
    end_reason: EndReason | None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        created_at = self.created_at.isoformat()

        version = self.version

        status = self.status.value

        round_ = self.round_

        current_player = self.current_player

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        winners = self.winners

        end_reason: None | str
        if isinstance(self.end_reason, EndReason):
            end_reason = self.end_reason.value
        else:
            end_reason = self.end_reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "created_at": created_at,
                "version": version,
                "status": status,
                "round": round_,
                "current_player": current_player,
                "players": players,
                "winners": winners,
                "end_reason": end_reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_summary import PlayerSummary  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        version = d.pop("version")

        status = GameStatus(d.pop("status"))

        round_ = d.pop("round")

        current_player = d.pop("current_player")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = PlayerSummary.from_dict(players_item_data)

            players.append(players_item)

        winners = cast(list[int], d.pop("winners"))

        def _parse_end_reason(data: object) -> EndReason | None | str:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_reason_type_0 = EndReason(data)

                return end_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EndReason | None | str, data)

        end_reason = _parse_end_reason(d.pop("end_reason"))

        game_summary = cls(
            id=id,
            created_at=created_at,
            version=version,
            status=status,
            round_=round_,
            current_player=current_player,
            players=players,
            winners=winners,
            end_reason=end_reason,
        )

        game_summary.additional_properties = d
        return game_summary

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
