"""A bounded LIFO queue for connection pools, which switches to another greenlet only to wait.

Why not ``queue.LifoQueue`` (redis-py's ``BlockingConnectionPool``) or ``threading.BoundedSemaphore``:
both hand items back through ``threading.Condition.notify()``, which checks that the caller
holds the lock by trying ``lock.acquire(False)`` on it. Under gevent's monkey-patching that
lock is gevent's, and gevent answers a failed try with ``gevent.sleep()`` (``gevent/thread.py``,
so that spin locks work). So every connection handed back to a pool passed the worker to its
other requests, by the very yield that does not poll the sockets (``service.greenlets``).

Here a waiter waits on a lock of its own, acquired only by it and released by the put that
serves it; nothing else ever tries a lock it holds. Alike under threads and gevent.
"""

from __future__ import annotations

import queue
import threading
from collections import deque
from typing import Generic, TypeVar

Item = TypeVar("Item")


class _Waiter(Generic[Item]):
    __slots__ = ("lock", "item", "served")

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.lock.acquire()  # released by the put that serves this waiter
        self.item: Item | None = None
        self.served = False


class SlotQueue(Generic[Item]):
    """What redis-py's ``BlockingConnectionPool`` asks of its ``queue_class``: ``get``, ``put_nowait``
    and the list ``queue``; the last item put is the first taken."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self.queue: list[Item] = []
        self._lock = threading.Lock()
        self._waiters: deque[_Waiter[Item]] = deque()

    def get(self, block: bool = True, timeout: float | None = None) -> Item:
        """The last item put; waits up to ``timeout`` seconds (None: for ever), then ``queue.Empty``."""
        with self._lock:
            if self.queue:
                return self.queue.pop()
            if not block:
                raise queue.Empty
            waiter: _Waiter[Item] = _Waiter()
            self._waiters.append(waiter)
        try:
            waiter.lock.acquire(timeout=-1 if timeout is None else max(0.0, timeout))
        except BaseException:  # killed while waiting (a greenlet's exit, a gevent.Timeout)
            self._forget(waiter)
            raise
        with self._lock:
            if waiter.served:  # served, even if just as the wait timed out: the item is ours
                return waiter.item  # type: ignore[return-value]
            self._waiters.remove(waiter)
        raise queue.Empty

    def _forget(self, waiter: _Waiter[Item]) -> None:
        """A waiter gone: no item may be handed to it any more, and one it was handed goes back."""
        with self._lock:
            if not waiter.served:
                self._waiters.remove(waiter)
                return
        self.put_nowait(waiter.item)  # type: ignore[arg-type]

    def put_nowait(self, item: Item) -> None:
        """Hands ``item`` to the longest waiter, else keeps it; ``queue.Full`` when ``maxsize`` are kept."""
        with self._lock:
            if self._waiters:
                waiter = self._waiters.popleft()
                waiter.item, waiter.served = item, True
                waiter.lock.release()
                return
            if len(self.queue) >= self.maxsize:
                raise queue.Full
            self.queue.append(item)
