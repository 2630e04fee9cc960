"""The store contract for webhooks: a client's registrations, their deliveries, and the due set.

A webhook and its kept deliveries live in its client's slot (``{client:<id>}``): registering
within the client's bound, deleting a webhook with its log, and the fan-out of one change to
every webhook of its owner are each one atomic step. Two keys stand apart, each one key: the set
of clients that have webhooks (read by every API process about once a second) and the due set
of deliveries to attempt, which a worker claims with a lease (a claimed member is pushed a lease
ahead, and taken out only once its attempt is recorded: a worker that dies leaves it due again).
Records are opaque to the store: a webhook is a mapping of text fields, a delivery a JSON text.

The worker speaks to it in batches: the webhooks of many owners read at once, the deliveries of many
changes added at once, and a batch of attempts recorded in one round trip, then settled in the due set
in another (recorded first: a worker that dies between the two leaves them due, attempted again under
the same id, never lost).

A webhook's pending deliveries are bounded (``max_pending``): a delivery that would pass the bound is
not kept, and the webhook is paused instead (``disabled_reason`` ``backlog``), until its pending ones
are down to half the bound (then it resumes by itself) or a retry enables it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

BACKLOG = "backlog"
"""Why a webhook is paused: its pending deliveries reached the bound (``WEBHOOK_MAX_PENDING``)."""


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


@dataclass(frozen=True, slots=True)
class AttemptRecord:
    """What an attempt leaves the store: the delivery's new record, and when its due member is next."""

    owner: str
    webhook_id: str
    delivery_id: str
    due: str
    """Its member of the due set: out of it when ``next_at`` is None, else due again then."""
    record: str | None
    """The delivery's record now (None: nothing to write; the delivery or its webhook is gone, or done)."""
    webhook_fields: Mapping[str, str]
    """Fields set on the webhook in the same step (``last_delivered_at``, ``disabled_reason``)."""
    next_at: float | None


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

    def webhooks_of(self, owners: Sequence[str]) -> dict[str, list[tuple[str, dict[str, str]]]]:
        """Each owner's webhooks with their fields, oldest first (one round trip on one Redis: the
        fan-out's read of a batch of changes)."""

    def webhook_owners(self) -> frozenset[str]:
        """Every client with a webhook (a client may linger after its last is deleted: harmless)."""

    def add_deliveries(
        self, batch: Mapping[str, Sequence[NewDelivery]], kept: int, max_pending: int
    ) -> dict[str, list[str]]:
        """For each owner of ``batch``: each delivery kept in its webhook's log unless already there
        (its webhook gone or paused: skipped), as pending; each log trimmed to its newest ``kept``,
        forgetting finished ones only (a pending delivery is never forgotten before it is sent: the log
        holds more while more are pending); a webhook with ``max_pending`` pending is paused
        (``BACKLOG``) and skips the rest. Then each one's ``due`` member scheduled at its ``due_at``
        unless already there. One round trip on one Redis (a member whose delivery was skipped finds
        nothing at its attempt). The record now held for each ('' when skipped), by owner."""

    def load_delivery(self, owner: str, webhook_id: str, delivery_id: str) -> str | None:
        """A kept delivery's record."""

    def load_attempts(self, dues: Sequence[str]) -> tuple[dict[str, dict[str, str] | None], list[str | None]]:
        """For due members ``<owner>/<webhook>/<delivery>``: their webhooks' fields, each once, by
        ``<owner>/<webhook>``; and each one's record; all in one round trip (None when gone)."""

    def save_delivery(
        self, owner: str, webhook_id: str, delivery_id: str, record: str, pending: bool
    ) -> bool:
        """The delivery's record replaced, still ``pending`` or finished; False when it is no longer kept."""

    def record_attempts(self, records: Sequence[AttemptRecord], max_pending: int) -> None:
        """Each attempt's record saved (pending when it has a ``next_at``; skipped when no longer kept)
        with its ``webhook_fields``, in one round trip on one Redis; a webhook paused for its
        backlog resumes once its pending deliveries are down to half ``max_pending``. The due set is
        not touched: ``settle_due`` follows."""

    def settle_due(self, records: Sequence[AttemptRecord]) -> None:
        """Each recorded attempt's due member at its ``next_at``, or out of the due set: one round trip."""

    def list_deliveries(
        self, owner: str, webhook_id: str, before: int | None, limit: int
    ) -> tuple[list[str], int | None]:
        """Up to ``limit`` records, newest first, made before the place ``before`` (None: the newest);
        and the place to go on from (None: no more)."""

    def schedule(self, due: str, at: float, only_new: bool = False) -> None:
        """The due member ``due`` to be attempted at ``at`` (``only_new``: unless already there)."""

    def claim_due(self, now: float, count: int, lease: float) -> list[str]:
        """Up to ``count`` members due by ``now``, each pushed ``lease`` seconds ahead for the claimer."""
