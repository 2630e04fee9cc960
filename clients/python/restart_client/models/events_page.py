from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.sequenced_game_over import SequencedGameOver
    from ..models.sequenced_game_paused import SequencedGamePaused
    from ..models.sequenced_game_rated import SequencedGameRated
    from ..models.sequenced_game_resumed import SequencedGameResumed
    from ..models.sequenced_invitation_revoked import SequencedInvitationRevoked
    from ..models.sequenced_later_event import SequencedLaterEvent
    from ..models.sequenced_offer_accepted import SequencedOfferAccepted
    from ..models.sequenced_offer_declined import SequencedOfferDeclined
    from ..models.sequenced_offer_lapsed import SequencedOfferLapsed
    from ..models.sequenced_offer_made import SequencedOfferMade
    from ..models.sequenced_passed import SequencedPassed
    from ..models.sequenced_rematched import SequencedRematched
    from ..models.sequenced_round_dealt import SequencedRoundDealt
    from ..models.sequenced_round_scored import SequencedRoundScored
    from ..models.sequenced_seat_absent import SequencedSeatAbsent
    from ..models.sequenced_seat_back import SequencedSeatBack
    from ..models.sequenced_seat_invited import SequencedSeatInvited
    from ..models.sequenced_seat_left import SequencedSeatLeft
    from ..models.sequenced_seat_taken import SequencedSeatTaken
    from ..models.sequenced_seat_vacated import SequencedSeatVacated
    from ..models.sequenced_taken_back import SequencedTakenBack
    from ..models.sequenced_tiles_placed import SequencedTilesPlaced
    from ..models.sequenced_tiles_removed import SequencedTilesRemoved
    from ..models.sequenced_turn_timed_out import SequencedTurnTimedOut


T = TypeVar("T", bound="EventsPage")


@_attrs_define
class EventsPage:
    """
    Attributes:
        events (list[SequencedGameOver | SequencedGamePaused | SequencedGameRated | SequencedGameResumed |
            SequencedInvitationRevoked | SequencedLaterEvent | SequencedOfferAccepted | SequencedOfferDeclined |
            SequencedOfferLapsed | SequencedOfferMade | SequencedPassed | SequencedRematched | SequencedRoundDealt |
            SequencedRoundScored | SequencedSeatAbsent | SequencedSeatBack | SequencedSeatInvited | SequencedSeatLeft |
            SequencedSeatTaken | SequencedSeatVacated | SequencedTakenBack | SequencedTilesPlaced | SequencedTilesRemoved |
            SequencedTurnTimedOut]):
        next_after (int): Pass as `after` to get the next page.
    """

    events: list[
        SequencedGameOver
        | SequencedGamePaused
        | SequencedGameRated
        | SequencedGameResumed
        | SequencedInvitationRevoked
        | SequencedLaterEvent
        | SequencedOfferAccepted
        | SequencedOfferDeclined
        | SequencedOfferLapsed
        | SequencedOfferMade
        | SequencedPassed
        | SequencedRematched
        | SequencedRoundDealt
        | SequencedRoundScored
        | SequencedSeatAbsent
        | SequencedSeatBack
        | SequencedSeatInvited
        | SequencedSeatLeft
        | SequencedSeatTaken
        | SequencedSeatVacated
        | SequencedTakenBack
        | SequencedTilesPlaced
        | SequencedTilesRemoved
        | SequencedTurnTimedOut
    ]
    next_after: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.sequenced_game_over import SequencedGameOver  # noqa: PLC0415
        from ..models.sequenced_game_paused import SequencedGamePaused  # noqa: PLC0415
        from ..models.sequenced_game_rated import SequencedGameRated  # noqa: PLC0415
        from ..models.sequenced_game_resumed import SequencedGameResumed  # noqa: PLC0415
        from ..models.sequenced_invitation_revoked import SequencedInvitationRevoked  # noqa: PLC0415
        from ..models.sequenced_offer_accepted import SequencedOfferAccepted  # noqa: PLC0415
        from ..models.sequenced_offer_declined import SequencedOfferDeclined  # noqa: PLC0415
        from ..models.sequenced_offer_lapsed import SequencedOfferLapsed  # noqa: PLC0415
        from ..models.sequenced_offer_made import SequencedOfferMade  # noqa: PLC0415
        from ..models.sequenced_passed import SequencedPassed  # noqa: PLC0415
        from ..models.sequenced_rematched import SequencedRematched  # noqa: PLC0415
        from ..models.sequenced_round_dealt import SequencedRoundDealt  # noqa: PLC0415
        from ..models.sequenced_round_scored import SequencedRoundScored  # noqa: PLC0415
        from ..models.sequenced_seat_absent import SequencedSeatAbsent  # noqa: PLC0415
        from ..models.sequenced_seat_back import SequencedSeatBack  # noqa: PLC0415
        from ..models.sequenced_seat_invited import SequencedSeatInvited  # noqa: PLC0415
        from ..models.sequenced_seat_left import SequencedSeatLeft  # noqa: PLC0415
        from ..models.sequenced_seat_taken import SequencedSeatTaken  # noqa: PLC0415
        from ..models.sequenced_seat_vacated import SequencedSeatVacated  # noqa: PLC0415
        from ..models.sequenced_taken_back import SequencedTakenBack  # noqa: PLC0415
        from ..models.sequenced_tiles_placed import SequencedTilesPlaced  # noqa: PLC0415
        from ..models.sequenced_tiles_removed import SequencedTilesRemoved  # noqa: PLC0415
        from ..models.sequenced_turn_timed_out import SequencedTurnTimedOut  # noqa: PLC0415

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, SequencedRoundDealt):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedTilesPlaced):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedTilesRemoved):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedPassed):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedRoundScored):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedGameOver):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedTurnTimedOut):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedSeatAbsent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedSeatBack):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedSeatTaken):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedSeatVacated):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedSeatLeft):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedSeatInvited):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedInvitationRevoked):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedRematched):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedOfferMade):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedOfferAccepted):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedOfferDeclined):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedOfferLapsed):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedTakenBack):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedGamePaused):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedGameResumed):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SequencedGameRated):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        next_after = self.next_after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "events": events,
                "next_after": next_after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sequenced_game_over import SequencedGameOver  # noqa: PLC0415
        from ..models.sequenced_game_paused import SequencedGamePaused  # noqa: PLC0415
        from ..models.sequenced_game_rated import SequencedGameRated  # noqa: PLC0415
        from ..models.sequenced_game_resumed import SequencedGameResumed  # noqa: PLC0415
        from ..models.sequenced_invitation_revoked import SequencedInvitationRevoked  # noqa: PLC0415
        from ..models.sequenced_later_event import SequencedLaterEvent  # noqa: PLC0415
        from ..models.sequenced_offer_accepted import SequencedOfferAccepted  # noqa: PLC0415
        from ..models.sequenced_offer_declined import SequencedOfferDeclined  # noqa: PLC0415
        from ..models.sequenced_offer_lapsed import SequencedOfferLapsed  # noqa: PLC0415
        from ..models.sequenced_offer_made import SequencedOfferMade  # noqa: PLC0415
        from ..models.sequenced_passed import SequencedPassed  # noqa: PLC0415
        from ..models.sequenced_rematched import SequencedRematched  # noqa: PLC0415
        from ..models.sequenced_round_dealt import SequencedRoundDealt  # noqa: PLC0415
        from ..models.sequenced_round_scored import SequencedRoundScored  # noqa: PLC0415
        from ..models.sequenced_seat_absent import SequencedSeatAbsent  # noqa: PLC0415
        from ..models.sequenced_seat_back import SequencedSeatBack  # noqa: PLC0415
        from ..models.sequenced_seat_invited import SequencedSeatInvited  # noqa: PLC0415
        from ..models.sequenced_seat_left import SequencedSeatLeft  # noqa: PLC0415
        from ..models.sequenced_seat_taken import SequencedSeatTaken  # noqa: PLC0415
        from ..models.sequenced_seat_vacated import SequencedSeatVacated  # noqa: PLC0415
        from ..models.sequenced_taken_back import SequencedTakenBack  # noqa: PLC0415
        from ..models.sequenced_tiles_placed import SequencedTilesPlaced  # noqa: PLC0415
        from ..models.sequenced_tiles_removed import SequencedTilesRemoved  # noqa: PLC0415
        from ..models.sequenced_turn_timed_out import SequencedTurnTimedOut  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> (
                SequencedGameOver
                | SequencedGamePaused
                | SequencedGameRated
                | SequencedGameResumed
                | SequencedInvitationRevoked
                | SequencedLaterEvent
                | SequencedOfferAccepted
                | SequencedOfferDeclined
                | SequencedOfferLapsed
                | SequencedOfferMade
                | SequencedPassed
                | SequencedRematched
                | SequencedRoundDealt
                | SequencedRoundScored
                | SequencedSeatAbsent
                | SequencedSeatBack
                | SequencedSeatInvited
                | SequencedSeatLeft
                | SequencedSeatTaken
                | SequencedSeatVacated
                | SequencedTakenBack
                | SequencedTilesPlaced
                | SequencedTilesRemoved
                | SequencedTurnTimedOut
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_0 = SequencedRoundDealt.from_dict(data)

                    return componentsschemas_sequenced_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_1 = SequencedTilesPlaced.from_dict(data)

                    return componentsschemas_sequenced_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_2 = SequencedTilesRemoved.from_dict(data)

                    return componentsschemas_sequenced_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_3 = SequencedPassed.from_dict(data)

                    return componentsschemas_sequenced_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_4 = SequencedRoundScored.from_dict(data)

                    return componentsschemas_sequenced_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_5 = SequencedGameOver.from_dict(data)

                    return componentsschemas_sequenced_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_6 = SequencedTurnTimedOut.from_dict(data)

                    return componentsschemas_sequenced_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_7 = SequencedSeatAbsent.from_dict(data)

                    return componentsschemas_sequenced_event_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_8 = SequencedSeatBack.from_dict(data)

                    return componentsschemas_sequenced_event_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_9 = SequencedSeatTaken.from_dict(data)

                    return componentsschemas_sequenced_event_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_10 = SequencedSeatVacated.from_dict(data)

                    return componentsschemas_sequenced_event_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_11 = SequencedSeatLeft.from_dict(data)

                    return componentsschemas_sequenced_event_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_12 = SequencedSeatInvited.from_dict(data)

                    return componentsschemas_sequenced_event_type_12
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_13 = SequencedInvitationRevoked.from_dict(data)

                    return componentsschemas_sequenced_event_type_13
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_14 = SequencedRematched.from_dict(data)

                    return componentsschemas_sequenced_event_type_14
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_15 = SequencedOfferMade.from_dict(data)

                    return componentsschemas_sequenced_event_type_15
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_16 = SequencedOfferAccepted.from_dict(data)

                    return componentsschemas_sequenced_event_type_16
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_17 = SequencedOfferDeclined.from_dict(data)

                    return componentsschemas_sequenced_event_type_17
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_18 = SequencedOfferLapsed.from_dict(data)

                    return componentsschemas_sequenced_event_type_18
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_19 = SequencedTakenBack.from_dict(data)

                    return componentsschemas_sequenced_event_type_19
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_20 = SequencedGamePaused.from_dict(data)

                    return componentsschemas_sequenced_event_type_20
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_21 = SequencedGameResumed.from_dict(data)

                    return componentsschemas_sequenced_event_type_21
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_sequenced_event_type_22 = SequencedGameRated.from_dict(data)

                    return componentsschemas_sequenced_event_type_22
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_sequenced_event_type_23 = SequencedLaterEvent.from_dict(data)

                return componentsschemas_sequenced_event_type_23

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        next_after = d.pop("next_after")

        events_page = cls(
            events=events,
            next_after=next_after,
        )

        events_page.additional_properties = d
        return events_page

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
