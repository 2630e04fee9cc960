from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="InvitationRequest")


@_attrs_define
class InvitationRequest:
    """How long the invitation is open.

    Attributes:
        expires_in (int | Unset): Seconds from now until the invitation expires (a week when left out; 1 minute to 30
            days). Default: 604800.
    """

    expires_in: int | Unset = 604800

    def to_dict(self) -> dict[str, Any]:
        expires_in = self.expires_in

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if expires_in is not UNSET:
            field_dict["expires_in"] = expires_in

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        expires_in = d.pop("expires_in", UNSET)

        invitation_request = cls(
            expires_in=expires_in,
        )

        return invitation_request
