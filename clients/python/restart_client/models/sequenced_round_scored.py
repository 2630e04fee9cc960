from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.round_scored_reason import RoundScoredReason

T = TypeVar("T", bound="SequencedRoundScored")


@_attrs_define
class SequencedRoundScored:
    """
    Attributes:
        type_ (Literal['round_scored']):
        round_ (int):
        reason (RoundScoredReason | str): Why the round ended, or a reason added after this contract.
        minus_points (list[int]):
        totals (list[int]):
        seq (int):
    """

    type_: Literal["round_scored"]
    round_: int
    reason: RoundScoredReason | str
    minus_points: list[int]
    totals: list[int]
    seq: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        round_ = self.round_

        reason: str
        if isinstance(self.reason, RoundScoredReason):
            reason = self.reason.value
        else:
            reason = self.reason

        minus_points = self.minus_points

        totals = self.totals

        seq = self.seq

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "round": round_,
                "reason": reason,
                "minus_points": minus_points,
                "totals": totals,
                "seq": seq,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["round_scored"], d.pop("type"))
        if type_ != "round_scored":
            raise ValueError(f"type must match const 'round_scored', got '{type_}'")

        round_ = d.pop("round")

        def _parse_reason(data: object) -> RoundScoredReason | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reason_type_0 = RoundScoredReason(data)

                return reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(RoundScoredReason | str, data)

        reason = _parse_reason(d.pop("reason"))

        minus_points = cast(list[int], d.pop("minus_points"))

        totals = cast(list[int], d.pop("totals"))

        seq = d.pop("seq")

        sequenced_round_scored = cls(
            type_=type_,
            round_=round_,
            reason=reason,
            minus_points=minus_points,
            totals=totals,
            seq=seq,
        )

        sequenced_round_scored.additional_properties = d
        return sequenced_round_scored

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
