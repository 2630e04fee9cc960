from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_view import GameView


T = TypeVar("T", bound="SeatHanded")


@_attrs_define
class SeatHanded:
    """
    Attributes:
        game (GameView): The game as the caller may see it: `hand` for a player token, `hands` (by seat)
            for the admin token, never both; never the box.
        token (str): A bearer token of one game, 43 URL-safe characters (32 random bytes).
    """

    game: GameView
    token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = self.game.to_dict()

        token = self.token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_view import GameView  # noqa: PLC0415

        d = dict(src_dict)
        game = GameView.from_dict(d.pop("game"))

        token = d.pop("token")

        seat_handed = cls(
            game=game,
            token=token,
        )

        seat_handed.additional_properties = d
        return seat_handed

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
