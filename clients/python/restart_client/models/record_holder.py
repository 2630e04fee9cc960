from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RecordHolder")


@_attrs_define
class RecordHolder:
    """
    Attributes:
        name (str): Kept exactly as sent (nothing is trimmed); control characters are refused.
        from_version (int): The version whose change gave the holder the seat (1, the creation).
        until_version (int | None | Unset): The version whose change took the seat from the holder; null or absent, to
            the end.
        left (bool | Unset): The holder left the game for good at `until_version`. Default: False.
    """

    name: str
    from_version: int
    until_version: int | None | Unset = UNSET
    left: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        from_version = self.from_version

        until_version: int | None | Unset
        if isinstance(self.until_version, Unset):
            until_version = UNSET
        else:
            until_version = self.until_version

        left = self.left

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "from_version": from_version,
            }
        )
        if until_version is not UNSET:
            field_dict["until_version"] = until_version
        if left is not UNSET:
            field_dict["left"] = left

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        from_version = d.pop("from_version")

        def _parse_until_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        until_version = _parse_until_version(d.pop("until_version", UNSET))

        left = d.pop("left", UNSET)

        record_holder = cls(
            name=name,
            from_version=from_version,
            until_version=until_version,
            left=left,
        )

        return record_holder
