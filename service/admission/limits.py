"""What each client app may cost: the service's default limits, the windows they count in, and admission.

Every request made with a client's key, or with a token of one of its games, counts in
its ``requests`` window; a game creation also counts in its ``games`` window and needs a
free place among its unfinished games. A client's own limits (``ClientLimits``) replace
the defaults. Both are admitted by GCRA, a token bucket (``store.client_apps.Window``): a
burst of the quota at once, then one hit per ``seconds / quota``, so a flooding client's admitted
requests arrive spread evenly rather than all at a window's start; a refusal says when
the next hit would be admitted. An address's refused credentials count in fixed windows.

A request made with a game's token counts against the game's owner once: a read with the
read (``Store.load_counted``), a move with its save (``Store.save_move``: one script), and a
move that saves nothing alone when it ends (``OwnerRequest``). A request made with a key
counts when the key is checked, in the same step. Why not Flask-Limiter: its counters are
round trips of their own beside the game's, and it knows nothing of a game's owner.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass

from service.play.refusals import ConcurrencyLimited, RateLimited, Refused, Unauthorized
from service.store.client_apps import (
    Admission,
    Admitted,
    ClientLimits,
    ClientStore,
    Counting,
    Window,
    WindowUse,
)


@dataclass(frozen=True, slots=True)
class LimitDefaults:
    """Limits a small honest client never meets (each client may have its own)."""

    requests_per_second: int = 100
    games_per_minute: int = 60
    max_open_games: int = 1_000
    max_in_flight: int = 8
    """Requests of one client at once in one worker process (its key and its games' tokens)."""
    max_streams: int = 500
    """Streams of one client's games open at once in one worker process."""
    auth_failures_per_minute: int = 30
    """Per source address: requests whose credential is refused (a key, a token)."""

    @property
    def requests(self) -> Window:
        return Window("requests", self.requests_per_second, 1, override="requests_per_second")

    @property
    def games(self) -> Window:
        return Window("games", self.games_per_minute, 60, override="games_per_minute")

    @property
    def auth_failures(self) -> Window:
        return Window("auth-failures", self.auth_failures_per_minute, 60)


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


class OwnerRequest:
    """A request of a game's owner, counted once: with the move it saves (``counting`` goes to the
    save, whose outcome is ``settle``d), or ``alone`` when the request ends without one."""

    def __init__(self, counting: Counting | None, seen: SeenAdmissions) -> None:
        self._counting = counting
        """None: nothing (more) to count: a game without an owner, or counted already."""
        self.seen = seen
        self.admitted: Admitted | None = None
        """Where the owner's window stood once counted (None: not yet, or nothing to count)."""

    @classmethod
    def nothing(cls) -> OwnerRequest:
        """A move no client asked for (a bot's): nothing to count."""
        return cls(None, SeenAdmissions())

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
        self.admitted = admitted_or_refused(counted)

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
