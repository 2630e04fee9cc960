from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.disabled_reason import DisabledReason
from ..models.webhook_event_type import WebhookEventType

T = TypeVar("T", bound="Webhook")


@_attrs_define
class Webhook:
    """
    Attributes:
        id (str): `wh_` and 16 URL-safe characters.
        url (str):
        events (list[str | WebhookEventType]):
        disabled (bool): No new deliveries are made (the endpoint answered 410, failed every delivery for the whole
            schedule, or has as many pending as it may).
        disabled_reason (DisabledReason | None | str): Why no deliveries go (null while they do).
        created_at (datetime.datetime):
    """

    id: str
    url: str
    events: list[str | WebhookEventType]
    disabled: bool
    disabled_reason: DisabledReason | None | str
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        events = []
        for events_item_data in self.events:
            events_item: str
            if isinstance(events_item_data, WebhookEventType):
                events_item = events_item_data.value
            else:
                events_item = events_item_data
            events.append(events_item)

        disabled = self.disabled

        disabled_reason: None | str
        if isinstance(self.disabled_reason, DisabledReason):
            disabled_reason = self.disabled_reason.value
        else:
            disabled_reason = self.disabled_reason

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "url": url,
                "events": events,
                "disabled": disabled,
                "disabled_reason": disabled_reason,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(data: object) -> str | WebhookEventType:
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    componentsschemas_told_event_type_type_0 = WebhookEventType(data)

                    return componentsschemas_told_event_type_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(str | WebhookEventType, data)

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        disabled = d.pop("disabled")

        def _parse_disabled_reason(data: object) -> DisabledReason | None | str:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_reason_type_0 = DisabledReason(data)

                return disabled_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DisabledReason | None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        webhook = cls(
            id=id,
            url=url,
            events=events,
            disabled=disabled,
            disabled_reason=disabled_reason,
            created_at=created_at,
        )

        return webhook
