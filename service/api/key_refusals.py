"""A client key this process knows is over its requests window, refused before Flask.

A client that floods is refused with 429, but each refusal through Flask costs a request's
worth of CPU, taken from every other client of the worker: in reliability's tenants
scenario four flooding connections tripled an honest client's p99. A full window stays
full until it ends (``FullWindows``), so once a process has seen it, the answer to the
key's next request is known before anything is read: this middleware gives it, the same
429 as the Flask view's (from the same ``FullWindows.check``, through
``handler.problem_answer``, with the same headers, metrics and access line).

It answers only the operations whose first step is the key's requests window
(``POST /v1/games``, ``GET /v1/games``, ``POST /v1/adjudicate``), for a request holding
an ``X-API-Key`` and no ``Authorization``, ``Origin`` or ``Idempotency-Key``, from an
address not blocked. Anything else goes to the next app untouched.
tests/api/test_key_refusals.py compares its answers with Flask's.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from typing import Any

from service.api.context import ServiceState
from service.api.cors import varies_by_origin
from service.api.language import VARY
from service.api.move_path import REQUEST_ID_KEY, Answer, WsgiApp, problem_reply, unblocked_address
from service.api.observability import access_log_enabled, request_id
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
_DECLINED = ("HTTP_AUTHORIZATION", "HTTP_ORIGIN", "HTTP_IDEMPOTENCY_KEY")


class KeyRefusals:
    """The middleware; ``operations``: (method, path) -> the contract's operation id."""

    def __init__(
        self, state: ServiceState, next_app: WsgiApp, operations: Mapping[tuple[str, str], str]
    ) -> None:
        self.state = state
        self.next_app = next_app
        self.operations = operations
        self.access_log = access_log_enabled(state.settings)
        self.pause = KNOWN_REFUSAL_PAUSE if cooperative_worker() else 0.0
        self.vary = [VARY, *(["Origin"] if varies_by_origin(state.settings.cors_origins) else [])]

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        method, path = environ["REQUEST_METHOD"], environ.get("PATH_INFO", "")
        operation = self.operations.get((method, path))
        if operation is None or any(name in environ for name in _DECLINED):
            return self.next_app(environ, start_response)
        started = time.perf_counter()
        key = ApiKey.parse(environ.get("HTTP_X_API_KEY"))
        address = None if key is None else unblocked_address(self.state, environ)
        if key is None or address is None:
            return self.next_app(environ, start_response)
        refusal = self._known_refusal(key)
        if refusal is not None and self.pause:
            time.sleep(self.pause)  # a flooder's next request waits too; then the window may have ended
            refusal = self._known_refusal(key)
        if refusal is None:
            return self.next_app(environ, start_response)
        status, body, headers, _ = problem_reply(
            self.state, refusal, address, None, environ.get("HTTP_ACCEPT_LANGUAGE")
        )
        request = request_id(environ.get(REQUEST_ID_KEY, ""))
        answer = Answer(status, body, headers, (), self.vary, request, started)
        return answer.send(self.state, operation, self.access_log, (method, path, None), start_response)

    def _known_refusal(self, key: ApiKey) -> RateLimited | None:
        """The 429 this key is sure to get now, or None (then Flask decides)."""
        state, requests = self.state, (self.state.settings.limits.requests,)
        try:
            state.full_windows.check(key.client_id, key.digest, requests, state.clock())
        except RateLimited as refusal:
            return refusal
        return None
