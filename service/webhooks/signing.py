"""Standard Webhooks ``v1`` signatures: what a receiver checks a delivery came from us, unchanged.

The signature is HMAC-SHA256 over ``{webhook-id}.{webhook-timestamp}.{body}`` with the secret's
bytes, base64, after ``v1,``; while a secret is rotated both the new and the old one sign, their
signatures space-separated, so a receiver holding either accepts the delivery. The library
``standardwebhooks`` signs, so its own verifier (a receiver's) agrees with us by construction.
"""

from __future__ import annotations

import base64
import functools
import secrets as random_bytes
from collections.abc import Sequence
from datetime import UTC, datetime

from standardwebhooks import Webhook

SECRET_PREFIX = "whsec_"
SECRET_BYTES = 32
"""256 bits, the size of an HMAC-SHA256 key (Standard Webhooks asks for 24 to 64)."""


def new_secret() -> str:
    """A new signing secret: ``whsec_`` and the base64 of 32 random bytes."""
    return SECRET_PREFIX + base64.b64encode(random_bytes.token_bytes(SECRET_BYTES)).decode("ascii")


def signature(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    """``v1,<base64>``: one secret's signature of the message (its body must be UTF-8, like JSON)."""
    when = datetime.fromtimestamp(timestamp, tz=UTC)
    return _signer(secret).sign(msg_id=message_id, timestamp=when, data=body.decode("utf-8"))


@functools.lru_cache(maxsize=1024)
def _signer(secret: str) -> Webhook:
    """The library's signer of a secret (its key decoded once, not per delivery)."""
    return Webhook(secret)


def signed_headers(message_id: str, timestamp: int, body: bytes, secrets: Sequence[str]) -> dict[str, str]:
    """The headers of a delivery: its id, its time (Unix seconds), one signature per secret, its type."""
    if not secrets:
        raise ValueError("a delivery is signed with one secret at least")
    return {
        "webhook-id": message_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": " ".join(signature(secret, message_id, timestamp, body) for secret in secrets),
        "content-type": "application/json",
    }
