from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bot_seat import BotSeat
    from ..models.clock_request import ClockRequest
    from ..models.offer_policy_request import OfferPolicyRequest
    from ..models.person_seat import PersonSeat


T = TypeVar("T", bound="CreateGameRequest")


@_attrs_define
class CreateGameRequest:
    """
    Attributes:
        players (list[BotSeat | PersonSeat | str]): The seats, in seating order: a person's name, `{"name", "player"}`
            for a person the
            client app names by its own reference (docs/SEATS.md), or `{"name", "bot"}` for a seat the
            service plays itself at that level (`GET /v1/bots`). A game of bots only is allowed.
        seed (int | Unset): Makes the deals reproducible; the server picks one when absent.
        target_score (int | Unset): The game ends after the round in which a total reaches this many minus points.
            Default: 100.
        clock (ClockRequest | None | Unset): The game's turn clock (docs/CLOCKS.md); none (absent or null): turns are
            not timed. A clock
            the service cannot keep is 422 `invalid_clock`.
        offers (None | OfferPolicyRequest | Unset): Which offers the game allows, and their limits (docs/OFFERS.md,
            "Policy at creation"); kept
            by its rematch. Absent or null: every kind, with the defaults.
        rated (bool | Unset): The game's result goes to the client's rating pool once it ends (docs/RATINGS.md): every
            seat must be a person's with a `player` reference (else 422 `rating_needs_players`). An
            aborted game changes no rating.
             Default: False.
    """

    players: list[BotSeat | PersonSeat | str]
    seed: int | Unset = UNSET
    target_score: int | Unset = 100
    clock: ClockRequest | None | Unset = UNSET
    offers: None | OfferPolicyRequest | Unset = UNSET
    rated: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        from ..models.bot_seat import BotSeat  # noqa: PLC0415
        from ..models.clock_request import ClockRequest  # noqa: PLC0415
        from ..models.offer_policy_request import OfferPolicyRequest  # noqa: PLC0415
        from ..models.person_seat import PersonSeat  # noqa: PLC0415

        players = []
        for players_item_data in self.players:
            players_item: dict[str, Any] | str
            if isinstance(players_item_data, PersonSeat):
                players_item = players_item_data.to_dict()
            elif isinstance(players_item_data, BotSeat):
                players_item = players_item_data.to_dict()
            else:
                players_item = players_item_data
            players.append(players_item)

        seed = self.seed

        target_score = self.target_score

        clock: dict[str, Any] | None | Unset
        if isinstance(self.clock, Unset):
            clock = UNSET
        elif isinstance(self.clock, ClockRequest):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        offers: dict[str, Any] | None | Unset
        if isinstance(self.offers, Unset):
            offers = UNSET
        elif isinstance(self.offers, OfferPolicyRequest):
            offers = self.offers.to_dict()
        else:
            offers = self.offers

        rated = self.rated

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
        if clock is not UNSET:
            field_dict["clock"] = clock
        if offers is not UNSET:
            field_dict["offers"] = offers
        if rated is not UNSET:
            field_dict["rated"] = rated

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bot_seat import BotSeat  # noqa: PLC0415
        from ..models.clock_request import ClockRequest  # noqa: PLC0415
        from ..models.offer_policy_request import OfferPolicyRequest  # noqa: PLC0415
        from ..models.person_seat import PersonSeat  # noqa: PLC0415

        d = dict(src_dict)
        players = []
        _players = d.pop("players")
        for players_item_data in _players:

            def _parse_players_item(data: object) -> BotSeat | PersonSeat | str:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    players_item_type_1 = PersonSeat.from_dict(data)

                    return players_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    players_item_type_2 = BotSeat.from_dict(data)

                    return players_item_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(BotSeat | PersonSeat | str, data)

            players_item = _parse_players_item(players_item_data)

            players.append(players_item)

        seed = d.pop("seed", UNSET)

        target_score = d.pop("target_score", UNSET)

        def _parse_clock(data: object) -> ClockRequest | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_0 = ClockRequest.from_dict(data)

                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClockRequest | None | Unset, data)

        clock = _parse_clock(d.pop("clock", UNSET))

        def _parse_offers(data: object) -> None | OfferPolicyRequest | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                offers_type_0 = OfferPolicyRequest.from_dict(data)

                return offers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OfferPolicyRequest | Unset, data)

        offers = _parse_offers(d.pop("offers", UNSET))

        rated = d.pop("rated", UNSET)

        create_game_request = cls(
            players=players,
            seed=seed,
            target_score=target_score,
            clock=clock,
            offers=offers,
            rated=rated,
        )

        return create_game_request
