from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.offer_kind import OfferKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="MakeOfferRequest")


@_attrs_define
class MakeOfferRequest:
    """An offer to every other seat.

    Attributes:
        kind (OfferKind | str): What the offer asks (a kind `offer_policy` allows; `resume` while the game is paused). A
            kind
            the service does not know is 422 `invalid_request`.
        seat (int | None | Unset): The proposer's seat. The game's admin names the seat it acts for (422
            `invalid_request`
            without it), one a person holds (a seat the service plays is 403 `offer_needs_seat`); a seat's
            token may leave it out (absent or null: its own), and naming another is 403
            `offer_needs_seat`.
        expires_in (int | Unset): Seconds from now until the offer expires (a day when left out; 30 seconds to 7 days).
            Default: 86400.
    """

    kind: OfferKind | str
    seat: int | None | Unset = UNSET
    expires_in: int | Unset = 86400

    def to_dict(self) -> dict[str, Any]:
        kind: str
        if isinstance(self.kind, OfferKind):
            kind = self.kind.value
        else:
            kind = self.kind

        seat: int | None | Unset
        if isinstance(self.seat, Unset):
            seat = UNSET
        else:
            seat = self.seat

        expires_in = self.expires_in

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
            }
        )
        if seat is not UNSET:
            field_dict["seat"] = seat
        if expires_in is not UNSET:
            field_dict["expires_in"] = expires_in

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

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

        def _parse_seat(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seat = _parse_seat(d.pop("seat", UNSET))

        expires_in = d.pop("expires_in", UNSET)

        make_offer_request = cls(
            kind=kind,
            seat=seat,
            expires_in=expires_in,
        )

        return make_offer_request
