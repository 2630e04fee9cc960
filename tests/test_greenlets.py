"""``service.greenlets``: the pools' locks and the yield before each round trip, as a gevent worker has them.

What they are for shows only under gevent: neither may pass the worker to another request
where it need not, and passing the turn must let a request whose reply has arrived go
first. Those checks run in a child process, monkey-patched as a gunicorn gevent worker is,
and count greenlet switches (no timings).
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import textwrap

from service.greenlets import Slots, bounded_semaphore, cooperative_worker, lifo_queue_class


def test_outside_gevent_places_on_a_c_queue_and_the_standard_librarys_lifo_queue() -> None:
    assert not cooperative_worker()
    places = bounded_semaphore(2)
    assert isinstance(places, Slots)
    assert places.acquire(timeout=0) and places.acquire(timeout=0) and not places.acquire(timeout=0.01)
    places.release()
    assert places.acquire(timeout=0)
    assert lifo_queue_class() is queue.LifoQueue


UNDER_GEVENT = textwrap.dedent(
    """
    from gevent import monkey

    monkey.patch_all()

    import json
    import socket
    import threading

    import gevent
    import greenlet

    from service.greenlets import bounded_semaphore, lifo_queue_class, turn_passer

    switches = [0]
    greenlet.settrace(lambda event, args: switches.__setitem__(0, switches[0] + 1))

    def switches_while(take, give):
        # Taking and giving back a free slot, with another request ready to run: how many switches.
        seen = []

        def request():
            for _ in range(50):
                gevent.sleep(0)
                before = switches[0]
                take()
                give()
                seen.append(switches[0] - before)

        gevent.joinall([gevent.spawn(request), gevent.spawn(request)])
        return sorted(set(seen))

    semaphore = bounded_semaphore(4)
    pool = lifo_queue_class()(4)
    for _ in range(4):
        pool.put_nowait(None)
    patched = threading.BoundedSemaphore(4)

    # Passing the turn lets a request whose reply has arrived run before the passer returns.
    pass_turn = turn_passer()
    ours, theirs = socket.socketpair()
    order = []

    def waiting_for_its_reply():
        ours.recv(1)
        order.append("reply read")

    def passing_turns():
        theirs.sendall(b"x")  # the reply arrives
        for turn in range(100):
            order.append(f"turn {turn}")
            pass_turn()

    gevent.joinall([gevent.spawn(waiting_for_its_reply), gevent.spawn(passing_turns)])

    # A request killed while it waits for a slot leaves no claim behind: the slot given back is
    # kept for the living, not handed to the dead.
    empty = lifo_queue_class()(1)
    doomed = gevent.spawn(empty.get, timeout=30)
    gevent.sleep(0.01)  # it waits
    doomed.kill()
    empty.put_nowait("slot")
    held = bounded_semaphore(1)
    held.acquire()
    doomed = gevent.spawn(held.acquire, timeout=30)
    gevent.sleep(0.01)
    doomed.kill()
    held.release()
    found = {
        "semaphore": switches_while(lambda: semaphore.acquire(timeout=5), semaphore.release),
        "pool": switches_while(lambda: pool.get(timeout=5), lambda: pool.put_nowait(None)),
        "patched threading semaphore": switches_while(lambda: patched.acquire(timeout=5), patched.release),
        "read_after": order.index("reply read"),
        "kept_after_a_kill": list(empty.queue),
        "free_after_a_kill": held.acquire(blocking=False),
    }
    print(json.dumps(found))
    """
)


def test_under_gevent_pools_never_yield_nor_leak_and_passing_the_turn_polls_the_sockets() -> None:
    """gevent's own semaphore and queue switch to nothing when a slot is free, where the patched
    ``threading.BoundedSemaphore`` switches on every give-back; with ``gevent.sleep(0)`` as the
    yield, the reply's greenlet ran only once the passer had passed all its 100 turns."""
    done = subprocess.run([sys.executable, "-c", UNDER_GEVENT], capture_output=True, text=True, check=True)
    found = json.loads(done.stdout)
    assert found["semaphore"] == [0] and found["pool"] == [0]
    assert found["patched threading semaphore"] != [0]  # why gevent's own are used
    assert found["kept_after_a_kill"] == ["slot"] and found["free_after_a_kill"] is True
    assert found["read_after"] <= 3  # turns passed before the reply was read; with sleep(0): all 100
