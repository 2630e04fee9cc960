"""What every answer carries, made in one place that admission, the move handler and Flask's hooks call.

An ``Exchange`` is one request at the edge, as admission (``service.api.admission``) let it
in: its request id (the client's when sane, else a new one), when it started, its operation,
its credentials as sent, the limits' windows it counted in, the language its sentences are
in. ``Edge.finish`` gives the header fields every answer gains from it:
``RateLimit-Policy`` and ``RateLimit``, ``Content-Language`` and ``Vary``, CORS, and
``X-Request-ID``; and it records the metrics sample and the access line. ``Edge.problem``
is the one way an error becomes an answer (RFC 9457 problem+json in the request's
language), counted. Like Falcon's ``process_response``: one place, not a mirror per route.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from werkzeug.http import HTTP_STATUS_CODES

from service.admission.requester import Requester
from service.api.answers import policy_fields
from service.api.context import ServiceState
from service.api.cors import Cors
from service.api.language import VARY, best_language
from service.api.observability import (
    REQUEST_ID_HEADER,
    access_log_enabled,
    configure_logging,
    write_access_line,
)
from service.api.problems import PROBLEM_MEDIA_TYPE, to_problem
from service.play.refusals import Refused, Unauthorized
from service.store import StoreUnavailable

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]
Fields = list[tuple[str, str]]
REQUEST_ID_KEY = "HTTP_" + REQUEST_ID_HEADER.upper().replace("-", "_")
"""Where WSGI keeps the ``X-Request-ID`` a client sent."""


@dataclass(slots=True)
class Exchange:
    """One request at the edge, and what its answer will say beside its own body."""

    method: str
    path: str
    operation: str
    """The contract's ``operationId`` (the metrics' label, never the raw path)."""
    request_id: str
    started: float
    origin: str | None
    languages: str | None
    """``Accept-Language`` as sent: read only when the answer has sentences."""
    who: Requester
    """Its credentials as sent, when it came, its place among its client's requests in flight here
    (given back at its answer), and the limits' windows it counted in (its answer tells where they
    stand): what admission opens games and clients with."""
    address: str
    """The requester's address (``X-Forwarded-For`` believed only from ``TRUSTED_PROXIES``)."""
    presented: bool
    """Whether the request came with an ``Authorization`` or ``X-API-Key`` header."""
    game_id: str | None = None
    language: str | None = None
    """The language of the answer's sentences (``Content-Language``), if it has any."""

    @property
    def credential_from(self) -> str | None:
        """The requester's address, when the request presented a credential: a refused one counts
        against the address, and may be answered 429."""
        return self.address if self.presented else None

    def speaks(self, language: str) -> None:
        self.language = language


@dataclass(frozen=True, slots=True)
class Answer:
    """An answer's status, body and own header fields (``Content-Type``, ``ETag``, ``Retry-After``...)."""

    status: int
    body: str
    fields: Fields = field(default_factory=list)


class Edge:
    """One app's edge: its metrics, access line and CORS settings."""

    def __init__(self, state: ServiceState) -> None:
        self.state = state
        configure_logging(state.settings.log_level)
        self.access_log = access_log_enabled(state.settings)
        self.cors = Cors(state.settings.cors_origins)

    def problem(self, exchange: Exchange, error: Exception) -> Answer:
        """The problem answer of ``error``, counted (a refused credential against its address too)."""
        state = self.state
        if isinstance(error, Unauthorized) and exchange.credential_from is not None:
            try:
                address = exchange.credential_from
                error = state.address_guard.refused(state.store, error, address, state.clock())
            except StoreUnavailable as outage:  # uncounted is not unlimited: the outage is the answer
                error = outage
        problem = to_problem(error, exchange.game_id)
        state.metrics.refused(error, problem.code.value)
        if isinstance(error, Refused) and error.windows:
            exchange.who.windows[:] = error.windows  # the refusal says where its windows stand
        language = best_language(exchange.languages)
        exchange.speaks(language)
        fields = [("Content-Type", PROBLEM_MEDIA_TYPE), *problem.headers.items()]
        return Answer(problem.status, problem.body(language), fields)

    def finish(self, exchange: Exchange, status: int) -> Fields:
        """The header fields the answer gains; its metrics sample and access line, written; its
        place in flight, given back."""
        exchange.who.in_flight.leave()
        fields = policy_fields(exchange.who.windows)
        vary = []
        if exchange.language is not None:
            fields.append(("Content-Language", exchange.language))
            vary.append(VARY)
        fields += self.cors.fields(exchange.origin)
        if self.cors.varies:
            vary.append("Origin")
        if vary:
            fields.append(("Vary", ", ".join(vary)))
        fields.append((REQUEST_ID_HEADER, exchange.request_id))
        seconds = time.perf_counter() - exchange.started
        self.state.metrics.request_served(exchange.operation, status, seconds)
        if self.access_log:
            write_access_line(
                {
                    "method": exchange.method,
                    "path": exchange.path,
                    "status": status,
                    "duration_ms": round(seconds * 1000, 3),
                    "request_id": exchange.request_id,
                    "game_id": exchange.game_id,
                }
            )
        return fields

    def send(self, exchange: Exchange, answer: Answer, start_response: Callable[..., Any]) -> Iterable[bytes]:
        """An answer made without Flask, as WSGI sends it."""
        body = answer.body.encode()
        fields = [*answer.fields, ("Content-Length", str(len(body))), *self.finish(exchange, answer.status)]
        start_response(f"{answer.status} {HTTP_STATUS_CODES.get(answer.status, 'UNKNOWN').upper()}", fields)
        return [body]
