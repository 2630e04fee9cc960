"""Webhook deliveries: where they may go (``addresses``), how they are signed (``signing``), one
attempt over the network (``transport``) and when the next is due (``schedule``). No store, no HTTP
server: the worker calls these."""

from service.webhooks.addresses import AddressRefused, Target, UnresolvedHost, check_url
from service.webhooks.schedule import next_attempt_at
from service.webhooks.signing import new_secret, signed_headers
from service.webhooks.transport import Attempt, Transport

__all__ = [
    "AddressRefused",
    "Attempt",
    "Target",
    "Transport",
    "UnresolvedHost",
    "check_url",
    "new_secret",
    "next_attempt_at",
    "signed_headers",
]
