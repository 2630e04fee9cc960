"""``SlotQueue`` (the pools' free connections) and ``turn_passer`` (the yield before each round trip).

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
import threading

import pytest

from service.store.redis.slots import SlotQueue


def test_the_last_item_put_is_the_first_taken() -> None:
    slots: SlotQueue[str] = SlotQueue(3)
    for item in ("a", "b", "c"):
        slots.put_nowait(item)
    assert [slots.get(), slots.get(block=False), slots.get(timeout=0)] == ["c", "b", "a"]


def test_at_most_maxsize_items_are_kept() -> None:
    slots: SlotQueue[int] = SlotQueue(1)
    slots.put_nowait(1)
    with pytest.raises(queue.Full):
        slots.put_nowait(2)
    assert len(slots.queue) == 1


def test_an_empty_queue_refuses_at_once_or_after_the_timeout() -> None:
    slots: SlotQueue[int] = SlotQueue(1)
    with pytest.raises(queue.Empty):
        slots.get(block=False)
    with pytest.raises(queue.Empty):
        slots.get(timeout=0.01)
    slots.put_nowait(7)  # the waiter that timed out is gone: the item is kept, not handed to it
    assert slots.queue == [7]


def test_a_put_hands_its_item_to_a_waiting_thread() -> None:
    slots: SlotQueue[str] = SlotQueue(1)
    taken: list[str] = []
    waiter = threading.Thread(target=lambda: taken.append(slots.get(timeout=30)))
    waiter.start()
    while not slots._waiters:  # the thread is waiting (the test's only look inside)
        threading.Event().wait(0.001)
    slots.put_nowait("connection")
    waiter.join()
    assert taken == ["connection"]
    assert slots.queue == []


def test_every_waiter_is_served_once_under_contention() -> None:
    """Eight threads share two items, 200 takes each: none lost, none duplicated."""
    slots: SlotQueue[int] = SlotQueue(2)
    slots.put_nowait(1)
    slots.put_nowait(2)
    held: set[int] = set()
    guard = threading.Lock()
    errors: list[str] = []

    def use() -> None:
        for _ in range(200):
            item = slots.get(timeout=30)
            with guard:
                if item in held:
                    errors.append(f"{item} taken twice")
                held.add(item)
            with guard:
                held.discard(item)
            slots.put_nowait(item)

    threads = [threading.Thread(target=use) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(slots.queue) == [1, 2]


UNDER_GEVENT = textwrap.dedent(
    """
    from gevent import monkey

    monkey.patch_all()

    import json
    import socket

    import gevent
    import greenlet

    from service.greenlets import turn_passer
    from service.store.redis.slots import SlotQueue

    switches = [0]
    greenlet.settrace(lambda event, args: switches.__setitem__(0, switches[0] + 1))

    # 1. Taking and giving back a free slot, with another request ready to run, switches to nothing.
    slots = SlotQueue(4)
    for _ in range(4):
        slots.put_nowait(None)
    switched_in_slots = []

    def request():
        for _ in range(50):
            gevent.sleep(0)
            before = switches[0]
            slots.get(timeout=5)
            slots.put_nowait(None)
            switched_in_slots.append(switches[0] - before)

    gevent.joinall([gevent.spawn(request), gevent.spawn(request)])

    # 2. Passing the turn lets a request whose reply has arrived run before the passer returns.
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

    # 3. A request killed while it waits for a slot leaves no claim behind: the next slot given
    # back is kept for the living, not handed to the dead.
    empty = SlotQueue(1)
    doomed = gevent.spawn(empty.get, timeout=30)
    gevent.sleep(0.01)  # it waits
    doomed.kill()
    empty.put_nowait("slot")
    found = {
        "switched_in_slots": sorted(set(switched_in_slots)),
        "read_after": order.index("reply read"),
        "kept_after_a_kill": empty.queue,
    }
    print(json.dumps(found))
    """
)


def test_under_gevent_slots_never_yield_nor_leak_and_passing_the_turn_polls_the_sockets() -> None:
    """With ``gevent.sleep(0)`` (the yield before) the reply's greenlet ran only once the passer had
    passed all its 100 turns; ``threading.BoundedSemaphore`` (the slots before) switched on every
    give-back."""
    done = subprocess.run([sys.executable, "-c", UNDER_GEVENT], capture_output=True, text=True, check=True)
    found = json.loads(done.stdout)
    assert found["switched_in_slots"] == [0]
    assert found["kept_after_a_kill"] == ["slot"]
    assert found["read_after"] <= 3  # turns passed before the reply was read; with sleep(0): all 100
