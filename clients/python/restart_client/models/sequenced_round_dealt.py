from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.round_dealt_ones_placed_by import RoundDealtOnesPlacedBy


T = TypeVar("T", bound="SequencedRoundDealt")


@_attrs_define
class SequencedRoundDealt:
    """
    Attributes:
        type_ (Literal['round_dealt']):
        round_ (int):
        starter (int): A seat, in the order the players were named (0 first).
        hand_sizes (list[int]):
        ones_placed_by (RoundDealtOnesPlacedBy): The seat that placed each colour's 1; null where the 1 started the row
            (two players).
        seq (int):
    """

    type_: Literal["round_dealt"]
    round_: int
    starter: int
    hand_sizes: list[int]
    ones_placed_by: RoundDealtOnesPlacedBy
    seq: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        round_ = self.round_

        starter = self.starter

        hand_sizes = self.hand_sizes

        ones_placed_by = self.ones_placed_by.to_dict()

        seq = self.seq

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "round": round_,
                "starter": starter,
                "hand_sizes": hand_sizes,
                "ones_placed_by": ones_placed_by,
                "seq": seq,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.round_dealt_ones_placed_by import RoundDealtOnesPlacedBy  # noqa: PLC0415

        d = dict(src_dict)
        type_ = cast(Literal["round_dealt"], d.pop("type"))
        if type_ != "round_dealt":
            raise ValueError(f"type must match const 'round_dealt', got '{type_}'")

        round_ = d.pop("round")

        starter = d.pop("starter")

        hand_sizes = cast(list[int], d.pop("hand_sizes"))

        ones_placed_by = RoundDealtOnesPlacedBy.from_dict(d.pop("ones_placed_by"))

        seq = d.pop("seq")

        sequenced_round_dealt = cls(
            type_=type_,
            round_=round_,
            starter=starter,
            hand_sizes=hand_sizes,
            ones_placed_by=ones_placed_by,
            seq=seq,
        )

        sequenced_round_dealt.additional_properties = d
        return sequenced_round_dealt

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
