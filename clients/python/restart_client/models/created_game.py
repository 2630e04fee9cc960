from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.created_game_tokens import CreatedGameTokens
    from ..models.game_view import GameView


T = TypeVar("T", bound="CreatedGame")


@_attrs_define
class CreatedGame:
    """
    Attributes:
        game (GameView): The game as the caller may see it: `hand` for a player token, `hands` (by seat)
            for the admin token, never both; never the box.
        tokens (CreatedGameTokens): Shown only in this answer. Give each player their own token; the spectator
            token to whoever may watch (the public table, the events, the stream: never a
            hand; moves, validation, legal moves and the snapshot answer it 403).
    """

    game: GameView
    tokens: CreatedGameTokens
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = self.game.to_dict()

        tokens = self.tokens.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "tokens": tokens,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.created_game_tokens import CreatedGameTokens  # noqa: PLC0415
        from ..models.game_view import GameView  # noqa: PLC0415

        d = dict(src_dict)
        game = GameView.from_dict(d.pop("game"))

        tokens = CreatedGameTokens.from_dict(d.pop("tokens"))

        created_game = cls(
            game=game,
            tokens=tokens,
        )

        created_game.additional_properties = d
        return created_game

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
