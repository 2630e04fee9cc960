"""``create_app()``: the one place that wires settings, the store, blueprints and error handling.

The WSGI entry point passes ``Settings.from_environment()``; tests pass their own
settings and, when they need one, a store of their own. Everything the app needs at
run time (settings, store, metrics) lives in one ``ServiceState`` that it owns.
"""

from __future__ import annotations

from flask import Flask

from service.api import adjudicate, cors, games, meta, moves, observability, problems
from service.api.context import EXTENSION, ServiceState
from service.api.contract import load_contract, operation_ids
from service.api.metrics import Metrics
from service.settings import Settings
from service.store import GameStore
from service.store.factory import build_store


def create_app(settings: Settings | None = None, store: GameStore | None = None) -> Flask:
    settings = settings or Settings()
    app = Flask(__name__, static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = settings.max_body_bytes
    if store is None:
        store = build_store(settings.redis, settings.expiry)
    app.extensions[EXTENSION] = ServiceState(settings, store, Metrics())
    for blueprint in (games.bp, moves.bp, adjudicate.bp, meta.bp, meta.docs_assets()):
        app.register_blueprint(blueprint)
    contract = load_contract()  # parsed here: a broken contract stops the start, not a request
    # Hooks run in the order registered before a request and in reverse after it: the
    # access line and the metrics sample see the final answer, CORS headers included.
    observability.init_app(app, settings, operation_ids(app, contract))
    cors.init_app(app, settings.cors_origins)
    problems.init_app(app)
    return app
