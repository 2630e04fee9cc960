"""Deliveries: a game's change fanned out to its owner's webhooks, each attempt made and recorded, the
log read and a delivery sent again.

At least once: a change's deliveries are made with ids drawn from the change itself (fanning it out
twice makes them once); an attempt is claimed from the due set with a lease and taken out of it only
once its outcome is recorded, so a worker that dies mid-attempt leaves it due again. A delivery keeps
its id (its ``webhook-id``) across attempts, so receivers de-duplicate by it.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from service.encoding import dumps, loads_trusted
from service.play.errors import WebhookNotFound
from service.play.outbox import Change
from service.play.webhooks import (
    KEPT_DELIVERIES,
    Webhook,
    load_webhook,
    owner_webhooks,
    read_webhook,
    timestamp,
)
from service.settings import WebhookSettings
from service.store import NewDelivery, Store
from service.webhooks.schedule import next_attempt_at
from service.webhooks.sender import Attempt, send
from service.webhooks.signing import signed_headers

CLAIM_MARGIN = 10.0
"""Seconds a claimed delivery stays its worker's past its attempt's longest time, by default (the
worker's own lease, ``WORKER_LEASE_SECONDS``); then it is due again."""
AT_ONCE = 0.0
"""A due time before any other: due now on every clock."""
GONE = "gone"
"""Why a webhook is disabled: its endpoint answered 410 Gone."""
FAILING = "failing"
"""Why a webhook is disabled: every delivery failed for the whole retry schedule."""

Send = Callable[[str, bytes, Mapping[str, str], WebhookSettings], Attempt]


@dataclass(frozen=True, slots=True)
class Delivery:
    id: str
    webhook_id: str
    type: str
    game_id: str
    body: str
    created_at: float
    status: str = "pending"
    """``pending``, ``delivered`` or ``failed``."""
    attempts: int = 0
    scheduled_from: int = 0
    """Attempts made before the schedule (re)started: a retry asked by hand gets the whole schedule."""
    last_status_code: int | None = None
    last_error: str | None = None
    next_attempt_at: float | None = None
    first_attempt_at: float | None = None

    def text(self) -> str:
        return dumps({name: getattr(self, name) for name in RECORD_FIELDS})

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "type": self.type,
            "game_id": self.game_id,
            "status": self.status,
            "attempts": self.attempts,
            "last_status_code": self.last_status_code,
            "last_error": self.last_error,
            "next_attempt_at": timestamp(self.next_attempt_at),
            "created_at": timestamp(self.created_at),
        }


RECORD_FIELDS = tuple(field.name for field in fields(Delivery))
"""A record's fields, in order (``dataclasses.asdict`` deep-copies: slower, for flat records)."""


def read_delivery(text: str) -> Delivery:
    return Delivery(**loads_trusted(text))


def claim_lease(settings: WebhookSettings, margin: float = CLAIM_MARGIN) -> float:
    """How long a claimed delivery is its worker's: longer than its attempt can take."""
    return settings.attempt_timeout + margin


def due_member(owner: str, webhook_id: str, delivery_id: str) -> str:
    return f"{owner}/{webhook_id}/{delivery_id}"


def delivery_id(webhook_id: str, change: Change) -> str:
    """The same for the same change to the same webhook (a change fanned out twice is delivered once)."""
    made = f"{webhook_id}|{change.game_id}|{change.type}|{change.version}".encode()
    return "msg_" + hashlib.sha256(made).hexdigest()[:26]


def change_body(change: Change) -> str:
    """``{"type", "timestamp", "data": {"game_id", "version", "events"}}``, events as the log gives them."""
    head = dumps({"type": change.type, "timestamp": timestamp(change.at)})[:-1]
    data = dumps({"game_id": change.game_id, "version": change.version})[:-1]
    return f'{head},"data":{data},"events":[{",".join(change.events)}]}}}}'


@dataclass(frozen=True, slots=True)
class Claimed:
    """A claimed delivery with what its attempt needs (``attempt_claimed``)."""

    due: str
    webhook: Webhook
    delivery: Delivery


def fan_out(
    store: Store,
    change: Change,
    now: float | None = None,
    claim: Callable[[int], int] = lambda count: 0,
    lease: float = 0.0,
) -> list[Claimed]:
    """The change's deliveries to its owner's enabled webhooks that want its type, due ``now`` (the
    wall clock's by default). ``claim(n)`` says how many of the ``n`` the caller attempts itself at
    once (its free senders): those are due only ``lease`` seconds later (claimed, as ``claim_due``
    would: a worker that dies leaves them due) and are returned, the others wait to be claimed."""
    wanting = [webhook for webhook in owner_webhooks(store, change.owner) if webhook.wants(change.type)]
    if not wanting:
        return []
    now, body = time.time() if now is None else now, change_body(change)
    made = [
        Delivery(
            delivery_id(webhook.id, change), webhook.id, change.type, change.game_id, body, now,
            next_attempt_at=now,
        )
        for webhook in wanting
    ]  # fmt: skip
    dues = [due_member(change.owner, delivery.webhook_id, delivery.id) for delivery in made]
    taken = claim(len(made))
    new = [
        NewDelivery(delivery.webhook_id, delivery.id, delivery.text(), due, now + lease if n < taken else now)
        for n, (delivery, due) in enumerate(zip(made, dues, strict=True))
    ]
    held = store.add_deliveries(change.owner, new, KEPT_DELIVERIES)
    return [  # the first ``taken``, each as the log now holds it (skipped: its webhook is gone)
        Claimed(due, webhook, read_delivery(text))
        for due, webhook, text in zip(dues[:taken], wanting, held, strict=False)
        if text
    ]


def attempt(
    store: Store, due: str, settings: WebhookSettings, rng: random.Random, sender: Send = send
) -> Delivery | None:
    """One attempt of the claimed delivery ``due``, recorded; then out of the due set, or due again at
    the schedule's next time. None: nothing to attempt (its webhook or the delivery is gone, disabled,
    or done)."""
    owner, webhook_id, delivery_id_ = due.split("/", 2)
    found, text = store.load_attempt(owner, webhook_id, delivery_id_)
    if found is None or text is None:
        store.unschedule(due)
        return None
    claimed = Claimed(due, read_webhook(owner, webhook_id, found), read_delivery(text))
    return attempt_claimed(store, claimed, settings, rng, sender)


def attempt_claimed(
    store: Store, claimed: Claimed, settings: WebhookSettings, rng: random.Random, sender: Send = send
) -> Delivery | None:
    """``attempt`` of a delivery whose webhook and record are at hand (just read, or just made)."""
    due, webhook, delivery = claimed.due, claimed.webhook, claimed.delivery
    owner, webhook_id = webhook.owner, webhook.id
    if delivery.status != "pending":
        store.unschedule(due)
        return None
    if webhook.disabled_reason is not None:
        stopped = replace(
            delivery, status="failed", last_error="the webhook is disabled", next_attempt_at=None
        )
        store.finish_attempt(owner, webhook_id, delivery.id, stopped.text(), {}, due, None)
        return None
    started = time.time()
    body = delivery.body.encode()
    headers = signed_headers(delivery.id, int(started), body, webhook.signing_secrets(started))
    outcome = sender(webhook.url, body, headers, settings)
    done = time.time()
    made = delivery.attempts + 1
    recorded = replace(
        delivery,
        attempts=made,
        last_status_code=outcome.status_code,
        last_error=outcome.error,
        first_attempt_at=delivery.first_attempt_at or started,
    )
    following, told = None, {}
    if outcome.delivered:
        recorded = replace(recorded, status="delivered", next_attempt_at=None)
        told = {"last_delivered_at": repr(done)}
    elif outcome.gone:
        recorded = replace(recorded, status="failed", next_attempt_at=None)
        told = {"disabled_reason": GONE}
    else:
        following = next_attempt_at(made - delivery.scheduled_from, done, settings.retry_schedule, rng)
        recorded = replace(recorded, status="pending" if following else "failed", next_attempt_at=following)
        if following is None and _failing_since(webhook, recorded):
            told = {"disabled_reason": FAILING}
    store.finish_attempt(owner, webhook_id, delivery.id, recorded.text(), told, due, following)
    return recorded


def _failing_since(webhook: Webhook, failed: Delivery) -> bool:
    """Nothing was delivered to the webhook since this delivery's first attempt: it failed for the
    whole schedule, and so did every other in that time."""
    first = failed.first_attempt_at or failed.created_at
    return webhook.last_delivered_at is None or webhook.last_delivered_at < first


def list_deliveries(
    store: Store, owner: str, webhook_id: str, cursor: int | None, limit: int
) -> tuple[list[Delivery], int | None]:
    """The webhook's kept deliveries, newest first, a page at a time."""
    load_webhook(store, owner, webhook_id)
    texts, following = store.list_deliveries(owner, webhook_id, cursor, limit)
    return [read_delivery(text) for text in texts], following


def retry_delivery(store: Store, owner: str, webhook_id: str, delivery_id_: str, now: float) -> Delivery:
    """The delivery sent again, with its id and the whole schedule, due at once (first in the due set,
    whatever the clock: ``now`` is what the record says); a disabled webhook is enabled again by it
    (a retry says the endpoint is back)."""
    webhook = load_webhook(store, owner, webhook_id)
    text = store.load_delivery(owner, webhook_id, delivery_id_)
    if text is None:
        raise WebhookNotFound("delivery")
    if webhook.disabled_reason is not None:
        store.update_webhook(owner, webhook_id, {"disabled_reason": ""})
    delivery = read_delivery(text)
    again = replace(delivery, status="pending", scheduled_from=delivery.attempts, next_attempt_at=now)
    if not store.save_delivery(owner, webhook_id, delivery.id, again.text(), pending=True):
        raise WebhookNotFound("delivery")
    store.schedule(due_member(owner, webhook_id, delivery.id), AT_ONCE)
    return again
