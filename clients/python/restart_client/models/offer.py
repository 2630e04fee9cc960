from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.offer_kind import OfferKind
from ..models.offer_state import OfferState

T = TypeVar("T", bound="Offer")


@_attrs_define
class Offer:
    """An offer (docs/OFFERS.md), as every viewer sees it.

    Attributes:
        id (int): An offer's id, the game version whose save made it.
        kind (OfferKind | str): What the offer asks, or a kind added after this contract.
        seat (int): A seat, in the order the players were named (0 first).
        state (OfferState | str): Whether the offer is open, or what became of it, or a state added after this contract.
        expires_at (datetime.datetime): Until when it may be answered (UTC, milliseconds).
        accepted (list[int]): The seats that accepted it, in seat order.
        waiting (list[int]): The seats whose answer it still waits for, in seat order (none once it is not open).
    """

    id: int
    kind: OfferKind | str
    seat: int
    state: OfferState | str
    expires_at: datetime.datetime
    accepted: list[int]
    waiting: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind: str
        if isinstance(self.kind, OfferKind):
            kind = self.kind.value
        else:
            kind = self.kind

        seat = self.seat

        state: str
        if isinstance(self.state, OfferState):
            state = self.state.value
        else:
            state = self.state

        expires_at = self.expires_at.isoformat()

        accepted = self.accepted

        waiting = self.waiting

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "seat": seat,
                "state": state,
                "expires_at": expires_at,
                "accepted": accepted,
                "waiting": waiting,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_kind(data: object) -> OfferKind | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                kind_type_0 = OfferKind(data)

                return kind_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(OfferKind | str, data)

        kind = _parse_kind(d.pop("kind"))

        seat = d.pop("seat")

        def _parse_state(data: object) -> OfferState | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                state_type_0 = OfferState(data)

                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(OfferState | str, data)

        state = _parse_state(d.pop("state"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        accepted = cast(list[int], d.pop("accepted"))

        waiting = cast(list[int], d.pop("waiting"))

        offer = cls(
            id=id,
            kind=kind,
            seat=seat,
            state=state,
            expires_at=expires_at,
            accepted=accepted,
            waiting=waiting,
        )

        offer.additional_properties = d
        return offer

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
