"""FairQueue: the requests a process runs at once, and the turns of those that wait.

A gevent worker starts every request it accepts: under a flood, a quiet client's request
shares the worker with every one of the flooder's, each taking the CPU in turn, and waits
for all of them. Here at most ``slots`` requests run at once; the others wait in one queue
per tenant (``admission.tenant``), and a freed slot goes to the tenants in turn by deficit
round robin (Shreedhar and Varghese), each request's cost being the seconds it held its
slot, charged when it gives it back (its cost is not known before, as in 2DFQ). A tenant
that floods waits behind its own requests; a quiet one waits at most for the slots to free
and one turn of each other waiting tenant. Idle, a request takes a free slot at once.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

QUANTUM = 0.002
"""Seconds of slot time a waiting tenant is credited at each of its turns: about a request's."""
MAX_DEBT = 0.25
"""Seconds a tenant may owe at most: one very slow request (a stream's start, a stalled store)
does not hold its tenant back for longer than a flooder's refusal pause."""


@dataclass(slots=True)
class _Tenant:
    deficit: float = QUANTUM
    """Slot seconds it may still take before the others get a turn; a newcomer goes at its first turn."""
    running: int = 0
    waiting: deque[threading.Lock] = field(default_factory=deque)
    """One locked gate per waiting request, opened when a slot is handed to it."""


class FairQueue:
    """``slots`` requests at once; ``turn(tenant)`` holds one for the block it guards."""

    def __init__(self, slots: int) -> None:
        self._free = slots
        self._tenants: dict[Hashable, _Tenant] = {}
        self._turns: deque[Hashable] = deque()
        """The tenants with waiting requests, the next to be served first."""
        self._lock = threading.Lock()

    @contextmanager
    def turn(self, tenant: Hashable) -> Iterator[float]:
        """Holds a slot for the block; gives the seconds the request waited for it (0: none)."""
        asked = time.perf_counter()
        waited = self._enter(tenant)
        began = time.perf_counter()
        try:
            yield began - asked if waited else 0.0
        finally:
            self._leave(tenant, time.perf_counter() - began)

    def waiting(self) -> int:
        return sum(len(tenant.waiting) for tenant in self._tenants.values())

    def _enter(self, key: Hashable) -> bool:
        """Whether the request had to wait."""
        with self._lock:
            tenant = self._tenants.get(key)
            if tenant is None:
                tenant = self._tenants[key] = _Tenant()
            if self._free and not self._turns:
                self._free -= 1
                tenant.running += 1
                return False
            gate = threading.Lock()
            gate.acquire()
            tenant.waiting.append(gate)
            if len(tenant.waiting) == 1:
                self._turns.append(key)
        try:
            gate.acquire()  # opened by _hand_over, which has counted the slot as this request's
        except BaseException:  # killed while waiting (a worker's shutdown): leave no slot behind
            with self._lock:
                if gate in tenant.waiting:
                    tenant.waiting.remove(gate)
                    if not tenant.waiting:
                        self._turns.remove(key)
                    self._forget_idle(key, tenant)
                    raise
            self._leave(key, 0.0)
            raise
        return True

    def _leave(self, key: Hashable, cost: float) -> None:
        with self._lock:
            tenant = self._tenants[key]
            tenant.running -= 1
            tenant.deficit = max(tenant.deficit - cost, -MAX_DEBT)
            self._hand_over()
            self._forget_idle(key, tenant)

    def _hand_over(self) -> None:
        """A freed slot to the next tenant in turn whose deficit allows it, else back to the free ones."""
        turns = self._turns
        while turns:
            tenant = self._tenants[turns[0]]
            if tenant.deficit > 0:
                gate = tenant.waiting.popleft()
                tenant.running += 1
                if tenant.waiting:
                    turns.rotate(-1)
                else:
                    turns.popleft()
                gate.release()
                return
            tenant.deficit += QUANTUM
            turns.rotate(-1)
        self._free += 1

    def _forget_idle(self, key: Hashable, tenant: _Tenant) -> None:
        """A tenant with nothing running or waiting starts afresh next time (DRR forgets an idle queue)."""
        if not tenant.running and not tenant.waiting:
            del self._tenants[key]
