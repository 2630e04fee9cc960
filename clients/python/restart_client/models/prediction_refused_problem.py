from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.problem_code import ProblemCode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_errors import ProblemErrors


T = TypeVar("T", bound="PredictionRefusedProblem")


@_attrs_define
class PredictionRefusedProblem:
    """A request that does not match the contract, or a bot level the service does not play.

    Attributes:
        type_ (str): `https://restart.example/problems/<code>`
        title (str):
        status (int):
        detail (str):
        code (ProblemCode | str): A `ProblemCode`, or a code added after this contract (read it as a string).
        errors (ProblemErrors | Unset): For `invalid_request`, field path -> messages.
        problems (list[str] | Unset): For `invalid_snapshot`, every fault found.
        retry_after (int | Unset): For `rate_limited`, `concurrency_limited` and `streams_limited`, the seconds to wait
            (as in `Retry-After`).
    """

    type_: str
    title: str
    status: int
    detail: str
    code: ProblemCode | str
    errors: ProblemErrors | Unset = UNSET
    problems: list[str] | Unset = UNSET
    retry_after: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        code: str
        if isinstance(self.code, ProblemCode):
            code = self.code.value
        else:
            code = self.code

        errors: dict[str, Any] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = self.errors.to_dict()

        problems: list[str] | Unset = UNSET
        if not isinstance(self.problems, Unset):
            problems = self.problems

        retry_after = self.retry_after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "title": title,
                "status": status,
                "detail": detail,
                "code": code,
            }
        )
        if errors is not UNSET:
            field_dict["errors"] = errors
        if problems is not UNSET:
            field_dict["problems"] = problems
        if retry_after is not UNSET:
            field_dict["retry_after"] = retry_after

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem_errors import ProblemErrors  # noqa: PLC0415

        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        def _parse_code(data: object) -> ProblemCode | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                code_type_0 = ProblemCode(data)

                return code_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ProblemCode | str, data)

        code = _parse_code(d.pop("code"))

        _errors = d.pop("errors", UNSET)
        errors: ProblemErrors | Unset
        if isinstance(_errors, Unset):
            errors = UNSET
        else:
            errors = ProblemErrors.from_dict(_errors)

        problems = cast(list[str], d.pop("problems", UNSET))

        retry_after = d.pop("retry_after", UNSET)

        prediction_refused_problem = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            code=code,
            errors=errors,
            problems=problems,
            retry_after=retry_after,
        )

        prediction_refused_problem.additional_properties = d
        return prediction_refused_problem

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
