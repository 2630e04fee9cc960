from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.webhook_event_type import WebhookEventType

if TYPE_CHECKING:
    from ..models.webhook_payload_data import WebhookPayloadData


T = TypeVar("T", bound="WebhookPayload")


@_attrs_define
class WebhookPayload:
    """The body of a delivery (`webhooks.gameChange`).

    Attributes:
        type_ (WebhookEventType): The kind of change a delivery tells.
        timestamp (datetime.datetime): When the change was saved (UTC, milliseconds).
        data (WebhookPayloadData):
    """

    type_: WebhookEventType
    timestamp: datetime.datetime
    data: WebhookPayloadData

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

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
        type_ = WebhookEventType(d.pop("type"))

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        data = WebhookPayloadData.from_dict(d.pop("data"))

        webhook_payload = cls(
            type_=type_,
            timestamp=timestamp,
            data=data,
        )

        return webhook_payload
