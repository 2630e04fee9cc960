"""What the service does differently in a gevent worker, where requests are greenlets that
take turns in one thread and switch only when one waits.

Decided once, after the worker has patched: whether this is such a worker, how a request
lets the worker's other ready requests go first (a timer due at once: unlike
``gevent.sleep(0)``, the hub polls the sockets before serving it), and which lock bounds a
connection pool (gevent's own: the patched ``threading.BoundedSemaphore`` switches
greenlets on every release). docs/PERFORMANCE.md, "The tail", has the measurements.
"""

from __future__ import annotations

import queue
import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

TURN_SECONDS = 1e-6
"""The timer of ``turn_passer``: any positive time makes gevent poll the sockets first."""


def cooperative_worker() -> bool:
    """True in a gevent worker: its sockets are patched, so a sleep holds no thread."""
    if "gevent.monkey" not in sys.modules:
        return False
    from gevent import monkey  # type: ignore[import-untyped]

    return bool(monkey.is_module_patched("socket"))


def turn_passer() -> Callable[[], None]:
    """A function that lets every other ready request of this worker run first, then returns
    (under threads ``time.sleep(0)``, which only offers the GIL)."""
    if not cooperative_worker():
        return lambda: time.sleep(0)
    import gevent

    sleep = gevent.sleep
    return lambda: sleep(TURN_SECONDS)


class Slots:
    """``size`` places, taken and given back at C speed (``threading.BoundedSemaphore`` is Python
    code with a ``Condition``: each round trip paid for it)."""

    def __init__(self, size: int) -> None:
        self._free: queue.SimpleQueue[None] = queue.SimpleQueue()
        for _ in range(size):
            self._free.put(None)

    def acquire(self, timeout: float | None = None) -> bool:
        try:
            self._free.get(timeout=timeout)
        except queue.Empty:
            return False
        return True

    def release(self) -> None:
        self._free.put(None)


def bounded_semaphore(size: int) -> Any:
    """Places that never switch greenlets unless one must wait: gevent's own semaphore in a gevent
    worker, ``Slots`` under threads."""
    if not cooperative_worker():
        return Slots(size)
    import gevent.lock  # type: ignore[import-untyped]

    return gevent.lock.BoundedSemaphore(size)


def lifo_queue_class() -> type[Any]:
    """The ``queue_class`` of redis-py's ``BlockingConnectionPool``, likewise."""
    if not cooperative_worker():
        return queue.LifoQueue
    import gevent.queue  # type: ignore[import-untyped]

    return gevent.queue.LifoQueue  # type: ignore[no-any-return]


def off_the_loop(function: Callable[..., T], *arguments: Any) -> T:
    """``function(*arguments)``, CPU work, done where it stalls no request: in a gevent worker, in a
    real thread of gevent's pool while this greenlet waits (the others run meanwhile, as the
    interpreter switches threads every few milliseconds); under threads, right here."""
    if not cooperative_worker():
        return function(*arguments)
    import gevent

    result: T = gevent.get_hub().threadpool.apply(function, arguments)
    return result
