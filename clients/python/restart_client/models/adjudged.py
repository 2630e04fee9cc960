from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_over import GameOver
    from ..models.game_paused import GamePaused
    from ..models.game_rated import GameRated
    from ..models.game_resumed import GameResumed
    from ..models.invitation_revoked import InvitationRevoked
    from ..models.later_event import LaterEvent
    from ..models.offer_accepted import OfferAccepted
    from ..models.offer_declined import OfferDeclined
    from ..models.offer_lapsed import OfferLapsed
    from ..models.offer_made import OfferMade
    from ..models.passed import Passed
    from ..models.rematched import Rematched
    from ..models.round_dealt import RoundDealt
    from ..models.round_scored import RoundScored
    from ..models.seat_absent import SeatAbsent
    from ..models.seat_back import SeatBack
    from ..models.seat_invited import SeatInvited
    from ..models.seat_left import SeatLeft
    from ..models.seat_taken import SeatTaken
    from ..models.seat_vacated import SeatVacated
    from ..models.snapshot import Snapshot
    from ..models.taken_back import TakenBack
    from ..models.tiles_placed import TilesPlaced
    from ..models.tiles_removed import TilesRemoved
    from ..models.turn_timed_out import TurnTimedOut


T = TypeVar("T", bound="Adjudged")


@_attrs_define
class Adjudged:
    """The move is legal; the position after it, and what happened.

    Attributes:
        legal (Literal[True]):
        snapshot (Snapshot): The rules engine's complete document of a position (schema 1), hidden tiles
            included. `POST /v1/adjudicate` checks every rule of consistency (each tile
            exactly once, rows built by the placement rules, counters in range) and lists
            every problem it finds.
        events (list[GameOver | GamePaused | GameRated | GameResumed | InvitationRevoked | LaterEvent | OfferAccepted |
            OfferDeclined | OfferLapsed | OfferMade | Passed | Rematched | RoundDealt | RoundScored | SeatAbsent | SeatBack
            | SeatInvited | SeatLeft | SeatTaken | SeatVacated | TakenBack | TilesPlaced | TilesRemoved | TurnTimedOut]):
    """

    legal: Literal[True]
    snapshot: Snapshot
    events: list[
        GameOver
        | GamePaused
        | GameRated
        | GameResumed
        | InvitationRevoked
        | LaterEvent
        | OfferAccepted
        | OfferDeclined
        | OfferLapsed
        | OfferMade
        | Passed
        | Rematched
        | RoundDealt
        | RoundScored
        | SeatAbsent
        | SeatBack
        | SeatInvited
        | SeatLeft
        | SeatTaken
        | SeatVacated
        | TakenBack
        | TilesPlaced
        | TilesRemoved
        | TurnTimedOut
    ]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.game_over import GameOver  # noqa: PLC0415
        from ..models.game_paused import GamePaused  # noqa: PLC0415
        from ..models.game_rated import GameRated  # noqa: PLC0415
        from ..models.game_resumed import GameResumed  # noqa: PLC0415
        from ..models.invitation_revoked import InvitationRevoked  # noqa: PLC0415
        from ..models.offer_accepted import OfferAccepted  # noqa: PLC0415
        from ..models.offer_declined import OfferDeclined  # noqa: PLC0415
        from ..models.offer_lapsed import OfferLapsed  # noqa: PLC0415
        from ..models.offer_made import OfferMade  # noqa: PLC0415
        from ..models.passed import Passed  # noqa: PLC0415
        from ..models.rematched import Rematched  # noqa: PLC0415
        from ..models.round_dealt import RoundDealt  # noqa: PLC0415
        from ..models.round_scored import RoundScored  # noqa: PLC0415
        from ..models.seat_absent import SeatAbsent  # noqa: PLC0415
        from ..models.seat_back import SeatBack  # noqa: PLC0415
        from ..models.seat_invited import SeatInvited  # noqa: PLC0415
        from ..models.seat_left import SeatLeft  # noqa: PLC0415
        from ..models.seat_taken import SeatTaken  # noqa: PLC0415
        from ..models.seat_vacated import SeatVacated  # noqa: PLC0415
        from ..models.taken_back import TakenBack  # noqa: PLC0415
        from ..models.tiles_placed import TilesPlaced  # noqa: PLC0415
        from ..models.tiles_removed import TilesRemoved  # noqa: PLC0415
        from ..models.turn_timed_out import TurnTimedOut  # noqa: PLC0415

        legal = self.legal

        snapshot = self.snapshot.to_dict()

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, RoundDealt):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TilesPlaced):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TilesRemoved):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, Passed):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RoundScored):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameOver):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TurnTimedOut):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatAbsent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatBack):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatTaken):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatVacated):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatLeft):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatInvited):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, InvitationRevoked):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, Rematched):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, OfferMade):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, OfferAccepted):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, OfferDeclined):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, OfferLapsed):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TakenBack):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GamePaused):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameResumed):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameRated):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "legal": legal,
                "snapshot": snapshot,
                "events": events,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_over import GameOver  # noqa: PLC0415
        from ..models.game_paused import GamePaused  # noqa: PLC0415
        from ..models.game_rated import GameRated  # noqa: PLC0415
        from ..models.game_resumed import GameResumed  # noqa: PLC0415
        from ..models.invitation_revoked import InvitationRevoked  # noqa: PLC0415
        from ..models.later_event import LaterEvent  # noqa: PLC0415
        from ..models.offer_accepted import OfferAccepted  # noqa: PLC0415
        from ..models.offer_declined import OfferDeclined  # noqa: PLC0415
        from ..models.offer_lapsed import OfferLapsed  # noqa: PLC0415
        from ..models.offer_made import OfferMade  # noqa: PLC0415
        from ..models.passed import Passed  # noqa: PLC0415
        from ..models.rematched import Rematched  # noqa: PLC0415
        from ..models.round_dealt import RoundDealt  # noqa: PLC0415
        from ..models.round_scored import RoundScored  # noqa: PLC0415
        from ..models.seat_absent import SeatAbsent  # noqa: PLC0415
        from ..models.seat_back import SeatBack  # noqa: PLC0415
        from ..models.seat_invited import SeatInvited  # noqa: PLC0415
        from ..models.seat_left import SeatLeft  # noqa: PLC0415
        from ..models.seat_taken import SeatTaken  # noqa: PLC0415
        from ..models.seat_vacated import SeatVacated  # noqa: PLC0415
        from ..models.snapshot import Snapshot  # noqa: PLC0415
        from ..models.taken_back import TakenBack  # noqa: PLC0415
        from ..models.tiles_placed import TilesPlaced  # noqa: PLC0415
        from ..models.tiles_removed import TilesRemoved  # noqa: PLC0415
        from ..models.turn_timed_out import TurnTimedOut  # noqa: PLC0415

        d = dict(src_dict)
        legal = cast(Literal[True], d.pop("legal"))
        if legal != True:
            raise ValueError(f"legal must match const True, got '{legal}'")

        snapshot = Snapshot.from_dict(d.pop("snapshot"))

        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> (
                GameOver
                | GamePaused
                | GameRated
                | GameResumed
                | InvitationRevoked
                | LaterEvent
                | OfferAccepted
                | OfferDeclined
                | OfferLapsed
                | OfferMade
                | Passed
                | Rematched
                | RoundDealt
                | RoundScored
                | SeatAbsent
                | SeatBack
                | SeatInvited
                | SeatLeft
                | SeatTaken
                | SeatVacated
                | TakenBack
                | TilesPlaced
                | TilesRemoved
                | TurnTimedOut
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_0 = RoundDealt.from_dict(data)

                    return componentsschemas_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_1 = TilesPlaced.from_dict(data)

                    return componentsschemas_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_2 = TilesRemoved.from_dict(data)

                    return componentsschemas_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_3 = Passed.from_dict(data)

                    return componentsschemas_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_4 = RoundScored.from_dict(data)

                    return componentsschemas_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_5 = GameOver.from_dict(data)

                    return componentsschemas_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_6 = TurnTimedOut.from_dict(data)

                    return componentsschemas_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_7 = SeatAbsent.from_dict(data)

                    return componentsschemas_event_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_8 = SeatBack.from_dict(data)

                    return componentsschemas_event_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_9 = SeatTaken.from_dict(data)

                    return componentsschemas_event_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_10 = SeatVacated.from_dict(data)

                    return componentsschemas_event_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_11 = SeatLeft.from_dict(data)

                    return componentsschemas_event_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_12 = SeatInvited.from_dict(data)

                    return componentsschemas_event_type_12
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_13 = InvitationRevoked.from_dict(data)

                    return componentsschemas_event_type_13
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_14 = Rematched.from_dict(data)

                    return componentsschemas_event_type_14
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_15 = OfferMade.from_dict(data)

                    return componentsschemas_event_type_15
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_16 = OfferAccepted.from_dict(data)

                    return componentsschemas_event_type_16
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_17 = OfferDeclined.from_dict(data)

                    return componentsschemas_event_type_17
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_18 = OfferLapsed.from_dict(data)

                    return componentsschemas_event_type_18
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_19 = TakenBack.from_dict(data)

                    return componentsschemas_event_type_19
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_20 = GamePaused.from_dict(data)

                    return componentsschemas_event_type_20
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_21 = GameResumed.from_dict(data)

                    return componentsschemas_event_type_21
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_22 = GameRated.from_dict(data)

                    return componentsschemas_event_type_22
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_23 = LaterEvent.from_dict(data)

                return componentsschemas_event_type_23

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        adjudged = cls(
            legal=legal,
            snapshot=snapshot,
            events=events,
        )

        adjudged.additional_properties = d
        return adjudged

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
