from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.end_reason import EndReason
from ..models.game_status import GameStatus
from ..models.record_flaw_code import RecordFlawCode
from ..types import UNSET, Unset

T = TypeVar("T", bound="RecordVerdict")


@_attrs_define
class RecordVerdict:
    """What the rules make of a record: `valid: true` with the result they compute (`status`,
    `winners`, `end_reason`, `scores`, `rounds`), or `valid: false` with the record's first
    flaw (`round`, `move_index`, `code`, `detail`). Every member but `valid` is present in one
    of the two answers only, as each one's description says.

        Attributes:
            valid (bool): Whether the record replays on the rules, to the result it claims.
            status (GameStatus | Unset): Whether a game is still being played.
            winners (list[int] | Unset): With `valid: true`, the winners' seats; empty while the game is not over.
            end_reason (EndReason | None | str | Unset): With `valid: true`, why the game ended; null while it is not over.
            scores (list[int] | Unset): With `valid: true`, each seat's minus points over the scored rounds, by seat.
            rounds (int | Unset): With `valid: true`, how many rounds the record holds, all replayed.
            round_ (int | None | Unset): With `valid: false`, the round the flaw is in (for `result_differs`, the record's
                last
                round); null for a flaw of no round.
            move_index (int | None | Unset): With `valid: false`, where in the round's `moves` the flaw is, from 0; null for
                a flaw
                that is no move's (a deal, a round out of place, a result). For `round_not_over`, the
                number of the round's moves: the round needed more.
            code (RecordFlawCode | str | Unset): With `valid: false`, a `RecordFlawCode`, or a code added after this
                contract (read it as a
                string).
            detail (str | Unset): With `valid: false`, the flaw in a sentence, in the request's language.
    """

    valid: bool
    status: GameStatus | Unset = UNSET
    winners: list[int] | Unset = UNSET
    end_reason: EndReason | None | str | Unset = UNSET
    scores: list[int] | Unset = UNSET
    rounds: int | Unset = UNSET
    round_: int | None | Unset = UNSET
    move_index: int | None | Unset = UNSET
    code: RecordFlawCode | str | Unset = UNSET
    detail: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        valid = self.valid

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        winners: list[int] | Unset = UNSET
        if not isinstance(self.winners, Unset):
            winners = self.winners

        end_reason: None | str | Unset
        if isinstance(self.end_reason, Unset):
            end_reason = UNSET
        elif isinstance(self.end_reason, EndReason):
            end_reason = self.end_reason.value
        else:
            end_reason = self.end_reason

        scores: list[int] | Unset = UNSET
        if not isinstance(self.scores, Unset):
            scores = self.scores

        rounds = self.rounds

        round_: int | None | Unset
        if isinstance(self.round_, Unset):
            round_ = UNSET
        else:
            round_ = self.round_

        move_index: int | None | Unset
        if isinstance(self.move_index, Unset):
            move_index = UNSET
        else:
            move_index = self.move_index

        code: str | Unset
        if isinstance(self.code, Unset):
            code = UNSET
        elif isinstance(self.code, RecordFlawCode):
            code = self.code.value
        else:
            code = self.code

        detail = self.detail

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "valid": valid,
            }
        )
        if status is not UNSET:
            field_dict["status"] = status
        if winners is not UNSET:
            field_dict["winners"] = winners
        if end_reason is not UNSET:
            field_dict["end_reason"] = end_reason
        if scores is not UNSET:
            field_dict["scores"] = scores
        if rounds is not UNSET:
            field_dict["rounds"] = rounds
        if round_ is not UNSET:
            field_dict["round"] = round_
        if move_index is not UNSET:
            field_dict["move_index"] = move_index
        if code is not UNSET:
            field_dict["code"] = code
        if detail is not UNSET:
            field_dict["detail"] = detail

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        valid = d.pop("valid")

        _status = d.pop("status", UNSET)
        status: GameStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = GameStatus(_status)

        winners = cast(list[int], d.pop("winners", UNSET))

        def _parse_end_reason(data: object) -> EndReason | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_reason_type_0 = EndReason(data)

                return end_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EndReason | None | str | Unset, data)

        end_reason = _parse_end_reason(d.pop("end_reason", UNSET))

        scores = cast(list[int], d.pop("scores", UNSET))

        rounds = d.pop("rounds", UNSET)

        def _parse_round_(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        round_ = _parse_round_(d.pop("round", UNSET))

        def _parse_move_index(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        move_index = _parse_move_index(d.pop("move_index", UNSET))

        def _parse_code(data: object) -> RecordFlawCode | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                code_type_0 = RecordFlawCode(data)

                return code_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(RecordFlawCode | str | Unset, data)

        code = _parse_code(d.pop("code", UNSET))

        detail = d.pop("detail", UNSET)

        record_verdict = cls(
            valid=valid,
            status=status,
            winners=winners,
            end_reason=end_reason,
            scores=scores,
            rounds=rounds,
            round_=round_,
            move_index=move_index,
            code=code,
            detail=detail,
        )

        record_verdict.additional_properties = d
        return record_verdict

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
