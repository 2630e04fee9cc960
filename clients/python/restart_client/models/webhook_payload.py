from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_event_type import WebhookEventType

if TYPE_CHECKING:
    from ..models.webhook_payload_data import WebhookPayloadData


T = TypeVar("T", bound="WebhookPayload")


@_attrs_define
class WebhookPayload:
    """The body of a delivery (`webhooks.gameChange`).

    Attributes:
        type_ (str | WebhookEventType): A `WebhookEventType`, or a type added after this contract (read it as a string).
        timestamp (datetime.datetime): When the change was saved (UTC, milliseconds).
        data (WebhookPayloadData):
    """

    type_: str | WebhookEventType
    timestamp: datetime.datetime
    data: WebhookPayloadData

    def to_dict(self) -> dict[str, Any]:
        type_: str
        if isinstance(self.type_, WebhookEventType):
            type_ = self.type_.value
        else:
            type_ = self.type_

        timestamp = self.timestamp.isoformat()

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "timestamp": timestamp,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_payload_data import WebhookPayloadData  # noqa: PLC0415

        d = dict(src_dict)

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

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        data = WebhookPayloadData.from_dict(d.pop("data"))

        webhook_payload = cls(
            type_=type_,
            timestamp=timestamp,
            data=data,
        )

        return webhook_payload
