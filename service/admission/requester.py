"""Who asks: what a request presents, worked out once by admission and handed to every handler."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from service.admission.limits import InFlight
from service.store.client_apps import WindowUse


@dataclass(frozen=True, slots=True)
class Requester:
    """The credentials a request presents, when it came, its place in flight, and the windows it
    counted in as it went."""

    token: str | None
    """A bearer token of one game (it wins when a key is sent too)."""
    key: str | None
    """A client key, as sent."""
    now: float
    """Epoch seconds, from the app's clock."""
    in_flight: InFlight
    """The request's place among its client's requests in flight (given back by the edge)."""
    windows: list[WindowUse] = field(default_factory=list)
    """The limits' windows the request counted in: its answer tells where they stand."""

    def counted(self, windows: Sequence[WindowUse]) -> None:
        self.windows.extend(windows)
