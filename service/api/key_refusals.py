"""A client key this process knows is over its requests window, refused before Flask.

A client that floods is refused with 429, but each refusal through Flask costs a request's
worth of CPU, taken from every other client of the worker (docs/RELIABILITY.md, the tenants
scenario). An empty bucket stays
empty until its next token (``SeenAdmissions``), so once a process has seen it, the answer to
the key's next request is known before anything is read: this middleware gives it, the same
429 as the Flask view's (from the same ``SeenAdmissions.check``, through the same edge).

It answers only the operations whose first step is the key's requests window
(``POST /v1/games``, ``GET /v1/games``, ``POST /v1/adjudicate``), for a request holding
an ``X-API-Key`` and no ``Authorization`` or ``Idempotency-Key``, from an address not
blocked. Anything else goes to the next app untouched.
tests/api/test_key_refusals.py compares its answers with Flask's.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from service.api.admission import API_KEY_KEY, source_address
from service.api.context import ServiceState
from service.api.edge import Edge, WsgiApp
from service.greenlets import cooperative_worker
from service.play.access import ApiKey
from service.play.errors import RateLimited

KEY_FIRST = (("/v1/games", "POST"), ("/v1/games", "GET"), ("/v1/adjudicate", "POST"))
"""(path, method) of the operations whose first step is the key's requests window."""
KNOWN_REFUSAL_PAUSE = 0.25
"""Seconds a known refusal waits before it is sent, in a gevent worker (where a waiting
request costs nothing). A client that sends as fast as answers come back is slowed to
four requests a second per connection, instead of taking the worker's CPU from everyone
else; a client that honours ``Retry-After`` never meets it. Threads are not held: there,
a waiting refusal would hold a thread that others need."""
_DECLINED = ("HTTP_AUTHORIZATION", "HTTP_IDEMPOTENCY_KEY")


class KeyRefusals:
    """The middleware; ``operations``: (method, path) -> the contract's operation id."""

    def __init__(
        self, state: ServiceState, edge: Edge, next_app: WsgiApp, operations: Mapping[tuple[str, str], str]
    ) -> None:
        self.state, self.edge, self.next_app, self.operations = state, edge, next_app, operations
        self.pause = KNOWN_REFUSAL_PAUSE if cooperative_worker() else 0.0

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        operation = self.operations.get((environ["REQUEST_METHOD"], environ.get("PATH_INFO", "")))
        key = None if operation is None else ApiKey.parse(environ.get(API_KEY_KEY))
        if operation is None or key is None or any(name in environ for name in _DECLINED):
            return self.next_app(environ, start_response)
        exchange = self.edge.begin(environ, operation)
        refusal = self._known_refusal(environ, key)
        if refusal is not None and self.pause:
            time.sleep(self.pause)  # a flooder's next request waits too; then a token may have come
            refusal = self._known_refusal(environ, key)
        if refusal is None:
            return self.next_app(environ, start_response)
        return self.edge.send(exchange, self.edge.problem(exchange, refusal, None), start_response)

    def _known_refusal(self, environ: dict[str, Any], key: ApiKey) -> RateLimited | None:
        """The 429 this key is sure to get now, or None (then Flask decides, the address block too)."""
        state = self.state
        now = state.clock()
        trusted = state.settings.trusted_proxies
        try:
            state.address_guard.check(
                source_address(environ.get("REMOTE_ADDR"), environ.get("HTTP_X_FORWARDED_FOR"), trusted), now
            )
        except RateLimited:
            return None
        try:
            state.seen.check(key.client_id, key.digest, state.settings.limits.requests, now)
        except RateLimited as refusal:
            return refusal
        return None
