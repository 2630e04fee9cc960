"""What the service does differently in a gevent worker, where requests are greenlets that
take turns in one thread and switch only when one waits.

Two gevent details decide how long a request waits for its worker's other requests
(docs/PERFORMANCE.md, tail item 7):

- ``gevent.sleep(0)`` queues the caller behind the hub's other *callbacks* and returns to
  it without polling the sockets, unless callbacks have run for the whole switch interval
  (``sys.getswitchinterval()``, 5 ms) by then. While two requests of a worker kept handing
  the turn to each other that way, a third whose reply from Redis had arrived was not
  resumed: up to 5 ms and more, and that was the move's p99.
- A timer due at once (``gevent.sleep`` of a positive time) is served after the hub has
  polled the sockets: every request whose reply has arrived goes first, then the caller.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

TURN_SECONDS = 1e-6
"""The timer of ``turn_passer``: any positive time makes gevent poll the sockets first."""


def cooperative_worker() -> bool:
    """True in a gevent worker: its sockets are patched, so a sleep holds no thread."""
    if "gevent.monkey" not in sys.modules:
        return False
    from gevent import monkey  # type: ignore[import-untyped]

    return bool(monkey.is_module_patched("socket"))


def turn_passer() -> Callable[[], None]:
    """A function that lets every other ready request of this worker run first, then returns.

    Under gevent, a timer due at once (see the module's notes); under threads
    ``time.sleep(0)``, which only offers the GIL. Decided once, after the worker has patched.
    """
    if not cooperative_worker():
        return lambda: time.sleep(0)
    import gevent

    sleep = gevent.sleep
    return lambda: sleep(TURN_SECONDS)
