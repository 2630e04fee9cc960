from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateGameRequest")


@_attrs_define
class CreateGameRequest:
    """
    Attributes:
        players (list[str]): The players' names, in seating order.
        seed (int | Unset): Makes the deals reproducible; the server picks one when absent.
        target_score (int | Unset): The game ends after the round in which a total reaches this many minus points.
            Default: 100.
    """

    players: list[str]
    seed: int | Unset = UNSET
    target_score: int | Unset = 100

    def to_dict(self) -> dict[str, Any]:
        players = self.players

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
        d = dict(src_dict)
        players = cast(list[str], d.pop("players"))

        seed = d.pop("seed", UNSET)

        target_score = d.pop("target_score", UNSET)

        create_game_request = cls(
            players=players,
            seed=seed,
            target_score=target_score,
        )

        return create_game_request
