from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.leaderboard_entry import LeaderboardEntry


T = TypeVar("T", bound="Leaderboard")


@_attrs_define
class Leaderboard:
    """
    Attributes:
        page (int):
        per_page (int):
        pages (int):
        total (int): Players in the pool.
        players (list[LeaderboardEntry]):
    """

    page: int
    per_page: int
    pages: int
    total: int
    players: list[LeaderboardEntry]

    def to_dict(self) -> dict[str, Any]:
        page = self.page

        per_page = self.per_page

        pages = self.pages

        total = self.total

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "page": page,
                "per_page": per_page,
                "pages": pages,
                "total": total,
                "players": players,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.leaderboard_entry import LeaderboardEntry  # noqa: PLC0415

        d = dict(src_dict)
        page = d.pop("page")

        per_page = d.pop("per_page")

        pages = d.pop("pages")

        total = d.pop("total")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = LeaderboardEntry.from_dict(players_item_data)

            players.append(players_item)

        leaderboard = cls(
            page=page,
            per_page=per_page,
            pages=pages,
            total=total,
            players=players,
        )

        return leaderboard
