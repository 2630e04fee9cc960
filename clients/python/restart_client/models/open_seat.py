from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="OpenSeat")


@_attrs_define
class OpenSeat:
    """A seat left open, for whoever claims its invitation (`claimTableSeat`).

    Attributes:
        open_ (bool):
        name (None | str | Unset): The seat's name until someone claims it (absent or null, `Player <n>`, n its seat
            plus 1).
    """

    open_: bool
    name: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        open_ = self.open_

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "open": open_,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        open_ = d.pop("open")

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        open_seat = cls(
            open_=open_,
            name=name,
        )

        return open_seat
