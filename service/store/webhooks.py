"""The store contract for webhooks: a client's registrations, their deliveries, and the due set.

A webhook and its kept deliveries live in its client's slot (``{client:<id>}``): registering
within the client's bound, deleting a webhook with its log, and the fan-out of one change to
every webhook of its owner are each one atomic step. Two keys stand apart, each one key: the set
of clients that have webhooks (read by every API process about once a second) and the due set
of deliveries to attempt, which a worker claims with a lease (a claimed member is pushed a lease
ahead, and taken out only once its attempt is recorded: a worker that dies leaves it due again).
Records are opaque to the store: a webhook is a mapping of text fields, a delivery a JSON text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class NewDelivery:
    webhook_id: str
    delivery_id: str
    record: str
    """The delivery's record (JSON), kept unless one with that id is already there."""
    due: str = ""
    """Its member of the due set, scheduled with it at ``due_at`` unless already there ('': not
    scheduled)."""
    due_at: float = 0.0


class WebhookStore(Protocol):
    def add_webhook(self, owner: str, webhook_id: str, fields: Mapping[str, str], at_most: int) -> bool:
        """A new webhook of ``owner`` (and ``owner`` among ``webhook_owners``); False when ``owner``
        already has ``at_most``."""

    def webhook_ids(self, owner: str) -> list[str]:
        """``owner``'s webhooks, oldest first."""

    def load_webhook(self, owner: str, webhook_id: str) -> dict[str, str] | None:
        """The webhook's fields; None when ``owner`` has no such webhook."""

    def update_webhook(self, owner: str, webhook_id: str, fields: Mapping[str, str]) -> bool:
        """These fields replaced (the others kept); False when the webhook is gone."""

    def delete_webhook(self, owner: str, webhook_id: str) -> bool:
        """The webhook gone with its deliveries (and ``owner`` out of ``webhook_owners`` with its
        last); False when it was gone."""

    def webhooks_of(self, owner: str) -> list[tuple[str, dict[str, str]]]:
        """``owner``'s webhooks with their fields, oldest first (one read: the fan-out's)."""

    def webhook_owners(self) -> frozenset[str]:
        """Every client with a webhook (a client may linger after its last is deleted: harmless)."""

    def add_deliveries(self, owner: str, deliveries: Sequence[NewDelivery], kept: int) -> list[str]:
        """Each delivery kept in its webhook's log unless already there (its webhook gone: skipped), as
        pending; each log trimmed to its newest ``kept``, forgetting finished ones only (a pending
        delivery is never forgotten before it is sent: the log holds more while more are pending).
        Then each one's ``due`` member scheduled at its ``due_at`` unless already there (one round trip
        on one Redis; a member whose delivery was skipped finds nothing at its attempt). The record
        now held for each ('' when skipped)."""

    def load_delivery(self, owner: str, webhook_id: str, delivery_id: str) -> str | None:
        """A kept delivery's record."""

    def load_attempt(
        self, owner: str, webhook_id: str, delivery_id: str
    ) -> tuple[dict[str, str] | None, str | None]:
        """The webhook's fields and the delivery's record, in one read (each None when gone)."""

    def save_delivery(
        self, owner: str, webhook_id: str, delivery_id: str, record: str, pending: bool
    ) -> bool:
        """The delivery's record replaced, still ``pending`` or finished; False when it is no longer kept."""

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
        """An attempt's outcome: ``save_delivery`` (pending when there is a ``next_at``) with
        ``webhook_fields`` set on its webhook in the same step, then its due
        member at ``next_at`` or out of the due set; one round trip on one Redis, two on a cluster
        (the due set's slot is its own), the record first: a crash between leaves it due."""

    def list_deliveries(
        self, owner: str, webhook_id: str, before: int | None, limit: int
    ) -> tuple[list[str], int | None]:
        """Up to ``limit`` records, newest first, made before the place ``before`` (None: the newest);
        and the place to go on from (None: no more)."""

    def schedule(self, due: str, at: float, only_new: bool = False) -> None:
        """The due member ``due`` to be attempted at ``at`` (``only_new``: unless already there)."""

    def claim_due(self, now: float, count: int, lease: float) -> list[str]:
        """Up to ``count`` members due by ``now``, each pushed ``lease`` seconds ahead for the claimer."""

    def unschedule(self, due: str) -> None:
        """``due`` attempted for the last time (or no longer anyone's to attempt)."""
