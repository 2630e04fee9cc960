from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Rating")


@_attrs_define
class Rating:
    """A rating of the Plackett–Luce model (docs/RATINGS.md): `mu` the estimated skill, `sigma`
    its uncertainty, `ordinal` the conservative value `mu - 3 sigma` a leaderboard shows,
    `games` the rated games behind it (0: the model's start, 25 and 25/3).

        Attributes:
            mu (float):
            sigma (float):
            ordinal (float):
            games (int):
    """

    mu: float
    sigma: float
    ordinal: float
    games: int

    def to_dict(self) -> dict[str, Any]:
        mu = self.mu

        sigma = self.sigma

        ordinal = self.ordinal

        games = self.games

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mu": mu,
                "sigma": sigma,
                "ordinal": ordinal,
                "games": games,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mu = d.pop("mu")

        sigma = d.pop("sigma")

        ordinal = d.pop("ordinal")

        games = d.pop("games")

        rating = cls(
            mu=mu,
            sigma=sigma,
            ordinal=ordinal,
            games=games,
        )

        return rating
