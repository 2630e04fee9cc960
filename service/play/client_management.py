"""Managing client apps (the operator's use cases behind ``python -m service.client_apps``).

A key is shown once, when it is made (``create``, ``rotate``); the store keeps its digest.
Rotation keeps the old key working for a grace period so that a client can roll its
deployments over; revocation stops every key of the client at once. A revoked client's
games go on: their seat and admin tokens keep working.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, replace

from service.play.access import hash_token, issue_api_key, new_client_id
from service.store.client_apps import (
    LIMIT_FIELDS,
    ClientExists,
    ClientLimits,
    ClientRow,
    ClientStore,
    KeyDigest,
)

DEFAULT_GRACE_SECONDS = 24 * 3600
DEVELOPMENT_CLIENT_ID = "development"
DEVELOPMENT_KEY = "rsk_development_local-only"
"""The key ``make run`` prints and the README uses: only ever on the embedded store."""


class NoSuchClient(LookupError):
    def __init__(self, client_id: str) -> None:
        super().__init__(f"no client has the id {client_id!r}")


@dataclass(frozen=True, slots=True)
class IssuedKey:
    record: ClientRow
    key: str
    """The key itself: shown this once."""


def create_client(store: ClientStore, name: str, limits: ClientLimits, now: float) -> IssuedKey:
    client_id = new_client_id()
    key = issue_api_key(client_id)
    record = ClientRow(client_id, name, now, (KeyDigest(hash_token(key)),), limits)
    store.create_client(record)
    return IssuedKey(record, key)


def ensure_development_client(store: ClientStore, now: float) -> str:
    """The development client, with its well-known key (the embedded store only: it lives in one process)."""
    record = ClientRow(DEVELOPMENT_CLIENT_ID, "development", now, (KeyDigest(hash_token(DEVELOPMENT_KEY)),))
    with contextlib.suppress(ClientExists):  # made at an earlier start of this process's store
        store.create_client(record)
    return DEVELOPMENT_KEY


def find_client(store: ClientStore, client_id: str) -> ClientRow:
    record = store.load_client(client_id)
    if record is None:
        raise NoSuchClient(client_id)
    return record


def update_limits(store: ClientStore, client_id: str, changes: ClientLimits) -> ClientRow:
    """Set the limits given (the others stay as they were)."""
    record = find_client(store, client_id)
    given = {name: value for name in LIMIT_FIELDS if (value := getattr(changes, name)) is not None}
    limits = replace(record.limits, **given)
    updated = replace(record, limits=limits)
    store.replace_client(updated)
    return updated


def rotate_key(store: ClientStore, client_id: str, grace_seconds: float, now: float) -> IssuedKey:
    """A new key; the keys the client held keep working for ``grace_seconds`` (0: stop at once).

    A revoked client gets its new key and none of its old ones back.
    """
    record = find_client(store, client_id)
    key = issue_api_key(client_id)
    ends = now + grace_seconds
    kept = tuple(
        replace(old, expires_at=ends if old.expires_at is None else min(old.expires_at, ends))
        for old in record.keys
        if grace_seconds > 0 and not record.revoked and (old.expires_at is None or old.expires_at > now)
    )
    updated = replace(record, keys=(KeyDigest(hash_token(key)), *kept), revoked=False)
    store.replace_client(updated)
    return IssuedKey(updated, key)


def revoke(store: ClientStore, client_id: str) -> ClientRow:
    """Every key of the client stops working at once."""
    updated = replace(find_client(store, client_id), revoked=True)
    store.replace_client(updated)
    return updated
