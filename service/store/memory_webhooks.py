"""Webhooks in the embedded store: the same contract as on Redis, in this process's memory."""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from service.store.webhooks import NewDelivery


@dataclass
class _Webhook:
    fields: dict[str, str]
    deliveries: dict[str, tuple[int, str]] = field(default_factory=dict)
    """Delivery id -> (its place in the log, its record), oldest first."""
    open: set[str] = field(default_factory=set)
    """The deliveries still pending: never trimmed."""
    made: int = 0


class MemoryWebhooks:
    """The WebhookStore's methods; ``_lock`` is the store's one lock."""

    _lock: threading.RLock

    def __init__(self) -> None:
        self._webhooks: dict[str, dict[str, _Webhook]] = {}
        """Owner -> webhook id -> the webhook, oldest first."""
        self._due: dict[str, float] = {}

    def add_webhook(self, owner: str, webhook_id: str, fields: Mapping[str, str], at_most: int) -> bool:
        with self._lock:
            own = self._webhooks.setdefault(owner, {})
            if len(own) >= at_most:
                return False
            own[webhook_id] = _Webhook(dict(fields))
            return True

    def webhook_ids(self, owner: str) -> list[str]:
        with self._lock:
            return list(self._webhooks.get(owner, {}))

    def webhooks_of(self, owner: str) -> list[tuple[str, dict[str, str]]]:
        with self._lock:
            return [(webhook_id, dict(w.fields)) for webhook_id, w in self._webhooks.get(owner, {}).items()]

    def _webhook(self, owner: str, webhook_id: str) -> _Webhook | None:
        return self._webhooks.get(owner, {}).get(webhook_id)

    def load_webhook(self, owner: str, webhook_id: str) -> dict[str, str] | None:
        with self._lock:
            webhook = self._webhook(owner, webhook_id)
            return None if webhook is None else dict(webhook.fields)

    def update_webhook(self, owner: str, webhook_id: str, fields: Mapping[str, str]) -> bool:
        with self._lock:
            webhook = self._webhook(owner, webhook_id)
            if webhook is None:
                return False
            webhook.fields.update(fields)
            return True

    def delete_webhook(self, owner: str, webhook_id: str) -> bool:
        with self._lock:
            own = self._webhooks.get(owner, {})
            existed = own.pop(webhook_id, None) is not None
            if not own:
                self._webhooks.pop(owner, None)
            return existed

    def webhook_owners(self) -> frozenset[str]:
        with self._lock:
            return frozenset(self._webhooks)

    def add_deliveries(self, owner: str, deliveries: Sequence[NewDelivery], kept: int) -> list[str]:
        held = []
        with self._lock:
            for delivery in deliveries:
                if delivery.due:
                    self._due.setdefault(delivery.due, delivery.due_at)
            for delivery in deliveries:
                webhook = self._webhook(owner, delivery.webhook_id)
                if webhook is None:
                    held.append("")
                    continue
                if delivery.delivery_id not in webhook.deliveries:
                    webhook.made += 1
                    webhook.deliveries[delivery.delivery_id] = (webhook.made, delivery.record)
                    webhook.open.add(delivery.delivery_id)
                    over = len(webhook.deliveries) - kept
                    finished = [old for old in webhook.deliveries if old not in webhook.open][: max(0, over)]
                    for old in finished:
                        del webhook.deliveries[old]
                held.append(webhook.deliveries[delivery.delivery_id][1])
        return held

    def load_delivery(self, owner: str, webhook_id: str, delivery_id: str) -> str | None:
        with self._lock:
            webhook = self._webhook(owner, webhook_id)
            found = None if webhook is None else webhook.deliveries.get(delivery_id)
            return None if found is None else found[1]

    def load_attempt(
        self, owner: str, webhook_id: str, delivery_id: str
    ) -> tuple[dict[str, str] | None, str | None]:
        with self._lock:
            return self.load_webhook(owner, webhook_id), self.load_delivery(owner, webhook_id, delivery_id)

    def save_delivery(
        self, owner: str, webhook_id: str, delivery_id: str, record: str, pending: bool
    ) -> bool:
        with self._lock:
            webhook = self._webhook(owner, webhook_id)
            if webhook is None or delivery_id not in webhook.deliveries:
                return False
            webhook.deliveries[delivery_id] = (webhook.deliveries[delivery_id][0], record)
            if pending:
                webhook.open.add(delivery_id)
            else:
                webhook.open.discard(delivery_id)
            return True

    def finish_attempt(
        self,
        owner: str,
        webhook_id: str,
        delivery_id: str,
        record: str,
        webhook_fields: Mapping[str, str],
        due: str,
        next_at: float | None,
    ) -> None:
        with self._lock:
            if self.save_delivery(owner, webhook_id, delivery_id, record, next_at is not None):
                self.update_webhook(owner, webhook_id, webhook_fields)
            if next_at is None:
                self._due.pop(due, None)
            else:
                self._due[due] = next_at

    def list_deliveries(
        self, owner: str, webhook_id: str, before: int | None, limit: int
    ) -> tuple[list[str], int | None]:
        with self._lock:
            webhook = self._webhook(owner, webhook_id)
            kept = [] if webhook is None else list(reversed(webhook.deliveries.values()))
        listed = [(place, record) for place, record in kept if before is None or place < before]
        page = listed[:limit]
        more = len(listed) > limit and bool(page)
        return [record for _, record in page], page[-1][0] if more else None

    def schedule(self, due: str, at: float, only_new: bool = False) -> None:
        with self._lock:
            if not (only_new and due in self._due):
                self._due[due] = at

    def claim_due(self, now: float, count: int, lease: float) -> list[str]:
        with self._lock:
            ready = sorted((at, member) for member, at in self._due.items() if at <= now)[:count]
            for _, member in ready:
                self._due[member] = now + lease
            return [member for _, member in ready]

    def unschedule(self, due: str) -> None:
        with self._lock:
            self._due.pop(due, None)
