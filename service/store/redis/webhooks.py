"""Webhooks on Redis: each in its client's slot with its deliveries; the owners' set and the due set
stand alone (one key each, written in steps of their own)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.store import keys
from service.store.redis.connection import RedisConnection, decoded, translated
from service.store.redis.scripts import Call, Script
from service.store.webhooks import AttemptRecord, NewDelivery

ADD = Script.load("add_webhook")
UPDATE = Script.load("update_webhook")
DELETE = Script.load("delete_webhook")
ADD_DELIVERIES = Script.load("add_deliveries")
SAVE_DELIVERIES = Script.load("save_deliveries")
WEBHOOKS_OF = Script.load("webhooks_of")
CLAIM_DUE = Script.load("claim_due")
WEBHOOK_SCRIPTS = (ADD, UPDATE, DELETE, ADD_DELIVERIES, SAVE_DELIVERIES, CLAIM_DUE, WEBHOOKS_OF)


def flat(fields: Mapping[str, str]) -> list[str]:
    return [item for pair in fields.items() for item in pair]


def pairs_of(flat_reply: Sequence[Any]) -> list[tuple[Any, Any]]:
    """A flat reply ``[name, value, name, value...]`` as pairs."""
    return list(zip(flat_reply[::2], flat_reply[1::2], strict=True))


def _fields(found: Any, key: str) -> dict[str, str] | None:
    """A hash's fields as HGETALL gives them (a flat list, or a mapping from redis-py); None: none."""
    if not found:
        return None
    pairs = list(found.items()) if isinstance(found, dict) else pairs_of(found)
    return {decoded(name, key): decoded(value, key) for name, value in pairs}


class RedisWebhooks(RedisConnection):
    """The WebhookStore's methods."""

    @translated
    def add_webhook(self, owner: str, webhook_id: str, fields: Mapping[str, str], at_most: int) -> bool:
        # The owner first: a crash after it leaves an owner with no webhook (a change rings for nothing).
        self._commands.call("SADD", keys.webhook_owners(), owner)
        script_keys = {"index": keys.webhooks(owner), "webhook": keys.webhook(owner, webhook_id)}
        args = {"webhook_id": webhook_id, "at_most": at_most, "score": fields.get("created_at", "0")}
        return bool(self._run(ADD.call(script_keys, args, flat(fields))))

    @translated
    def webhook_ids(self, owner: str) -> list[str]:
        key = keys.webhooks(owner)
        return [decoded(found, key) for found in self._commands.call("ZRANGE", key, 0, -1)]

    @translated
    def load_webhook(self, owner: str, webhook_id: str) -> dict[str, str] | None:
        key = keys.webhook(owner, webhook_id)
        return _fields(self._commands.call("HGETALL", key), key)

    @translated
    def webhooks_of(self, owners: Sequence[str]) -> dict[str, list[tuple[str, dict[str, str]]]]:
        calls = [
            WEBHOOKS_OF.call({"index": keys.webhooks(owner)}, {"owner_prefix": keys.webhook(owner, "")})
            for owner in owners
        ]
        found = {}
        for owner, reply in zip(owners, self._run_all(calls), strict=True):
            index = keys.webhooks(owner)
            found[owner] = [
                (decoded(hook, index), _fields(fields, index) or {}) for hook, fields in pairs_of(reply)
            ]
        return found

    @translated
    def update_webhook(self, owner: str, webhook_id: str, fields: Mapping[str, str]) -> bool:
        return bool(self._run(UPDATE.call({"webhook": keys.webhook(owner, webhook_id)}, {}, flat(fields))))

    @translated
    def delete_webhook(self, owner: str, webhook_id: str) -> bool:
        script_keys = {
            "index": keys.webhooks(owner),
            "webhook": keys.webhook(owner, webhook_id),
            "deliveries": keys.webhook_deliveries(owner, webhook_id),
            "log": keys.webhook_log(owner, webhook_id),
            "done": keys.webhook_done(owner, webhook_id),
        }
        existed, left = self._run(DELETE.call(script_keys, {"webhook_id": webhook_id}))
        if not left:
            self._commands.call("SREM", keys.webhook_owners(), owner)
        return bool(existed)

    @translated
    def webhook_owners(self) -> frozenset[str]:
        key = keys.webhook_owners()
        return frozenset(decoded(owner, key) for owner in self._commands.call("SMEMBERS", key))

    @translated
    def add_deliveries(
        self, batch: Mapping[str, Sequence[NewDelivery]], kept: int, max_pending: int
    ) -> dict[str, list[str]]:
        owners = [owner for owner, deliveries in batch.items() if deliveries]
        adds = []
        for owner in owners:
            triples = [item for d in batch[owner] for item in (d.webhook_id, d.delivery_id, d.record)]
            args = {"owner_prefix": keys.webhook(owner, ""), "kept": kept, "max_pending": max_pending}
            adds.append(ADD_DELIVERIES.call({"index": keys.webhooks(owner)}, args, triples).with_source())
        due = [item for owner in owners for d in batch[owner] if d.due for item in (repr(d.due_at), d.due)]
        # The scripts with their source (they cannot meet NOSCRIPT), then the due set: one round trip.
        schedule = [("ZADD", keys.webhook_due(), "NX", *due)] if due else []
        replies = self._pipeline([*adds, *schedule]) if adds else []
        return {
            owner: [decoded(record, keys.webhooks(owner)) for record in held]
            for owner, held in zip(owners, replies, strict=False)
        }

    @translated
    def load_delivery(self, owner: str, webhook_id: str, delivery_id: str) -> str | None:
        key = keys.webhook_deliveries(owner, webhook_id)
        found = self._commands.call("HGET", key, delivery_id)
        return None if found is None else decoded(found, key)

    @translated
    def load_attempts(self, dues: Sequence[str]) -> tuple[dict[str, dict[str, str] | None], list[str | None]]:
        by_webhook: dict[str, list[int]] = {}
        for n, due in enumerate(dues):
            by_webhook.setdefault(due.rsplit("/", 1)[0], []).append(n)
        reads: list[tuple[Any, ...]] = []
        for hook, places in by_webhook.items():
            owner, webhook_id = hook.split("/", 1)
            reads.append(("HGETALL", keys.webhook(owner, webhook_id)))
            deliveries = keys.webhook_deliveries(owner, webhook_id)
            reads.append(("HMGET", deliveries, *(dues[n].rsplit("/", 1)[1] for n in places)))
        replies = self._pipeline(reads) if reads else []
        webhooks: dict[str, dict[str, str] | None] = {}
        records: list[str | None] = [None] * len(dues)
        for at, (hook, places) in enumerate(by_webhook.items()):
            webhooks[hook] = _fields(replies[2 * at], reads[2 * at][1])
            for n, record in zip(places, replies[2 * at + 1], strict=True):
                records[n] = None if record is None else decoded(record, reads[2 * at + 1][1])
        return webhooks, records

    @translated
    def save_delivery(
        self, owner: str, webhook_id: str, delivery_id: str, record: str, pending: bool
    ) -> bool:
        return bool(self._run(_save_call(owner, webhook_id, [(delivery_id, record, pending)], {}, 0)))

    @translated
    def record_attempts(self, records: Sequence[AttemptRecord], max_pending: int) -> None:
        by_webhook: dict[tuple[str, str], list[AttemptRecord]] = {}
        for r in records:
            if r.record is not None:
                by_webhook.setdefault((r.owner, r.webhook_id), []).append(r)
        calls = []
        for (owner, webhook_id), made in by_webhook.items():
            told: dict[str, str] = {}
            for r in made:  # in the attempts' order: a later one's field wins
                told.update(r.webhook_fields)
            saves = [(r.delivery_id, r.record or "", r.next_at is not None) for r in made]
            calls.append(_save_call(owner, webhook_id, saves, told, max_pending // 2))
        self._run_all(calls)

    @translated
    def settle_due(self, records: Sequence[AttemptRecord]) -> None:
        due_key = keys.webhook_due()
        done = [r.due for r in records if r.next_at is None]
        later = [item for r in records if r.next_at is not None for item in (repr(r.next_at), r.due)]
        steps: list[tuple[Any, ...]] = [("ZREM", due_key, *done)] if done else []
        steps += [("ZADD", due_key, *later)] if later else []
        if steps:
            self._pipeline(steps)

    @translated
    def list_deliveries(
        self, owner: str, webhook_id: str, before: int | None, limit: int
    ) -> tuple[list[str], int | None]:
        log = keys.webhook_log(owner, webhook_id)
        top = "+inf" if before is None else f"({before}"
        found: Any = self._commands.call(
            "ZREVRANGEBYSCORE", log, top, "-inf", "WITHSCORES", "LIMIT", 0, limit + 1
        )
        pairs = pairs_of(found) if found and not isinstance(found[0], list | tuple) else found
        listed = [(decoded(member, log), int(float(score))) for member, score in pairs]
        page, more = listed[:limit], len(listed) > limit
        if not page:
            return [], None
        records = self._commands.call(
            "HMGET", keys.webhook_deliveries(owner, webhook_id), *(m for m, _ in page)
        )
        texts = [decoded(record, log) for record in records if record is not None]
        return texts, page[-1][1] if more else None

    @translated
    def schedule(self, due: str, at: float, only_new: bool = False) -> None:
        options = ("NX",) if only_new else ()
        self._commands.call("ZADD", keys.webhook_due(), *options, repr(at), due)

    @translated
    def claim_due(self, now: float, count: int, lease: float) -> list[str]:
        args = {"now": repr(now), "count": count, "lease_ends": repr(now + lease)}
        claimed = self._run(CLAIM_DUE.call({"due": keys.webhook_due()}, args))
        return [decoded(member, keys.webhook_due()) for member in claimed]


def _save_call(
    owner: str,
    webhook_id: str,
    saves: Sequence[tuple[str, str, bool]],
    webhook_fields: Mapping[str, str],
    resume_at: int,
) -> Call:
    """The records ``saves`` (delivery id, record, still pending) of one webhook, with its fields."""
    script_keys = {
        "deliveries": keys.webhook_deliveries(owner, webhook_id),
        "log": keys.webhook_log(owner, webhook_id),
        "done": keys.webhook_done(owner, webhook_id),
        "webhook": keys.webhook(owner, webhook_id),
    }
    rest = [*flat(webhook_fields), *(item for d, r, p in saves for item in (d, r, "1" if p else "0"))]
    return SAVE_DELIVERIES.call(
        script_keys, {"resume_at": resume_at, "field_count": len(webhook_fields)}, rest
    )
