"""What one app owns (its settings, store and metrics), and how a request reaches it.

``create_app`` builds one ``ServiceState`` per app and keeps it in ``app.extensions``:
two apps in one process (tests) share nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from flask import current_app

from service.admission.address_guard import AddressGuard
from service.admission.gate import Gate
from service.admission.known_games import KnownGames
from service.admission.limits import Occupancy, SeenAdmissions
from service.api.metrics import Metrics
from service.play.live import Live
from service.play.webhook_management import HookedOwners
from service.settings import Settings
from service.store import Store

EXTENSION = "restart"
EXCHANGE_KEY = "restart.exchange"
"""Where admission leaves a request's exchange (``service.api.edge.Exchange``) in its WSGI environ."""


@dataclass
class ServiceState:
    settings: Settings
    store: Store
    """Replaceable, so that a test can put a failing store in place."""
    metrics: Metrics
    clock: Callable[[], float]
    """Epoch seconds, for the limits' windows (a test moves it by hand)."""
    address_guard: AddressGuard
    gate: Gate = field(init=False)
    """What this process applies to every requester and remembers of games and full windows."""
    in_flight: Occupancy = field(default_factory=Occupancy)
    """Each client's requests in flight in this process."""
    streams: Occupancy = field(default_factory=Occupancy)
    """Each client's games' streams open in this process."""
    live: Live = field(init=False)
    """This process's readers of followed games and their streams."""
    told: HookedOwners = field(init=False)
    """Which clients have webhooks to tell their games' changes, as this process last read it."""

    def __post_init__(self) -> None:
        self.gate = Gate(self.settings.limits, KnownGames(), SeenAdmissions())
        self.live = Live(lambda: self.store)  # the store of the moment: a test may replace it
        self.told = HookedOwners(lambda: self.store)


def service_state() -> ServiceState:
    state: ServiceState = current_app.extensions[EXTENSION]
    return state


def current_store() -> Store:
    return service_state().store
