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
import threading
import time
from collections.abc import Callable
from typing import Any

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


def bounded_semaphore(size: int) -> Any:
    """A ``threading.BoundedSemaphore`` that never switches greenlets unless it must wait."""
    if not cooperative_worker():
        return threading.BoundedSemaphore(size)
    import gevent.lock  # type: ignore[import-untyped]

    return gevent.lock.BoundedSemaphore(size)


def lifo_queue_class() -> type[Any]:
    """The ``queue_class`` of redis-py's ``BlockingConnectionPool``, likewise."""
    if not cooperative_worker():
        return queue.LifoQueue
    import gevent.queue  # type: ignore[import-untyped]

    return gevent.queue.LifoQueue  # type: ignore[no-any-return]
