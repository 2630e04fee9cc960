"""Refused credentials counted per source address, and the addresses this process knows are over.

A stranger guessing keys or tokens from one address is refused 429 once its refusals fill the
address's window (``LimitDefaults.auth_failures``), before any credential of its is read.
"""

from __future__ import annotations

from service.admission.limits import retry_after
from service.play.refusals import RateLimited, Refused, Unauthorized
from service.store.client_apps import ClientStore, Window, WindowUse


class AddressGuard:
    """Refused credentials, counted per source address; this process's memory of the full windows.

    Each refusal counts in the address's window in the store, shared by every process. Once
    the window is full, this process refuses that address (429) until the window ends,
    before any credential is read: from then on a guess cannot be told from a hit. A
    process learns it at the address's next refusal, so an address gets at most the quota
    plus one attempt per process in a window.
    """

    MAX_REMEMBERED = 10_000

    def __init__(self, window: Window) -> None:
        self.window = window
        self._blocked: dict[str, tuple[float, tuple[WindowUse, ...]]] = {}
        """Address -> (when its full window ends, that window)."""

    def check(self, address: str, now: float) -> None:
        """RateLimited while this process knows the address's window is full."""
        blocked = self._blocked.get(address)
        if blocked is None:
            return
        ends, windows = blocked
        if ends <= now:
            del self._blocked[address]
            return
        raise RateLimited(windows, retry_after(windows))

    def refused(self, store: ClientStore, error: Unauthorized, address: str, now: float) -> Refused:
        """Count the refusal; the error to answer with: the same one, or RateLimited past the quota."""
        use = store.count_hit(address, self.window, now)
        if use.used <= use.quota:
            error.windows = (use,)
            return error
        full = (WindowUse(use.name, use.quota, use.seconds, use.quota, use.resets_in, use.resets_in),)
        if len(self._blocked) >= self.MAX_REMEMBERED:  # many addresses at once: keep the live ones
            self._blocked = {key: value for key, value in self._blocked.items() if value[0] > now}
        self._blocked[address] = (now + use.resets_in, full)
        return RateLimited(full, retry_after(full))
