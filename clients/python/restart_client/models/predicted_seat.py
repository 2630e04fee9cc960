from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rating import Rating


T = TypeVar("T", bound="PredictedSeat")


@_attrs_define
class PredictedSeat:
    """
    Attributes:
        seat (int): A seat, in the order the players were named (0 first).
        rating (Rating): A rating of the Plackett–Luce model (docs/RATINGS.md): `mu` the estimated skill, `sigma`
            its uncertainty, `ordinal` the conservative value `mu - 3 sigma` a leaderboard shows,
            `games` the rated games behind it (0: the model's start, 25 and 25/3).
        chance (float): The chance to finish first.
        rank (int): The expected place.
        player (str | Unset): The client app's own opaque reference for a person (an id, an e-mail address, a URN):
            letters, digits and `._:@-`. Shown only to the game owner's credentials (its client key and
            the game's admin token), never to seats, spectators or other client apps.
        bot (BotLevel | str | Unset):
    """

    seat: int
    rating: Rating
    chance: float
    rank: int
    player: str | Unset = UNSET
    bot: BotLevel | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        rating = self.rating.to_dict()

        chance = self.chance

        rank = self.rank

        player = self.player

        bot: str | Unset
        if isinstance(self.bot, Unset):
            bot = UNSET
        elif isinstance(self.bot, BotLevel):
            bot = self.bot.value
        else:
            bot = self.bot

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "rating": rating,
                "chance": chance,
                "rank": rank,
            }
        )
        if player is not UNSET:
            field_dict["player"] = player
        if bot is not UNSET:
            field_dict["bot"] = bot

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating import Rating  # noqa: PLC0415

        d = dict(src_dict)
        seat = d.pop("seat")

        rating = Rating.from_dict(d.pop("rating"))

        chance = d.pop("chance")

        rank = d.pop("rank")

        player = d.pop("player", UNSET)

        def _parse_bot(data: object) -> BotLevel | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bot_type_0 = BotLevel(data)

                return bot_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotLevel | str | Unset, data)

        bot = _parse_bot(d.pop("bot", UNSET))

        predicted_seat = cls(
            seat=seat,
            rating=rating,
            chance=chance,
            rank=rank,
            player=player,
            bot=bot,
        )

        return predicted_seat
