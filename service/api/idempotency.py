"""``Idempotency-Key`` on moves, as the IETF draft and Stripe use it: recorded, replayed.

A move's answer is kept under its key (at least ``service.store.base.IDEMPOTENCY_TTL``, 24 h):
a 200 lands atomically with the move itself (``success``, called by the move use case), in the
same script that saves it; a key that already holds an answer (or another request's claim)
saves nothing, and that is the answer (``replayed``: ``play.moves.AnswerHeld``). A refusal
claims the key first (``claim``: a retry of a move already made is refused by the game, and
gets the first answer back instead), then keeps the refusal of the request itself (403, 412,
422) once the error handler has made it (``settle``). A retry with the same key and the same
request replays that answer byte for byte (its ETag and Content-Language too); the same key with
another request is 422 ``idempotency_key_reused``; while another request holds the key's claim,
409 ``idempotency_key_in_flight``. Failures that say nothing about the request (a 409 race, a
401 for a game that expired meanwhile, 5xx, store outages) free the key so a retry runs for real.

The fingerprint covers the caller and ``If-Match`` as well as the body, so one seat's
key can never replay an answer (and the hand in it) to another seat, and a retry under
a new precondition is a new request (422 with the old key).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from service.api.answers import JSON_MEDIA_TYPE, etag
from service.api.edge import Answer
from service.api.problems import PROBLEM_MEDIA_TYPE, RETRY_AFTER_SECONDS, ApiCode, Problem
from service.play.access import Caller
from service.rules.messages import Message
from service.store import GameStore, IdempotencyClaim, IdempotencyState, StoredAnswer

REPLAYED_HEADER = "Idempotent-Replayed"
KEPT_REFUSALS = frozenset({403, 412, 422})
"""Refusals that the same request would get again: replayed like a success."""


@dataclass(frozen=True, slots=True)
class Replay:
    """The first answer to a key, given again: its status, body, ETag and language."""

    answer: Answer
    language: str | None


@dataclass(frozen=True, slots=True)
class IdempotentRequest:
    """A request that holds its Idempotency-Key: what it asked, and where its answer goes."""

    store: GameStore
    game_id: str
    key: str
    fingerprint: str

    @classmethod
    def of(
        cls, store: GameStore, game_id: str, key: str, caller: Caller, expected: int | None, payload: Any
    ) -> IdempotentRequest:
        """The request holding ``key``: its fingerprint, made from what it asks (no store call)."""
        canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        text = f"{caller.fingerprint}\n{expected}\n{canonical}"
        return cls(store, game_id, key, hashlib.sha256(text.encode("ascii")).hexdigest())

    def success(self, body: str, version: int) -> tuple[str, StoredAnswer]:
        """The answer of the move saved at ``version``: stored in the same atomic write as the move."""
        return self.key, StoredAnswer(self.fingerprint, 200, body, etag=etag(version))

    def claim(self) -> Replay | None:
        """Before a refusal is made: the key claimed for this request (None); or the replay of the
        answer it already holds. Raises the 409 while another request holds its claim, the 422 when
        it was used for another request. A claimed request is ``settle``d once its answer is made."""
        claim = self.store.claim_idempotency_key(self.game_id, self.key, self.fingerprint)
        return None if claim.state is IdempotencyState.CLAIMED else self.replayed(claim)

    def settle(self, answer: Answer, language: str | None) -> None:
        """Once a refusal is made (the key claimed): keep one the same request would get again, else
        free the key. (A success was kept with the move itself.)"""
        if answer.status in KEPT_REFUSALS:
            kept = StoredAnswer(self.fingerprint, answer.status, answer.body, language=language)
            self.store.record_answer(self.game_id, self.key, kept)
        elif answer.status != 200:
            self.store.release_idempotency_key(self.game_id, self.key)

    def replayed(self, claim: IdempotencyClaim) -> Replay:
        """The key is taken: replay its answer, or say why not."""
        if claim.state is IdempotencyState.IN_FLIGHT or claim.answer is None:
            raise Problem(
                ApiCode.IDEMPOTENCY_KEY_IN_FLIGHT,
                Message("a request with this Idempotency-Key is still being processed: retry shortly"),
                headers={"Retry-After": RETRY_AFTER_SECONDS},
            )
        if claim.answer.fingerprint != self.fingerprint:
            raise Problem(
                ApiCode.IDEMPOTENCY_KEY_REUSED,
                Message(
                    "this Idempotency-Key was used for a different request: use a new key for a new request"
                ),
            )
        stored = claim.answer
        media_type = PROBLEM_MEDIA_TYPE if stored.status >= 400 else JSON_MEDIA_TYPE
        fields = [("Content-Type", media_type), (REPLAYED_HEADER, "true")]
        if stored.etag is not None:
            fields.append(("ETag", stored.etag))
        # A refusal is replayed in the language it was first said in, whatever this retry asks.
        return Replay(Answer(stored.status, stored.body, fields), stored.language)
