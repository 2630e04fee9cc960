"""What one app owns (its settings, store and metrics), and how a request reaches it.

``create_app`` builds one ``ServiceState`` per app and keeps it in ``app.extensions``:
two apps in one process (tests) share nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import current_app

from service.api.metrics import Metrics
from service.settings import Settings
from service.store import GameStore

EXTENSION = "restart"


@dataclass
class ServiceState:
    settings: Settings
    store: GameStore
    """Replaceable, so that a test can put a failing store in place."""
    metrics: Metrics


def service_state() -> ServiceState:
    state: ServiceState = current_app.extensions[EXTENSION]
    return state


def current_store() -> GameStore:
    return service_state().store
