from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_level import BotLevel

if TYPE_CHECKING:
    from ..models.rating import Rating


T = TypeVar("T", bound="BotLevelDescription")


@_attrs_define
class BotLevelDescription:
    """
    Attributes:
        level (BotLevel | str):
        description (str):
        rating (Rating): A rating of the Plackett–Luce model (docs/RATINGS.md): `mu` the estimated skill, `sigma`
            its uncertainty, `ordinal` the conservative value `mu - 3 sigma` a leaderboard shows,
            `games` the rated games behind it (0: the model's start, 25 and 25/3).
    """

    level: BotLevel | str
    description: str
    rating: Rating
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        level: str
        if isinstance(self.level, BotLevel):
            level = self.level.value
        else:
            level = self.level

        description = self.description

        rating = self.rating.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "level": level,
                "description": description,
                "rating": rating,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating import Rating  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_level(data: object) -> BotLevel | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                level_type_0 = BotLevel(data)

                return level_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotLevel | str, data)

        level = _parse_level(d.pop("level"))

        description = d.pop("description")

        rating = Rating.from_dict(d.pop("rating"))

        bot_level_description = cls(
            level=level,
            description=description,
            rating=rating,
        )

        bot_level_description.additional_properties = d
        return bot_level_description

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
