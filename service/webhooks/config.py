"""What sending webhooks is configured with: plain values with their defaults written here once;
``service.settings`` fills them from the environment (as it fills ``service.store.config``), and
the use cases and the sender take them as they are."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

STANDARD_WEBHOOKS_SCHEDULE = (5.0, 300.0, 1800.0, 7200.0, 18000.0, 36000.0, 36000.0)
"""Standard Webhooks' own: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after each failed attempt."""


@dataclass(frozen=True, slots=True)
class WebhookSettings:
    """How deliveries are sent (``service.webhooks``): their retries, which addresses they may reach,
    what they trust and how long they may take (docs/WEBHOOKS.md, "Delivery")."""

    retry_schedule: tuple[float, ...] = STANDARD_WEBHOOKS_SCHEDULE
    """Seconds to wait after each failed attempt (jittered); past the last, the delivery has failed."""
    allowed_networks: tuple[Network, ...] = ()
    """Networks a delivery may reach although they are refused (loopback, private...): tests, an intranet."""
    ca_file: str | None = None
    """Authorities trusted for a receiver's certificate; None: the system's."""
    connect_timeout: float = 2.0
    """Seconds to open the TCP connection to one address."""
    attempt_timeout: float = 10.0
    """Seconds one whole attempt may take: connection, TLS, request and answer."""
    max_answer_bytes: int = 65536
    """Bytes of a receiver's answer read at most (status line, headers and body)."""
    rotation_grace: float = 86400.0
    """Seconds the old secret still signs beside the new one after a rotation."""
    senders: int = 4
    """Attempts one worker makes at once (threads; each waits on its receiver at most
    ``attempt_timeout``)."""
    max_pending: int = 10_000
    """Deliveries one webhook may have pending; past them it is paused (``backlog``) until half are
    sent, and its receiver catches up from the games' event logs (docs/WEBHOOKS.md, "Backlog")."""
