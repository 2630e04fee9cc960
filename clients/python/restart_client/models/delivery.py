from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.delivery_status import DeliveryStatus
from ..models.webhook_event_type import WebhookEventType

T = TypeVar("T", bound="Delivery")


@_attrs_define
class Delivery:
    """
    Attributes:
        id (str): The delivery's `webhook-id`, the same on every attempt.
        type_ (str | WebhookEventType): A `WebhookEventType`, or a type added after this contract (read it as a string).
        game_id (str): 22 URL-safe characters.
        status (DeliveryStatus | str): `pending` (attempts go on), `delivered` or `failed` (no more attempts), or a
            status added after this contract.
        attempts (int):
        last_status_code (int | None):
        last_error (None | str): Why the last attempt got no answer (a timeout, a refused connection...).
        next_attempt_at (datetime.datetime | None):
        created_at (datetime.datetime):
    """

    id: str
    type_: str | WebhookEventType
    game_id: str
    status: DeliveryStatus | str
    attempts: int
    last_status_code: int | None
    last_error: None | str
    next_attempt_at: datetime.datetime | None
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_: str
        if isinstance(self.type_, WebhookEventType):
            type_ = self.type_.value
        else:
            type_ = self.type_

        game_id = self.game_id

        status: str
        if isinstance(self.status, DeliveryStatus):
            status = self.status.value
        else:
            status = self.status

        attempts = self.attempts

        last_status_code: int | None
        last_status_code = self.last_status_code

        last_error: None | str
        last_error = self.last_error

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "type": type_,
                "game_id": game_id,
                "status": status,
                "attempts": attempts,
                "last_status_code": last_status_code,
                "last_error": last_error,
                "next_attempt_at": next_attempt_at,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_type_(data: object) -> str | WebhookEventType:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_told_event_type_type_0 = WebhookEventType(data)

                return componentsschemas_told_event_type_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(str | WebhookEventType, data)

        type_ = _parse_type_(d.pop("type"))

        game_id = d.pop("game_id")

        def _parse_status(data: object) -> DeliveryStatus | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_0 = DeliveryStatus(data)

                return status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DeliveryStatus | str, data)

        status = _parse_status(d.pop("status"))

        attempts = d.pop("attempts")

        def _parse_last_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status_code = _parse_last_status_code(d.pop("last_status_code"))

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("last_error"))

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        delivery = cls(
            id=id,
            type_=type_,
            game_id=game_id,
            status=status,
            attempts=attempts,
            last_status_code=last_status_code,
            last_error=last_error,
            next_attempt_at=next_attempt_at,
            created_at=created_at,
        )

        return delivery
