"""Letting a request in: its credentials, its source address, what it costs, and the RateLimit headers.

Views open games and clients through here, so that every request made with a client's key
or a token of its games counts in the client's windows, and its answer (whatever it is,
429s included) tells where they stand (the edge writes the ``RateLimit-Policy`` and
``RateLimit`` fields of draft-ietf-httpapi-ratelimit-headers).

Requests whose credential is refused are limited per source address (``X-Forwarded-For``
is believed only from ``TRUSTED_PROXIES``; ``service.play.limits.AddressGuard``).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence

from flask import Flask, g, request

from service.api.context import service_state
from service.api.inputs import bearer_token
from service.play.games import Access, ClientAccess, OpenGame, authenticate_client, open_game
from service.store.client_apps import WindowUse

API_KEY_HEADER = "X-API-Key"
API_KEY_KEY = "HTTP_X_API_KEY"
"""Where WSGI keeps the ``X-API-Key`` a client sent."""


def request_access() -> Access:
    state = service_state()
    headers = request.headers
    return Access(
        bearer_token(headers),
        headers.get(API_KEY_HEADER),
        state.settings.limits,
        state.clock(),
        state.known_games,
        state.seen,
        g.exchange.in_flight,
    )


def open_requested_game(game_id: str) -> OpenGame:
    """The game of the route, opened by the request's credential and counted against its owner."""
    game = open_game(service_state().store, game_id, request_access())
    if game.admitted is not None:
        counted(game.admitted.windows)
    return game


def requesting_client() -> ClientAccess:
    """The client whose key the request holds, counted against it."""
    client = authenticate_client(service_state().store, request_access())
    counted(client.admitted.windows)
    return client


def counted(windows: Sequence[WindowUse]) -> None:
    """Windows this request counted in: its answer will tell where they stand."""
    g.exchange.counted(windows)


Networks = Sequence[ipaddress.IPv4Network | ipaddress.IPv6Network]


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


def requester_address() -> str:
    settings = service_state().settings
    return source_address(
        request.remote_addr, request.headers.get("X-Forwarded-For"), settings.trusted_proxies
    )


def presents_credential() -> bool:
    return "Authorization" in request.headers or API_KEY_HEADER in request.headers


def init_app(app: Flask, credentialed: frozenset[str]) -> None:
    """``credentialed``: the endpoints of the operations that take credentials (the contract's
    ``security``). Only those refuse a blocked address: health, readiness, metrics, the contract,
    the docs and the page are never refused, whatever a request carries."""

    def refuse_blocked_address() -> None:
        """Before any credential is read: 429 for an address this process knows is over its quota."""
        if request.endpoint in credentialed and presents_credential():
            state = service_state()
            state.address_guard.check(requester_address(), state.clock())

    app.before_request(refuse_blocked_address)
