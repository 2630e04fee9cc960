"""AdmissionLayer: the one room every request passes first, the outermost layer of the WSGI app.

In order, once per request (as Starlette's and Falcon's middleware put what every request
passes in one place):

1. the route (``service.api.routing``): the operation, its game, whether it takes credentials;
2. the exchange (``service.api.edge.Exchange``): the request id, the source address (worked out
   once, ``X-Forwarded-For`` believed only from ``TRUSTED_PROXIES``), the credentials as sent,
   the place in flight; every handler gets it, the move handler and Flask's views alike;
3. the refusals known before any work: an address this process knows is over its quota of
   refused credentials (``admission.address_guard.AddressGuard``), and a client key it knows is
   over its requests window (``admission.limits.SeenAdmissions``), each the 429 the handler would give;
4. its turn (``service.api.fair_queue``), when ``CONCURRENT_REQUESTS`` is set: at most that many
   requests run at once in the process; the others wait in one queue per tenant (``_tenant``),
   served in turn;
5. the handler: the move (``service.api.move_handler``), else Flask.

The credential itself is checked where the game is read (``admission.gate.open_game``): a
token is a game's, and its digests come with the game. Every request made with a client's
key or a token of its games counts in the client's windows, and its answer tells where
they stand (``RateLimit-Policy`` and ``RateLimit``, written by the edge).
"""

from __future__ import annotations

import ipaddress
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from service.admission.limits import InFlight
from service.admission.requester import Requester
from service.api.context import EXCHANGE_KEY, ServiceState
from service.api.edge import REQUEST_ID_KEY, Edge, Exchange, WsgiApp
from service.api.fair_queue import FairQueue
from service.api.inputs import bearer_token
from service.api.move_handler import MOVE_ENDPOINT, answer_move
from service.api.observability import request_id
from service.api.routing import Route, Router
from service.greenlets import cooperative_worker
from service.play.access import ApiKey
from service.play.refusals import RateLimited

API_KEY_KEY = "HTTP_X_API_KEY"
"""Where WSGI keeps the ``X-API-Key`` a client sent."""
KEY_FIRST = frozenset({"createGame", "listGames", "adjudicate"})
"""The operations whose first step is the key's requests window: a key known to be over it is
refused here. A request holding a bearer token or an ``Idempotency-Key`` goes on (the token wins
over the key; a key's replay is answered by the handler)."""
KNOWN_REFUSAL_PAUSE = 0.25
"""Seconds a known refusal waits before it is sent, in a gevent worker (where a waiting
request costs nothing). A client that sends as fast as answers come back is slowed to
four requests a second per connection, instead of taking the worker's CPU from everyone
else; a client that honours ``Retry-After`` never meets it. Threads are not held: there,
a waiting refusal would hold a thread that others need."""
UNQUEUED = frozenset({"getHint"})
"""Operations that take no turn: a hint of the expert waits up to ``HINT_WAIT_SECONDS`` for a
worker's answer, and holding a slot meanwhile would stall the process's other requests."""

Networks = Sequence[ipaddress.IPv4Network | ipaddress.IPv6Network]


class AdmissionLayer:
    """The layer; ``flask``: the app behind it."""

    def __init__(self, state: ServiceState, edge: Edge, router: Router, flask: WsgiApp) -> None:
        self.state, self.edge, self.router, self.flask = state, edge, router, flask
        self.pause = KNOWN_REFUSAL_PAUSE if cooperative_worker() else 0.0
        self.spread: Callable[[], float] = random.random
        """The jitter of a known refusal's pause, from 0 to 1 (a test fixes it)."""
        self.sleep: Callable[[float], None] = time.sleep
        """How a known refusal waits: gevent's sleep in a gevent worker (the app is made after the
        patch, as ``pause`` is); a test waits on its own clock, never on the whole process's."""
        self.refuses_known_keys = True
        """Off only in a test that compares these refusals with the handlers' own."""
        slots = state.settings.concurrent_requests
        self.queue = FairQueue(slots) if slots else None

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        route = self.router.route(environ["REQUEST_METHOD"], environ.get("PATH_INFO", ""))
        exchange = environ[EXCHANGE_KEY] = self._exchange(environ, route)
        try:
            self._refuse_known(environ, route, exchange)
        except RateLimited as refusal:
            return self.edge.send(exchange, self.edge.problem(exchange, refusal), start_response)
        if self.queue is None or route.operation in UNQUEUED:
            return self._handle(environ, start_response, route, exchange)
        with self.queue.turn(self._tenant(exchange)) as waited:
            if waited:
                self.state.metrics.waited_turn(waited)
            return self._handle(environ, start_response, route, exchange)

    def _handle(
        self, environ: dict[str, Any], start_response: Callable[..., Any], route: Route, exchange: Exchange
    ) -> Iterable[bytes]:
        if route.endpoint == MOVE_ENDPOINT:
            answer = answer_move(self.state, self.edge, environ, exchange)
            return self.edge.send(exchange, answer, start_response)
        return self.flask(environ, start_response)  # a stream's body is read after: its turn is over

    def _tenant(self, exchange: Exchange) -> tuple[str, str | None]:
        """Whose queue the request waits in: its address, and the client its credential names (the
        owner this process knows of the game its token is for; the key's client). Nothing is checked
        yet: a credential naming another's client lands in a queue of the sender's own address, never
        in the named client's. A token of a game this process does not know yet waits with its
        address's other such requests (a queue per game would give a client one per game)."""
        who, game_id = exchange.who, exchange.game_id
        claimed: str | None = None
        if who.token is not None and game_id is not None:
            known = self.state.gate.known.get(game_id)
            claimed = known.owner if known is not None else None
        elif who.key is not None:
            key = ApiKey.parse(who.key)
            claimed = key.client_id if key is not None else None
        return exchange.address, claimed

    def _exchange(self, environ: dict[str, Any], route: Route) -> Exchange:
        state = self.state
        path = environ.get("PATH_INFO", "")
        presented = "HTTP_AUTHORIZATION" in environ or API_KEY_KEY in environ
        remote, forwarded = environ.get("REMOTE_ADDR"), environ.get("HTTP_X_FORWARDED_FOR")
        address = source_address(remote, forwarded, state.settings.trusted_proxies)
        in_flight = InFlight(state.in_flight, state.gate.limits, state.gate.seen)
        token = bearer_token(environ.get("HTTP_AUTHORIZATION"))
        who = Requester(token, environ.get(API_KEY_KEY), state.clock(), in_flight)
        return Exchange(
            environ["REQUEST_METHOD"],
            path,
            route.operation,
            request_id(environ.get(REQUEST_ID_KEY, "")),
            time.perf_counter(),
            environ.get("HTTP_ORIGIN"),
            environ.get("HTTP_ACCEPT_LANGUAGE"),
            who,
            address,
            presented,  # only a request that presents a credential counts against its address
            route.game_id(path),
        )

    def _refuse_known(self, environ: dict[str, Any], route: Route, exchange: Exchange) -> None:
        """RateLimited when the answer is already known to be 429: the address blocked (for an operation
        that reads a credential, when one came), else a key known to be over its requests window."""
        if not route.credentialed or exchange.credential_from is None:
            return
        who, guard, gate = exchange.who, self.state.address_guard, self.state.gate
        guard.check(exchange.credential_from, who.now)
        if not self.refuses_known_keys or route.operation not in KEY_FIRST:
            return
        key = ApiKey.parse(who.key)
        if key is None or who.token is not None or "HTTP_IDEMPOTENCY_KEY" in environ:
            return
        window = gate.limits.requests
        try:
            gate.seen.check(key.client_id, key.digest, window, who.now)
        except RateLimited:
            if not self.pause:
                raise
            # A flooder's next request waits too; then a token may have come. Jittered: connections
            # refused together would otherwise wake together, and spend the new tokens as a burst.
            self.sleep(self.pause * (0.5 + self.spread()))
            exchange.who = who = replace(who, now=self.state.clock())
            guard.check(exchange.credential_from, who.now)
            gate.seen.check(key.client_id, key.digest, window, who.now)


def source_address(remote: str | None, forwarded_for: str | None, trusted: Networks) -> str:
    """The client's address: the peer's, unless the peer is a trusted proxy; then the nearest
    address in ``X-Forwarded-For`` that is not a trusted proxy (proxies append, right to left)."""
    address = remote or "unknown"
    if not forwarded_for or not _trusted(address, trusted):
        return address
    for hop in reversed([part.strip() for part in forwarded_for.split(",") if part.strip()]):
        if not _trusted(hop, trusted):
            return hop
    return address


def _trusted(address: str, trusted: Networks) -> bool:
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(parsed in network for network in trusted)
