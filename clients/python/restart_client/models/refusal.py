from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.illegal_code import IllegalCode

T = TypeVar("T", bound="Refusal")


@_attrs_define
class Refusal:
    """
    Attributes:
        legal (Literal[False]):
        code (IllegalCode | str): An `IllegalCode`, or a code added after this contract (read it as a string).
        detail (str):
    """

    legal: Literal[False]
    code: IllegalCode | str
    detail: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        legal = self.legal

        code: str
        if isinstance(self.code, IllegalCode):
            code = self.code.value
        else:
            code = self.code

        detail = self.detail

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "legal": legal,
                "code": code,
                "detail": detail,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        legal = cast(Literal[False], d.pop("legal"))
        if legal != False:
            raise ValueError(f"legal must match const False, got '{legal}'")

        def _parse_code(data: object) -> IllegalCode | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                code_type_0 = IllegalCode(data)

                return code_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IllegalCode | str, data)

        code = _parse_code(d.pop("code"))

        detail = d.pop("detail")

        refusal = cls(
            legal=legal,
            code=code,
            detail=detail,
        )

        refusal.additional_properties = d
        return refusal

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
