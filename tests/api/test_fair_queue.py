"""Turns (``service.api.fair_queue``): at most ``CONCURRENT_REQUESTS`` requests run at once in a
process, and those that wait are served tenant by tenant, so that a client flooding its
quota waits behind itself while a quiet one goes first.

The queue alone, with threads holding its slots; then the app, whose admission puts each
request in its tenant's queue; then a gevent worker's request killed while it waits.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

from harness.client_apps import register_in
from service.api.admission import AdmissionLayer
from service.api.fair_queue import QUANTUM, FairQueue
from service.app import create_app
from service.settings import Settings
from service.store.memory import MemoryStore

HELD = 0.05
"""Seconds the first request holds its slot: far more than a quantum, so its tenant owes a turn."""
assert HELD > 10 * QUANTUM


def until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < deadline, "the queue did not get there in 10 s"
        time.sleep(0.001)


class Threads:
    """Requests on threads, each started once the one before runs or waits; ``release`` lets held
    ones go."""

    def __init__(self) -> None:
        self.threads, self.release = list[threading.Thread](), threading.Event()

    def start(self, run: Callable[[], None], settled: Callable[[], bool]) -> None:
        """Returns once ``settled``: the request runs, or waits in the queue."""
        self.threads.append(threading.Thread(target=run))
        self.threads[-1].start()
        until(settled)

    def join(self) -> None:
        self.release.set()
        for thread in self.threads:
            thread.join(10)


class Run(Threads):
    """Threads taking turns in one queue; ``served`` is the order they got their slots in."""

    def __init__(self, queue: FairQueue) -> None:
        super().__init__()
        self.queue, self.served = queue, list[str]()

    def request(self, tenant: str, name: str, hold: bool = False) -> None:
        """A request of ``tenant``; returns once it runs or waits. ``hold``: it keeps its slot until
        ``release``, and at least ``HELD`` seconds."""
        waiting = self.queue.waiting()

        def run() -> None:
            with self.queue.turn(tenant):
                self.served.append(name)
                if hold:
                    self.release.wait(10)
                    time.sleep(HELD)

        self.start(run, lambda: name in self.served or self.queue.waiting() > waiting)

    def finish(self) -> list[str]:
        self.join()
        return self.served


def test_a_free_slot_is_taken_at_once_and_a_full_process_makes_requests_wait() -> None:
    run = Run(FairQueue(2))
    run.request("a", "a1", hold=True)
    run.request("b", "b1", hold=True)
    assert run.served == ["a1", "b1"] and run.queue.waiting() == 0
    run.request("c", "c1")
    assert run.served == ["a1", "b1"] and run.queue.waiting() == 1
    assert run.finish() == ["a1", "b1", "c1"]
    assert run.queue.waiting() == 0
    run.request("c", "c2")  # every slot came back
    assert run.served[-1] == "c2"


def test_a_flooder_waits_behind_itself_and_a_quiet_client_goes_first() -> None:
    run = Run(FairQueue(1))
    run.request("flooder", "f1", hold=True)
    for number in range(2, 6):
        run.request("flooder", f"f{number}")
    run.request("quiet", "q1")
    run.request("quiet", "q2")
    # f1 held its slot for HELD seconds, a debt its tenant pays off in turns the quiet one takes.
    assert run.finish() == ["f1", "q1", "q2", "f2", "f3", "f4", "f5"]


def test_tenants_with_the_same_costs_are_served_in_turn() -> None:
    run = Run(FairQueue(1))
    run.request("first", "x0", hold=True)
    for number in range(1, 4):
        run.request("a", f"a{number}")
    for number in range(1, 4):
        run.request("b", f"b{number}")
    # "first" left the queue; a and b, each a newcomer with a quantum, cost about nothing each.
    assert run.finish() == ["x0", "a1", "b1", "a2", "b2", "a3", "b3"]


class HeldApp(Threads):
    """An app running one request at a time, whose first request holds its slot until ``release``
    (and ``HELD`` seconds more); ``reached`` is the order requests reached Flask in."""

    def __init__(self) -> None:
        super().__init__()
        self.store = MemoryStore()
        settings = Settings.from_environment({"LOG_LEVEL": "INFO", "CONCURRENT_REQUESTS": "1"})
        self.app = create_app(settings, self.store)
        admitting = self.app.wsgi_app
        assert isinstance(admitting, AdmissionLayer) and admitting.queue is not None
        self.queue, inner = admitting.queue, admitting.flask
        self.reached, self.statuses = list[str](), dict[str, int]()

        def recording(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
            self.reached.append(environ["HTTP_X_REQUEST_ID"])
            if len(self.reached) == 1:
                self.release.wait(10)
                time.sleep(HELD)
            return inner(environ, start_response)

        admitting.flask = recording

    def send(self, path: str, name: str, headers: dict[str, str], waits: bool) -> None:
        """Returns once the request reached Flask, or waits in the queue (``waits``)."""
        waiting = self.queue.waiting()

        def run() -> None:
            answer = self.app.test_client().get(path, headers={"X-Request-ID": name, **headers})
            self.statuses[name] = answer.status_code

        self.start(run, lambda: self.queue.waiting() == waiting + 1 if waits else name in self.reached)

    def finish(self) -> list[str]:
        self.join()
        return self.reached


def test_the_app_puts_each_client_in_its_own_queue() -> None:
    held = HeldApp()
    flooder, quiet = register_in(held.store, "flooder"), register_in(held.store, "quiet")
    held.send("/v1/games", "f1", {"X-API-Key": flooder}, waits=False)
    for key, name in [(flooder, "f2"), (flooder, "f3"), (quiet, "q1")]:
        held.send("/v1/games", name, {"X-API-Key": key}, waits=True)
    assert held.finish() == ["f1", "q1", "f2", "f3"]
    assert held.statuses == {"f1": 200, "f2": 200, "f3": 200, "q1": 200}


def test_a_hint_takes_no_turn_it_may_wait_for_a_worker() -> None:
    held = HeldApp()
    held.send("/healthz", "first", {}, waits=False)
    held.send("/v1/games/abc/hint", "hint", {"Authorization": "Bearer x"}, waits=False)
    assert held.queue.waiting() == 0
    assert held.finish() == ["first", "hint"]
    assert held.statuses["first"] == 200


def test_by_default_every_request_runs_as_it_comes() -> None:
    off = create_app(Settings.from_environment({"LOG_LEVEL": "INFO"}), MemoryStore())
    assert isinstance(off.wsgi_app, AdmissionLayer) and off.wsgi_app.queue is None
    assert off.test_client().get("/healthz").status_code == 200


def test_a_request_killed_while_it_waits_gives_back_nothing_it_did_not_take() -> None:
    """In a gevent worker a waiting request is a greenlet, killed at the worker's shutdown: the
    slot it never got stays with the others, and one handed to it as it died is given back."""
    script = textwrap.dedent(
        """
        from gevent import monkey; monkey.patch_all()
        import gevent
        from service.api.fair_queue import FairQueue

        queue = FairQueue(1)
        def hold(tenant, seconds):
            with queue.turn(tenant):
                gevent.sleep(seconds)
        holder = gevent.spawn(hold, "a", 0.05)
        gevent.sleep(0.01)
        doomed = gevent.spawn(hold, "b", 0)
        gevent.sleep(0.01)
        assert queue.waiting() == 1
        doomed.kill()
        assert queue.waiting() == 0
        holder.join()
        with queue.turn("a"):  # this greenlet holds the slot; the doomed one waits for it
            doomed = gevent.spawn(hold, "b", 0)
            gevent.sleep(0.01)
            assert queue.waiting() == 1
        doomed.kill()  # the slot was just handed to it, and it dies before it wakes
        assert queue.waiting() == 0
        for tenant in "cd":
            after = gevent.spawn(hold, tenant, 0)
            after.join(timeout=1)
            assert after.successful(), "the slot was lost"
        print("ok")
        """
    )
    command = [sys.executable, "-c", script]
    ran = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "ok"
