"""``create_app()``: the one place that wires settings, the store, blueprints and error handling.

The WSGI entry point passes ``Settings.from_environment()``; tests pass their own
settings and, when they need them, a store and a clock of their own. Everything the app
needs at run time (settings, store, metrics, clock) lives in one ``ServiceState`` that it owns.
"""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Callable

from flask import Flask

from service.admission.address_guard import AddressGuard
from service.api import (
    adjudicate,
    bots,
    cors,
    flask_edge,
    game_routes,
    meta,
    move_routes,
    offer_routes,
    player_routes,
    rating_routes,
    record_routes,
    rematch_routes,
    seats,
    streams,
    table_routes,
    web_page,
    webhook_routes,
)
from service.api.admission import AdmissionLayer
from service.api.context import EXTENSION, ServiceState
from service.api.contract import credentialed, load_contract, operation_ids
from service.api.edge import Edge
from service.api.metrics import Metrics
from service.api.move_handler import add_route
from service.api.routing import Router
from service.api.translation import catalogs
from service.play.client_management import ensure_development_client
from service.settings import Settings
from service.store import Store
from service.store.factory import build_store

log = logging.getLogger(__name__)


def create_app(
    settings: Settings | None = None, store: Store | None = None, clock: Callable[[], float] = time.time
) -> Flask:
    settings = settings or Settings()
    app = Flask(__name__, static_folder=None)
    if store is None:
        store = build_store(settings.redis, settings.expiry)
    guard = AddressGuard(settings.limits.auth_failures)
    state = app.extensions[EXTENSION] = ServiceState(settings, store, Metrics(), clock, guard)
    blueprints = (
        game_routes.bp,
        move_routes.bp,
        seats.bp,
        rematch_routes.bp,
        offer_routes.bp,
        player_routes.bp,
        rating_routes.bp,
        table_routes.bp,
        record_routes.bp,
        streams.bp,
        adjudicate.bp,
        bots.bp,
        webhook_routes.bp,
        meta.bp,
        meta.docs_assets(),
        web_page.bp,
        web_page.play_assets(),
    )
    for blueprint in blueprints:
        app.register_blueprint(blueprint)
    add_route(app)
    contract = load_contract()  # parsed here: a broken contract stops the start, not a request
    catalogs()  # likewise the French and Portuguese sentences
    # Every request passes admission first; every answer passes the one edge: Flask's through its
    # request hooks (flask_edge, registered first, so that they run last after a request), the move's
    # and admission's refusals before Flask.
    edge = Edge(state)
    flask_edge.init_app(app, edge)
    cors.init_app(app, edge.cors)
    router = Router(app, operation_ids(app, contract), credentialed(app, contract))
    app.wsgi_app = AdmissionLayer(state, edge, router, app.wsgi_app)  # type: ignore[method-assign]
    if settings.development_client:
        key = ensure_development_client(store, clock())
        log.warning("development client ready: send X-API-Key: %s (the embedded store only)", key)
    return app


YOUNG_COLLECTION_EVERY = 200_000


def settle_for_serving() -> None:
    """The garbage collector set for a long-lived server, once its app is built: what it loaded at
    start is set aside for good (``gc.freeze``), and young collections wait for
    ``YOUNG_COLLECTION_EVERY`` allocations instead of Python's 700, so that far fewer objects of
    requests still in flight reach the old generation, whose growth triggers a full collection
    that stops the worker (with many streams open, for tens of milliseconds: docs/PERFORMANCE.md,
    "The tail")."""
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_EVERY, *gc.get_threshold()[1:])


def close_streams(app: Flask) -> None:
    """End every open stream of ``app`` now (the process is stopping: clients reconnect elsewhere)."""
    state = app.extensions.get(EXTENSION)
    if isinstance(state, ServiceState):
        state.live.close()
