from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_type import EventType

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


T = TypeVar("T", bound="EventFrame")


@_attrs_define
class EventFrame:
    """An event of the log; its `seq` is the frame's `id`.

    Attributes:
        event (EventType | str): The event's `type`.
        id (int):
        data (SequencedGameOver | SequencedGamePaused | SequencedGameRated | SequencedGameResumed |
            SequencedInvitationRevoked | SequencedLaterEvent | SequencedOfferAccepted | SequencedOfferDeclined |
            SequencedOfferLapsed | SequencedOfferMade | SequencedPassed | SequencedRematched | SequencedRoundDealt |
            SequencedRoundScored | SequencedSeatAbsent | SequencedSeatBack | SequencedSeatInvited | SequencedSeatLeft |
            SequencedSeatTaken | SequencedSeatVacated | SequencedTakenBack | SequencedTilesPlaced | SequencedTilesRemoved |
            SequencedTurnTimedOut): An event of a game's log, numbered from 1 in order.
    """

    event: EventType | str
    id: int
    data: (
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
    )
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

        event: str
        if isinstance(self.event, EventType):
            event = self.event.value
        else:
            event = self.event

        id = self.id

        data: dict[str, Any]
        if isinstance(self.data, SequencedRoundDealt):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedTilesPlaced):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedTilesRemoved):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedPassed):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedRoundScored):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedGameOver):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedTurnTimedOut):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedSeatAbsent):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedSeatBack):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedSeatTaken):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedSeatVacated):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedSeatLeft):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedSeatInvited):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedInvitationRevoked):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedRematched):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedOfferMade):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedOfferAccepted):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedOfferDeclined):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedOfferLapsed):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedTakenBack):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedGamePaused):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedGameResumed):
            data = self.data.to_dict()
        elif isinstance(self.data, SequencedGameRated):
            data = self.data.to_dict()
        else:
            data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "id": id,
                "data": data,
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

        def _parse_event(data: object) -> EventType | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                event_type_0 = EventType(data)

                return event_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EventType | str, data)

        event = _parse_event(d.pop("event"))

        id = d.pop("id")

        def _parse_data(
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

        data = _parse_data(d.pop("data"))

        event_frame = cls(
            event=event,
            id=id,
            data=data,
        )

        event_frame.additional_properties = d
        return event_frame

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
