from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bot_seat import BotSeat


T = TypeVar("T", bound="CreateGameRequest")


@_attrs_define
class CreateGameRequest:
    """
    Attributes:
        players (list[BotSeat | str]): The seats, in seating order: a person's name, or `{"name", "bot"}` for a seat the
            service plays itself at that level (`GET /v1/bots`). A game of bots only is allowed.
        seed (int | Unset): Makes the deals reproducible; the server picks one when absent.
        target_score (int | Unset): The game ends after the round in which a total reaches this many minus points.
            Default: 100.
    """

    players: list[BotSeat | str]
    seed: int | Unset = UNSET
    target_score: int | Unset = 100

    def to_dict(self) -> dict[str, Any]:
        from ..models.bot_seat import BotSeat  # noqa: PLC0415

        players = []
        for players_item_data in self.players:
            players_item: dict[str, Any] | str
            if isinstance(players_item_data, BotSeat):
                players_item = players_item_data.to_dict()
            else:
                players_item = players_item_data
            players.append(players_item)

        seed = self.seed

        target_score = self.target_score

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
            }
        )
        if seed is not UNSET:
            field_dict["seed"] = seed
        if target_score is not UNSET:
            field_dict["target_score"] = target_score

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bot_seat import BotSeat  # noqa: PLC0415

        d = dict(src_dict)
        players = []
        _players = d.pop("players")
        for players_item_data in _players:

            def _parse_players_item(data: object) -> BotSeat | str:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    players_item_type_1 = BotSeat.from_dict(data)

                    return players_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(BotSeat | str, data)

            players_item = _parse_players_item(players_item_data)

            players.append(players_item)

        seed = d.pop("seed", UNSET)

        target_score = d.pop("target_score", UNSET)

        create_game_request = cls(
            players=players,
            seed=seed,
            target_score=target_score,
        )

        return create_game_request
