"""What each client app may cost: the service's default limits, the windows they count in, and admission.

Every request made with a client's key, or with a token of one of its games, counts in
its ``requests`` window; a game creation also counts in its ``games`` window and needs a
free place among its unfinished games. A client's own limits (``ClientLimits``) replace
the defaults. Both are admitted by GCRA, a token bucket (``store.client_apps.Window``): a
burst of the quota at once, then one hit per ``seconds / quota``, so a flooding client's admitted
requests arrive spread evenly rather than all at a window's start; a refusal says when
the next hit would be admitted. An address's refused credentials count in fixed windows.

A request made with a game's token counts against the game's owner once: a read with the
read (``Store.load_counted``), a change with its save (``play.commit``: one script), and a
request that saves nothing alone when it ends (``OwnerRequest``). A request made with a key
counts when the key is checked, in the same step. Why not Flask-Limiter: its counters are
round trips of their own beside the game's, and it knows nothing of a game's owner.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence

from service.admission.config import LimitDefaults
from service.play.refusals import ConcurrencyLimited, RateLimited, Unauthorized
from service.store.client_apps import (
    Admission,
    Admitted,
    ClientLimits,
    ClientStore,
    Counting,
    Window,
    WindowUse,
)


def retry_after(windows: tuple[WindowUse, ...]) -> int:
    """Whole seconds until every full policy admits a hit again (at least 1)."""
    full = [use.next_in for use in windows if use.remaining == 0]
    return max(1, math.ceil(max(full, default=1)))


class SeenAdmissions:
    """What this process saw of clients' admissions: the windows it found full, and each client's
    own limits (as its last admission here told them).

    An empty bucket stays empty until its next hit is due (only admissions move its arrival
    time, and only later), so until then the client's requests that would count in it are
    refused here, without a store call: exactly what the store would refuse. A window is
    remembered with the key that found it full; a request with another key is left to the
    store (it may not be the client's key). A request with a token was checked already,
    against the game's own digests.
    """

    MAX_REMEMBERED = 10_000

    def __init__(self) -> None:
        self._full: dict[tuple[str, str], tuple[float, float, str | None, WindowUse]] = {}
        """(client id, window name) -> (when it admits again, when it is whole again, the key digest
        that found it full, its use)."""
        self._limits: dict[str, ClientLimits] = {}

    def check(self, client_id: str, key_digest: str | None, window: Window, now: float) -> None:
        found = self._full.get((client_id, window.name))
        if found is None:
            return
        admits, whole, digest, use = found
        if admits <= now:
            del self._full[(client_id, window.name)]
        elif key_digest is None or key_digest == digest:
            full = (WindowUse(use.name, use.quota, use.seconds, use.quota, whole - now, admits - now),)
            raise RateLimited(full, retry_after(full))

    def saw(self, client_id: str, key_digest: str | None, admitted: Admitted, now: float) -> None:
        """Remember the client's limits, and each window this admission left (or found) full."""
        if admitted.admission is not Admission.UNKNOWN:
            if len(self._limits) >= self.MAX_REMEMBERED:
                self._limits.clear()
            self._limits[client_id] = admitted.limits
        for use in admitted.windows:
            if use.remaining == 0:
                if len(self._full) >= self.MAX_REMEMBERED:
                    self._full = {key: value for key, value in self._full.items() if value[0] > now}
                self._full[(client_id, use.name)] = (now + use.next_in, now + use.resets_in, key_digest, use)

    def own_limits(self, client_id: str) -> ClientLimits | None:
        """The client's own limits as last seen here; None before its first admission here."""
        return self._limits.get(client_id)


class Occupancy:
    """How many requests (or streams) of each client this process holds at once."""

    def __init__(self) -> None:
        self._held: dict[str, int] = {}
        self._lock = threading.Lock()

    def take(self, client_id: str, cap: int) -> bool:
        """One more place for ``client_id``, unless it holds ``cap`` already."""
        with self._lock:
            held = self._held.get(client_id, 0)
            if held >= cap:
                return False
            self._held[client_id] = held + 1
            return True

    def give_back(self, client_id: str) -> None:
        with self._lock:
            held = self._held.pop(client_id, 1) - 1
            if held:
                self._held[client_id] = held

    def held(self, client_id: str) -> int:
        return self._held.get(client_id, 0)


class InFlight:
    """The place one request holds among its client's requests in flight in this process (at most
    one: the first client it is counted against), given back when its answer has been made."""

    def __init__(self, occupancy: Occupancy, defaults: LimitDefaults, seen: SeenAdmissions) -> None:
        self.occupancy, self.defaults, self.seen = occupancy, defaults, seen
        self.client_id: str | None = None

    def enter(self, client_id: str) -> None:
        """ConcurrencyLimited when the client has its most requests in flight here already. A client
        this process has not admitted yet is not held back: its own cap, which may be higher than
        the default, is not known here until then (its first admission takes milliseconds)."""
        if self.client_id is not None:
            return
        own = self.seen.own_limits(client_id)
        cap = 2**31 if own is None else own.max_in_flight or self.defaults.max_in_flight
        if not self.occupancy.take(client_id, cap):
            raise ConcurrencyLimited(cap)
        self.client_id = client_id

    def leave(self) -> None:
        if self.client_id is not None:
            self.occupancy.give_back(self.client_id)
            self.client_id = None


def admitted_or_refused(admitted: Admitted) -> Admitted:
    """The admission, or the refusal it amounts to."""
    if admitted.admission is Admission.UNKNOWN:
        raise Unauthorized()
    if admitted.admission is Admission.LIMITED:
        raise RateLimited(admitted.windows, retry_after(admitted.windows))
    return admitted


Counted = Callable[[Sequence[WindowUse]], None]
"""Where a request's counts go: the windows it counted in, which its answer tells (``Requester.counted``)."""


class OwnerRequest:
    """A request of a game's owner, counted once: with the change it saves (``counting`` goes to the
    save, whose outcome is ``settle``d: ``play.commit.Count``), or ``alone`` when it saves nothing."""

    def __init__(self, counting: Counting | None, seen: SeenAdmissions, counted: Counted) -> None:
        self._counting = counting
        """None: nothing (more) to count: a game without an owner, or counted already."""
        self.seen = seen
        self.counted = counted

    @property
    def counting(self) -> Counting | None:
        """What the save is to count, if anything is left to count."""
        return self._counting

    def settle(self, counted: Admitted | None) -> None:
        """What the store counted (None: nothing): remembered, and raised as the refusal it amounts to."""
        counting, self._counting = self._counting, None
        if counting is None or counted is None or counted.admission is Admission.UNKNOWN:
            return  # an owner removed by hand counts nothing
        self.seen.saw(counting.client_id, None, counted, counting.now)
        self.counted(admitted_or_refused(counted).windows)

    def alone(self, store: ClientStore) -> None:
        """Count the request unless it was counted already (RateLimited when the window is full)."""
        counting = self._counting
        if counting is not None:
            self.settle(store.admit(counting.client_id, None, counting.window, counting.now))


def admit(
    store: ClientStore,
    seen: SeenAdmissions,
    client_id: str,
    key_digest: str | None,
    window: Window,
    now: float,
) -> Admitted:
    """Count a request of ``client_id`` (holding the key of ``key_digest``, if given) in ``window``."""
    seen.check(client_id, key_digest, window, now)
    admitted = store.admit(client_id, key_digest, window, now)
    seen.saw(client_id, key_digest, admitted, now)
    return admitted_or_refused(admitted)
