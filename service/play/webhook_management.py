"""A client's webhooks: register one, list, read, rotate its secret, delete it; and whose changes to
leave the worker (``HookedOwners``).

A webhook keeps its secret: the service signs every delivery with it, so it is stored (as a client
key's digest could not be), shown once when made or rotated and never again. After a rotation the
old secret signs beside the new one for ``rotation_grace`` seconds, so a receiver can switch over.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from service.encoding import dumps, loads_trusted
from service.play.outbox import TURN_STARTED
from service.play.refusals import WebhookNotFound, WebhooksLimited, WebhookUrlRefused
from service.play.transitions import Kind
from service.store import Store
from service.webhooks import addresses
from service.webhooks.addresses import AddressRefused, check_url
from service.webhooks.config import WebhookSettings
from service.webhooks.signing import new_secret

GAME_EVENT_TYPES = ("game.created", "game.moved", "game.finished", "game.deleted")
"""What a webhook registered without ``events`` is sent: every change of a game."""
EVENT_TYPES = (*GAME_EVENT_TYPES, TURN_STARTED, Kind.RATED.value)
"""Every type a webhook may ask for; ``turn.started`` and ``game.rated`` only when asked (a receiver
written before them is never sent a type it does not know)."""
MAX_URL_LENGTH = addresses.MAX_URL_LENGTH
"""The longest URL a webhook may have (the schema's bound: the sender's own)."""
MAX_WEBHOOKS = 10
"""Webhooks one client may have."""
KEPT_DELIVERIES = 100
"""Deliveries each webhook's log keeps, the newest (an older one is forgotten, sent or not)."""
OWNERS_REFRESH = 1.0
"""Seconds a process trusts what it read of whose changes to tell (``HookedOwners``)."""
REGISTRATION_WAIT = OWNERS_REFRESH + 0.25
"""Seconds ``POST /v1/webhooks`` waits before it answers: every process has read the new owner by
then, so every change after the answer is delivered."""


def timestamp(at: float | None) -> str | None:
    """Epoch seconds as the wire says them (RFC 3339, UTC)."""
    if at is None:
        return None
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass(frozen=True, slots=True)
class Webhook:
    id: str
    owner: str
    url: str
    events: tuple[str, ...]
    secrets: tuple[tuple[str, float | None], ...]
    """Each secret and until when it signs (None: the current one, until rotated)."""
    created_at: float
    disabled_reason: str | None
    last_delivered_at: float | None

    def signing_secrets(self, now: float) -> list[str]:
        return [secret for secret, until in self.secrets if until is None or until > now]

    def wants(self, event_type: str) -> bool:
        return self.disabled_reason is None and event_type in self.events

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "url": self.url,
            "events": list(self.events),
            "disabled": self.disabled_reason is not None,
            "disabled_reason": self.disabled_reason,
            "created_at": timestamp(self.created_at),
        }


def webhook_fields(webhook: Webhook) -> dict[str, str]:
    """The webhook as its store keeps it (text fields)."""
    return {
        "url": webhook.url,
        "events": dumps(list(webhook.events)),
        "created_at": repr(webhook.created_at),
        **secrets_field(webhook.secrets),
        "disabled_reason": webhook.disabled_reason or "",
        "last_delivered_at": "" if webhook.last_delivered_at is None else repr(webhook.last_delivered_at),
    }


def secrets_field(kept: Sequence[tuple[str, float | None]]) -> dict[str, str]:
    return {"secrets": dumps([{"secret": secret, "until": until} for secret, until in kept])}


def read_webhook(owner: str, webhook_id: str, fields: dict[str, str]) -> Webhook:
    kept = tuple((str(item["secret"]), item["until"]) for item in loads_trusted(fields["secrets"]))
    delivered = fields.get("last_delivered_at", "")
    return Webhook(
        webhook_id,
        owner,
        fields["url"],
        tuple(loads_trusted(fields["events"])),
        kept,
        float(fields["created_at"]),
        fields.get("disabled_reason") or None,
        float(delivered) if delivered else None,
    )


def load_webhook(store: Store, owner: str, webhook_id: str) -> Webhook:
    """The client's webhook; WebhookNotFound when it has none with that id (another's is alike)."""
    fields = store.load_webhook(owner, webhook_id)
    if fields is None:
        raise WebhookNotFound()
    return read_webhook(owner, webhook_id, fields)


def owner_webhooks(store: Store, owner: str) -> list[Webhook]:
    return [
        read_webhook(owner, webhook_id, fields) for webhook_id, fields in store.webhooks_of([owner])[owner]
    ]


def register_webhook(
    store: Store,
    owner: str,
    url: str,
    events: Sequence[str] | None,
    settings: WebhookSettings,
    now: float,
    wait: Callable[[float], None] = time.sleep,
) -> tuple[Webhook, str]:
    """A new webhook and its secret (shown this once), once every process tells it the owner's changes."""
    try:
        check_url(url, settings)
    except AddressRefused as refusal:
        raise WebhookUrlRefused(refusal.reason) from None
    chosen = GAME_EVENT_TYPES if events is None else tuple(event for event in EVENT_TYPES if event in events)
    secret = new_secret()
    webhook = Webhook(
        "wh_" + secrets.token_urlsafe(12), owner, url, chosen, ((secret, None),), now, None, None
    )
    if not store.add_webhook(owner, webhook.id, webhook_fields(webhook), MAX_WEBHOOKS):
        raise WebhooksLimited(MAX_WEBHOOKS)
    wait(REGISTRATION_WAIT)
    return webhook, secret


def rotate_secret(store: Store, owner: str, webhook_id: str, grace: float) -> tuple[Webhook, str]:
    """A new secret for the webhook; the current one signs beside it for ``grace`` seconds more (on
    the wall clock, which the worker signs by)."""
    webhook = load_webhook(store, owner, webhook_id)
    now = time.time()
    secret = new_secret()
    kept = [(old, now + grace if until is None else until) for old, until in webhook.secrets]
    rotated = ((secret, None), *((old, until) for old, until in kept if until is not None and until > now))
    if not store.update_webhook(owner, webhook_id, secrets_field(rotated)):
        raise WebhookNotFound()
    return load_webhook(store, owner, webhook_id), secret


def delete_webhook(store: Store, owner: str, webhook_id: str) -> None:
    if not store.delete_webhook(owner, webhook_id):
        raise WebhookNotFound()


class HookedOwners:
    """Which clients have webhooks, as this process read it at most ``OWNERS_REFRESH`` seconds ago.

    A change of a game whose owner has none leaves the worker nothing (a move costs what it did
    before webhooks); a registration waits out the refresh (``REGISTRATION_WAIT``) before it answers.
    """

    def __init__(self, store: Callable[[], Store], clock: Callable[[], float] = time.monotonic) -> None:
        self._store, self._clock = store, clock
        self._owners: frozenset[str] = frozenset()
        self._read_at = -OWNERS_REFRESH
        self._lock = threading.Lock()

    def __call__(self, owner: str) -> bool:
        if self._clock() - self._read_at >= OWNERS_REFRESH:
            with self._lock:
                if self._clock() - self._read_at >= OWNERS_REFRESH:
                    self._owners = self._store().webhook_owners()
                    self._read_at = self._clock()
        return owner in self._owners
