from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.recorded_move import RecordedMove


T = TypeVar("T", bound="RecordRound")


@_attrs_define
class RecordRound:
    """One round, in the order it was played; what was dealt, who started, and its moves.

    Attributes:
        round_ (int): The round's number; the record's rounds are numbered 1, 2, ... in order.
        starter (int): A seat, in the order the players were named (0 first).
        hands (list[list[str] | None]): Each seat's tiles as dealt, by seat: its 1s included where the player count
            deals them
            (three and four players; with two the 1s start on the table). A hand the caller may not
            see is null: while the game is played, a seat's token sees its own hands only and a
            spectator's token none; the admin token and the owner's client key see every hand, and
            so does everyone once the game is finished. A record with a null hand does not replay
            (`hand_hidden`).
        box (list[str] | None): The tiles put back into the box unseen this round (none with four players); null where
            not known, or hidden from the caller: the box is seen with every hand only.
        moves (list[RecordedMove]): The round's moves in the order they were played.
    """

    round_: int
    starter: int
    hands: list[list[str] | None]
    box: list[str] | None
    moves: list[RecordedMove]

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        starter = self.starter

        hands = []
        for hands_item_data in self.hands:
            hands_item: list[str] | None
            if isinstance(hands_item_data, list):
                hands_item = hands_item_data

            else:
                hands_item = hands_item_data
            hands.append(hands_item)

        box: list[str] | None
        if isinstance(self.box, list):
            box = self.box

        else:
            box = self.box

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "round": round_,
                "starter": starter,
                "hands": hands,
                "box": box,
                "moves": moves,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.recorded_move import RecordedMove  # noqa: PLC0415

        d = dict(src_dict)
        round_ = d.pop("round")

        starter = d.pop("starter")

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:

            def _parse_hands_item(data: object) -> list[str] | None:
                if data is None:
                    return data
                try:
                    if not isinstance(data, list):
                        raise TypeError()
                    hands_item_type_0 = cast(list[str], data)

                    return hands_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(list[str] | None, data)

            hands_item = _parse_hands_item(hands_item_data)

            hands.append(hands_item)

        def _parse_box(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                box_type_0 = cast(list[str], data)

                return box_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        box = _parse_box(d.pop("box"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = RecordedMove.from_dict(moves_item_data)

            moves.append(moves_item)

        record_round = cls(
            round_=round_,
            starter=starter,
            hands=hands,
            box=box,
            moves=moves,
        )

        return record_round
