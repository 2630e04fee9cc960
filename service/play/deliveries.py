"""Deliveries: a game's change fanned out to its owner's webhooks, each attempt made and recorded, the
log read and a delivery sent again.

At least once: a change's deliveries are made with ids drawn from the change itself (fanning it out
twice makes them once); an attempt is claimed from the due set with a lease and taken out of it only
once its outcome is recorded, so a worker that dies mid-attempt leaves it due again. A delivery keeps
its id (its ``webhook-id``) across attempts, so receivers de-duplicate by it.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from service.encoding import dumps, loads_trusted
from service.play.outbox import Change
from service.play.refusals import WebhookNotFound
from service.play.webhook_management import KEPT_DELIVERIES, Webhook, load_webhook, read_webhook, timestamp
from service.store import NewDelivery, Store
from service.store.webhooks import BACKLOG, AttemptRecord
from service.webhooks.config import WebhookSettings
from service.webhooks.schedule import next_attempt_at
from service.webhooks.signing import signed_headers
from service.webhooks.transport import Attempt

CLAIM_MARGIN = 10.0
"""Seconds a claimed delivery stays its worker's past its attempt's longest time, by default (the
worker's own lease, ``WORKER_LEASE_SECONDS``); then it is due again."""
IN_ORDER = 1e-6
"""Seconds between the due times of a fan-out's deliveries, so that the due set gives them in order."""
AT_ONCE = 0.0
"""A due time before any other: due now on every clock."""
GONE = "gone"
"""Why a webhook is disabled: its endpoint answered 410 Gone."""
FAILING = "failing"
"""Why a webhook is disabled: every delivery failed for the whole retry schedule."""

Send = Callable[[str, bytes, Mapping[str, str], WebhookSettings], Attempt]
"""One attempt over the network (``webhooks.transport.Transport.send``)."""


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
    """``{"type", "timestamp", "data": {"game_id", "version", "turn"?, "events"}}``, events as the log
    gives them; ``turn`` a ``turn.started``'s."""
    head = dumps({"type": change.type, "timestamp": timestamp(change.at)})[:-1]
    data_fields: dict[str, Any] = {"game_id": change.game_id, "version": change.version}
    if change.turn is not None:
        data_fields["turn"] = change.turn
    data = dumps(data_fields)[:-1]
    return f'{head},"data":{data},"events":{change.events}}}}}'


@dataclass(frozen=True, slots=True)
class Claimed:
    """A claimed delivery with what its attempt needs: its webhook and record as just read or just
    made (None: gone, nothing to attempt)."""

    due: str
    webhook: Webhook | None
    delivery: Delivery | None
    until: float = math.inf
    """The monotonic time after which its attempt is not begun: it could outlast the claim (left to
    lapse instead, due again for any worker, so that no two attempts of it overlap)."""


def _begin_by(lease: float, settings: WebhookSettings) -> float:
    return time.monotonic() + lease - settings.attempt_timeout


def fan_out(
    store: Store,
    changes: Sequence[Change],
    settings: WebhookSettings,
    now: float | None = None,
    room: int = 0,
    lease: float = 0.0,
) -> list[Claimed]:
    """The changes' deliveries to their owners' enabled webhooks that want their type, due ``now``
    (the wall clock's by default), in two round trips whatever their number (the owners' webhooks
    read, the deliveries added). The first ``room`` are claimed for the caller, who attempts them at
    once: those are due only ``lease`` seconds later (a worker that dies leaves them due) and are
    returned, the others wait in the due set."""
    owners = list(dict.fromkeys(change.owner for change in changes))
    hooks = {
        owner: [read_webhook(owner, webhook_id, fields) for webhook_id, fields in found]
        for owner, found in store.webhooks_of(owners).items()
    }
    now = time.time() if now is None else now
    batch: dict[str, list[NewDelivery]] = {}
    made: list[tuple[Webhook, Delivery, NewDelivery]] = []
    for change in changes:
        wanting = [webhook for webhook in hooks.get(change.owner, ()) if webhook.wants(change.type)]
        body = change_body(change) if wanting else ""
        for webhook in wanting:
            delivery = Delivery(
                delivery_id(webhook.id, change), webhook.id, change.type, change.game_id, body, now,
                next_attempt_at=now,
            )  # fmt: skip
            due = due_member(change.owner, webhook.id, delivery.id)
            # due in the changes' order (a microsecond apart): claimed in it, so a game's go in order
            due_at = (now + lease if len(made) < room else now) + len(made) * IN_ORDER
            new = NewDelivery(webhook.id, delivery.id, delivery.text(), due, due_at)
            made.append((webhook, delivery, new))
            batch.setdefault(change.owner, []).append(new)
    if not made:
        return []
    held = store.add_deliveries(batch, KEPT_DELIVERIES, settings.max_pending)
    # ``made`` is in the order of ``changes``, ``held`` by owner: paired through the due members.
    by_due = {new.due: text for owner in batch for new, text in zip(batch[owner], held[owner], strict=True)}
    until = _begin_by(lease, settings)
    return [  # the first ``room``, each as the log now holds it (skipped: its webhook is gone or paused)
        Claimed(
            new.due,
            webhook,
            delivery if by_due[new.due] == new.record else read_delivery(by_due[new.due]),
            until,
        )
        for webhook, delivery, new in made[:room]
        if by_due[new.due]
    ]


def claimed_from(store: Store, dues: Sequence[str], settings: WebhookSettings, lease: float) -> list[Claimed]:
    """Due members just claimed for ``lease`` seconds, each with its webhook and record (one round
    trip for all)."""
    until = _begin_by(lease, settings)
    found, records = store.load_attempts(dues)
    webhooks = {}
    for hook, hook_fields in found.items():
        owner, webhook_id = hook.split("/", 1)
        webhooks[hook] = None if hook_fields is None else read_webhook(owner, webhook_id, hook_fields)
    claimed = []
    for due, text in zip(dues, records, strict=True):
        webhook = webhooks[due.rsplit("/", 1)[0]]
        delivery = None if text is None or webhook is None else read_delivery(text)
        claimed.append(Claimed(due, webhook, delivery, until))
    return claimed


def attempt_all(
    store: Store,
    claimed: Sequence[Claimed],
    settings: WebhookSettings,
    rng: random.Random,
    send: Send,
) -> list[Delivery | None]:
    """One attempt of each claimed delivery by ``send``, one after the other; then their outcomes
    recorded in one round trip and, after that, each taken out of the due set or due again at the
    schedule's next time (a worker that dies in between attempts them again, under the same id). What
    each attempt came to, None for one with nothing to attempt (its webhook or the delivery gone, or
    done; a stopped webhook fails it); one whose claim is too old to begin is left out, to lapse."""
    made: list[tuple[AttemptRecord, Delivery | None]] = []
    stopped: set[str] = set()  # webhooks this batch's attempts disabled: the rest of theirs not sent
    for one in claimed:
        if time.monotonic() >= one.until:
            continue
        record, delivery = _attempt(one, settings, rng, send, one.due.rsplit("/", 1)[0] in stopped)
        if record.webhook_fields.get("disabled_reason"):
            stopped.add(one.due.rsplit("/", 1)[0])
        made.append((record, delivery))
    records = [record for record, _ in made]
    store.record_attempts(records, settings.max_pending)
    store.settle_due(records)
    return [delivery for _, delivery in made]


def _attempt(
    claimed: Claimed, settings: WebhookSettings, rng: random.Random, send: Send, stopped: bool
) -> tuple[AttemptRecord, Delivery | None]:
    due, webhook, delivery = claimed.due, claimed.webhook, claimed.delivery
    if webhook is None or delivery is None or delivery.status != "pending":
        owner, webhook_id, delivery_id_ = due.split("/", 2)
        return AttemptRecord(owner, webhook_id, delivery_id_, due, None, {}, None), None
    owner, webhook_id = webhook.owner, webhook.id
    if stopped or webhook.disabled_reason not in (None, BACKLOG):  # a paused one sends what it holds
        failed = replace(
            delivery, status="failed", last_error="the webhook is disabled", next_attempt_at=None
        )
        return AttemptRecord(owner, webhook_id, delivery.id, due, failed.text(), {}, None), None
    started = time.time()
    body = delivery.body.encode()
    headers = signed_headers(delivery.id, int(started), body, webhook.signing_secrets(started))
    outcome = send(webhook.url, body, headers, settings)
    done = time.time()
    made = delivery.attempts + 1
    first = delivery.first_attempt_at or started
    following, told, status = None, {}, "failed"
    if outcome.delivered:
        status, told = "delivered", {"last_delivered_at": repr(done)}
    elif outcome.gone:
        told = {"disabled_reason": GONE}
    else:
        following = next_attempt_at(made - delivery.scheduled_from, done, settings.retry_schedule, rng)
        status = "pending" if following else "failed"
        if following is None and _failing_since(webhook, first):
            told = {"disabled_reason": FAILING}
    recorded = replace(
        delivery,
        status=status,
        attempts=made,
        last_status_code=outcome.status_code,
        last_error=outcome.error,
        next_attempt_at=following,
        first_attempt_at=first,
    )
    return AttemptRecord(owner, webhook_id, delivery.id, due, recorded.text(), told, following), recorded


def _failing_since(webhook: Webhook, first_attempt_at: float) -> bool:
    """Nothing was delivered to the webhook since this delivery's first attempt: it failed for the
    whole schedule, and so did every other in that time."""
    return webhook.last_delivered_at is None or webhook.last_delivered_at < first_attempt_at


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
