from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bot_seat import BotSeat
    from ..models.clock_request import ClockRequest
    from ..models.open_seat import OpenSeat
    from ..models.person_seat import PersonSeat


T = TypeVar("T", bound="CreateTableRequest")


@_attrs_define
class CreateTableRequest:
    """A creation's fields (`CreateGameRequest`), some seats left open, and how long the table waits.

    Attributes:
        players (list[BotSeat | OpenSeat | PersonSeat | str]): The seats, in seating order: any seat of a creation (a
            person's name, `PersonSeat`, `BotSeat`),
            or `OpenSeat`, `{"open": true}`, for whoever claims its invitation. At least one seat is open:
            a table with none is 422 `invalid_request` (that is a creation, `POST /v1/games`).
        seed (int | Unset): Makes the game's deals reproducible; the server picks one when absent.
        target_score (int | Unset): The game ends after the round in which a total reaches this many minus points.
            Default: 100.
        clock (ClockRequest | None | Unset): The game's turn clock (docs/CLOCKS.md), started when the game is dealt;
            none (absent or null):
            turns are not timed. A clock the service cannot keep is 422 `invalid_clock`.
        expires_in (int | Unset): Seconds from now that the table waits for its players (a day when left out; 1 minute
            to 7
            days). Past them, a table with a seat still open is `expired`: it takes no claim.
             Default: 86400.
    """

    players: list[BotSeat | OpenSeat | PersonSeat | str]
    seed: int | Unset = UNSET
    target_score: int | Unset = 100
    clock: ClockRequest | None | Unset = UNSET
    expires_in: int | Unset = 86400

    def to_dict(self) -> dict[str, Any]:
        from ..models.bot_seat import BotSeat  # noqa: PLC0415
        from ..models.clock_request import ClockRequest  # noqa: PLC0415
        from ..models.open_seat import OpenSeat  # noqa: PLC0415
        from ..models.person_seat import PersonSeat  # noqa: PLC0415

        players = []
        for players_item_data in self.players:
            players_item: dict[str, Any] | str
            if isinstance(players_item_data, PersonSeat):
                players_item = players_item_data.to_dict()
            elif isinstance(players_item_data, BotSeat):
                players_item = players_item_data.to_dict()
            elif isinstance(players_item_data, OpenSeat):
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

        expires_in = self.expires_in

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
        if expires_in is not UNSET:
            field_dict["expires_in"] = expires_in

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bot_seat import BotSeat  # noqa: PLC0415
        from ..models.clock_request import ClockRequest  # noqa: PLC0415
        from ..models.open_seat import OpenSeat  # noqa: PLC0415
        from ..models.person_seat import PersonSeat  # noqa: PLC0415

        d = dict(src_dict)
        players = []
        _players = d.pop("players")
        for players_item_data in _players:

            def _parse_players_item(data: object) -> BotSeat | OpenSeat | PersonSeat | str:
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
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    players_item_type_3 = OpenSeat.from_dict(data)

                    return players_item_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(BotSeat | OpenSeat | PersonSeat | str, data)

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

        expires_in = d.pop("expires_in", UNSET)

        create_table_request = cls(
            players=players,
            seed=seed,
            target_score=target_score,
            clock=clock,
            expires_in=expires_in,
        )

        return create_table_request
