"""``create_app()``: the one place that wires configuration, the store, blueprints and error handling.

Configuration comes from the environment (``ENVIRONMENT_SETTINGS``), then from the
mapping passed in, which wins; tests pass ``{"STORE": MemoryStore()}`` to inject a
store. Without ``REDIS_URL`` the embedded in-memory store serves one process only.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from flask import Flask

from service.api import adjudicate, cors, errors, games, meta, moves, observability
from service.api.contract import load_contract
from service.api.http import STORE_EXTENSION
from service.store.base import DEFAULT_FINISHED_TTL, DEFAULT_IDLE_TTL
from service.store.factory import build_store

MAX_BODY_BYTES = 64 * 1024

ENVIRONMENT_SETTINGS = (
    "REDIS_URL",
    "REDIS_CLUSTER",
    "REDIS_CONNECT_TIMEOUT",
    "REDIS_SOCKET_TIMEOUT",
    "REDIS_POOL_SIZE",
    "GAME_IDLE_TTL",
    "GAME_FINISHED_TTL",
    "CORS_ORIGINS",
    "LOG_LEVEL",
    "ACCESS_LOG",
)

DEFAULTS: dict[str, Any] = {
    "MAX_CONTENT_LENGTH": MAX_BODY_BYTES,
    "GAME_IDLE_TTL": DEFAULT_IDLE_TTL,
    "GAME_FINISHED_TTL": DEFAULT_FINISHED_TTL,
    "CORS_ORIGINS": "",
    "LOG_LEVEL": "INFO",
    "ACCESS_LOG": "1",
}


def settings_from_environment(environ: Mapping[str, str]) -> dict[str, str]:
    return {name: environ[name] for name in ENVIRONMENT_SETTINGS if name in environ}


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    app = Flask(__name__, static_folder=None)
    app.config.update(DEFAULTS)
    app.config.update(settings_from_environment(os.environ))
    app.config.update(config or {})

    observability.init_app(app)
    cors.init_app(app)
    errors.init_app(app)
    store = app.config.get("STORE")
    app.extensions[STORE_EXTENSION] = build_store(app.config) if store is None else store
    for blueprint in (games.bp, moves.bp, adjudicate.bp, meta.bp, meta.docs_assets):
        app.register_blueprint(blueprint)
    load_contract()  # parsed once, here: a broken contract stops the start, not a request
    return app
