from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.offer_policy_kind import OfferPolicyKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="OfferPolicyRequest")


@_attrs_define
class OfferPolicyRequest:
    """The offers a game allows; every member may be left out.

    Attributes:
        kinds (list[OfferPolicyKind | str] | Unset): The kinds the game allows (every kind when left out; `resume` comes
            with `pause`, and is not
            listed). An empty list allows none: a tournament game. A kind left out is 409
            `offer_not_allowed` when offered; a kind the service does not know is 422 `invalid_request`.
        cooldown_moves (int | Unset): A proposer whose offer a seat's holder declined may not make an offer of the same
            kind for
            this many moves (409 `offer_cooldown`). A decline by rule starts no cool-down.
             Default: 3.
        max_pause_seconds (int | Unset): The longest a pause holds the clocks (a week when left out; 1 minute to 30
            days). Default: 604800.
    """

    kinds: list[OfferPolicyKind | str] | Unset = UNSET
    cooldown_moves: int | Unset = 3
    max_pause_seconds: int | Unset = 604800

    def to_dict(self) -> dict[str, Any]:
        kinds: list[str] | Unset = UNSET
        if not isinstance(self.kinds, Unset):
            kinds = []
            for kinds_item_data in self.kinds:
                kinds_item: str
                if isinstance(kinds_item_data, OfferPolicyKind):
                    kinds_item = kinds_item_data.value
                else:
                    kinds_item = kinds_item_data
                kinds.append(kinds_item)

        cooldown_moves = self.cooldown_moves

        max_pause_seconds = self.max_pause_seconds

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if kinds is not UNSET:
            field_dict["kinds"] = kinds
        if cooldown_moves is not UNSET:
            field_dict["cooldown_moves"] = cooldown_moves
        if max_pause_seconds is not UNSET:
            field_dict["max_pause_seconds"] = max_pause_seconds

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _kinds = d.pop("kinds", UNSET)
        kinds: list[OfferPolicyKind | str] | Unset = UNSET
        if _kinds is not UNSET:
            kinds = []
            for kinds_item_data in _kinds:

                def _parse_kinds_item(data: object) -> OfferPolicyKind | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        kinds_item_type_0 = OfferPolicyKind(data)

                        return kinds_item_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(OfferPolicyKind | str, data)

                kinds_item = _parse_kinds_item(kinds_item_data)

                kinds.append(kinds_item)

        cooldown_moves = d.pop("cooldown_moves", UNSET)

        max_pause_seconds = d.pop("max_pause_seconds", UNSET)

        offer_policy_request = cls(
            kinds=kinds,
            cooldown_moves=cooldown_moves,
            max_pause_seconds=max_pause_seconds,
        )

        return offer_policy_request
