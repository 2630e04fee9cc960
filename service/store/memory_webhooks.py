"""Webhooks in the embedded store: the same contract as on Redis, in this process's memory."""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from service.store.webhooks import BACKLOG, AttemptRecord, NewDelivery


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

    def webhooks_of(self, owners: Sequence[str]) -> dict[str, list[tuple[str, dict[str, str]]]]:
        with self._lock:
            return {
                owner: [
                    (webhook_id, dict(w.fields)) for webhook_id, w in self._webhooks.get(owner, {}).items()
                ]
                for owner in owners
            }

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

    def add_deliveries(
        self, batch: Mapping[str, Sequence[NewDelivery]], kept: int, max_pending: int
    ) -> dict[str, list[str]]:
        with self._lock:
            for deliveries in batch.values():
                for delivery in deliveries:
                    if delivery.due:
                        self._due.setdefault(delivery.due, delivery.due_at)
            return {
                owner: [self._add_delivery(owner, delivery, kept, max_pending) for delivery in deliveries]
                for owner, deliveries in batch.items()
                if deliveries
            }

    def _add_delivery(self, owner: str, delivery: NewDelivery, kept: int, max_pending: int) -> str:
        webhook = self._webhook(owner, delivery.webhook_id)
        if webhook is None:
            return ""
        if delivery.delivery_id in webhook.deliveries:
            return webhook.deliveries[delivery.delivery_id][1]
        if webhook.fields.get("disabled_reason") == BACKLOG:
            return ""
        if len(webhook.open) >= max_pending:
            webhook.fields["disabled_reason"] = BACKLOG
            return ""
        webhook.made += 1
        webhook.deliveries[delivery.delivery_id] = (webhook.made, delivery.record)
        webhook.open.add(delivery.delivery_id)
        over = len(webhook.deliveries) - kept
        for old in [old for old in webhook.deliveries if old not in webhook.open][: max(0, over)]:
            del webhook.deliveries[old]
        return delivery.record

    def load_delivery(self, owner: str, webhook_id: str, delivery_id: str) -> str | None:
        with self._lock:
            webhook = self._webhook(owner, webhook_id)
            found = None if webhook is None else webhook.deliveries.get(delivery_id)
            return None if found is None else found[1]

    def load_attempts(self, dues: Sequence[str]) -> tuple[dict[str, dict[str, str] | None], list[str | None]]:
        webhooks: dict[str, dict[str, str] | None] = {}
        records: list[str | None] = []
        with self._lock:
            for due in dues:
                owner, webhook_id, delivery_id = due.split("/", 2)
                webhooks[f"{owner}/{webhook_id}"] = self.load_webhook(owner, webhook_id)
                records.append(self.load_delivery(owner, webhook_id, delivery_id))
        return webhooks, records

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

    def record_attempts(self, records: Sequence[AttemptRecord], max_pending: int) -> None:
        by_webhook: dict[tuple[str, str], list[AttemptRecord]] = {}
        for r in records:
            if r.record is not None:
                by_webhook.setdefault((r.owner, r.webhook_id), []).append(r)
        with self._lock:
            for (owner, webhook_id), made in by_webhook.items():
                saved = [
                    r
                    for r in made
                    if self.save_delivery(
                        owner, webhook_id, r.delivery_id, r.record or "", r.next_at is not None
                    )
                ]
                webhook = self._webhook(owner, webhook_id)
                if not saved or webhook is None:
                    continue
                for r in made:  # in the attempts' order: a later one's field wins
                    webhook.fields.update(r.webhook_fields)
                if webhook.fields.get("disabled_reason") == BACKLOG and len(webhook.open) <= max_pending // 2:
                    webhook.fields["disabled_reason"] = ""

    def settle_due(self, records: Sequence[AttemptRecord]) -> None:
        with self._lock:
            for r in records:
                if r.next_at is None:
                    self._due.pop(r.due, None)
                else:
                    self._due[r.due] = r.next_at

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
