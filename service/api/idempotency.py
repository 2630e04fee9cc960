"""``Idempotency-Key`` on moves, as the IETF draft and Stripe use it.

The first request with a key claims it, and its answer is kept (at least
``service.store.base.IDEMPOTENCY_TTL``, 24 h): a 200 lands atomically with the move itself
(``save_move``'s ``answer``), a refusal of the request itself (403, 412, 422) is recorded
after it. A retry with the
same key and the same request replays that answer byte for byte; the same key with
another request is 422 ``idempotency_key_reused``; while the first is still being
processed, 409 ``idempotency_key_in_flight``. Failures that say nothing about the
request (a 409 race, a 401 for a game that expired meanwhile, 5xx, store outages) free
the key so a retry runs for real.

The fingerprint covers the caller's role and ``If-Match`` as well as the body, so one
seat's key can never replay an answer (and the hand in it) to another seat, and a
retry under a new precondition is a new request (422 with the old key).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Response
from marshmallow import ValidationError

from service.api.encoding import loads
from service.api.errors import (
    PROBLEM_MEDIA_TYPE,
    RETRY_AFTER_SECONDS,
    ApiCode,
    Problem,
    to_problem,
)
from service.api.views import etag
from service.rules import BadSetup, IllegalMove, InvalidSnapshot
from service.store import GameStore, IdempotencyClaim, IdempotencyState, StoredAnswer

REPLAYED_HEADER = "Idempotent-Replayed"
_REFUSALS = (Problem, IllegalMove, InvalidSnapshot, ValidationError, BadSetup)
KEPT_REFUSALS = frozenset({403, 412, 422})
"""Refusals that the same request would get again: replayed like a success."""


@dataclass(frozen=True, slots=True)
class IdempotencySlot:
    """A claimed key and the fingerprint of the request that claimed it."""

    key: str
    fingerprint: str

    @classmethod
    def for_request(cls, key: str, role: str, expected_version: int | None, payload: Any) -> IdempotencySlot:
        """The request is who asks (role), under which precondition (If-Match), for what (body)."""
        canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        digest = hashlib.sha256(f"{role}\n{expected_version}\n{canonical}".encode("ascii")).hexdigest()
        return cls(key, digest)

    def answer(self, status: int, body: str) -> tuple[str, StoredAnswer]:
        return self.key, StoredAnswer(self.fingerprint, status, body)


def replay(answer: StoredAnswer) -> Response:
    headers = {REPLAYED_HEADER: "true"}
    if answer.status < 400:
        headers["ETag"] = etag(loads(answer.body)["game"]["version"])
    media_type = PROBLEM_MEDIA_TYPE if answer.status >= 400 else "application/json"
    return Response(answer.body, answer.status, headers=headers, mimetype=media_type)


def _held_elsewhere(claim: IdempotencyClaim, slot: IdempotencySlot) -> Response:
    """The key is taken: replay its answer, or say why not."""
    if claim.state is IdempotencyState.IN_FLIGHT or claim.answer is None:
        raise Problem(
            ApiCode.IDEMPOTENCY_KEY_IN_FLIGHT,
            "a request with this Idempotency-Key is still being processed: retry shortly",
            headers={"Retry-After": RETRY_AFTER_SECONDS},
        )
    if claim.answer.fingerprint != slot.fingerprint:
        raise Problem(
            ApiCode.IDEMPOTENCY_KEY_REUSED,
            "this Idempotency-Key was used for a different request: use a new key for a new request",
        )
    return replay(claim.answer)


def run_once(
    store: GameStore, game_id: str, slot: IdempotencySlot | None, attempt: Callable[[], Response]
) -> Response:
    """Run ``attempt`` unless ``slot``'s key already has an answer (or a request holding it)."""
    if slot is None:
        return attempt()
    claim = store.claim_idempotency_key(game_id, slot.key, slot.fingerprint)
    if claim.state is not IdempotencyState.CLAIMED:
        return _held_elsewhere(claim, slot)
    try:
        return attempt()
    except _REFUSALS as error:
        problem = to_problem(error)
        if problem.status in KEPT_REFUSALS:
            store.record_answer(
                game_id, slot.key, StoredAnswer(slot.fingerprint, problem.status, problem.body())
            )
        else:
            store.release_idempotency_key(game_id, slot.key)
        raise problem from error
    except BaseException:
        store.release_idempotency_key(game_id, slot.key)
        raise
