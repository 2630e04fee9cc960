from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_view import GameView
    from ..models.offer import Offer


T = TypeVar("T", bound="OfferAnswer")


@_attrs_define
class OfferAnswer:
    """
    Attributes:
        game (GameView): The game as the caller may see it: `hand` for a player token, `hands` (by seat)
            for the admin token, never both; never the box.
        offer (Offer): An offer (docs/OFFERS.md), as every viewer sees it.
    """

    game: GameView
    offer: Offer
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = self.game.to_dict()

        offer = self.offer.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "offer": offer,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_view import GameView  # noqa: PLC0415
        from ..models.offer import Offer  # noqa: PLC0415

        d = dict(src_dict)
        game = GameView.from_dict(d.pop("game"))

        offer = Offer.from_dict(d.pop("offer"))

        offer_answer = cls(
            game=game,
            offer=offer,
        )

        offer_answer.additional_properties = d
        return offer_answer

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
