"""The worker's deliveries: claimed in batches, attempted by a small pool of sender threads, so that a
slow receiver holds one thread for its attempt's time, never the loop that plays bots.

Claimed deliveries wait in one queue of this process, at most ``room`` of them: those the fan-out
claimed itself (``tell``: the webhook and record it has in hand) and those the pump claims from the
due set (retries, ones no sender was free for, ones whose worker died). A sender takes up to
``SEND_BATCH`` at once, attempts them one after the other and records their outcomes together
(``play.deliveries.attempt_all``): two round trips a batch, whatever its size.
"""

from __future__ import annotations

import logging
import queue
import random
import threading
import time
from collections.abc import Sequence

from service.play.deliveries import (
    CLAIM_MARGIN,
    Claimed,
    attempt_all,
    claim_lease,
    claimed_from,
    fan_out,
)
from service.play.outbox import Change
from service.store import Store, StoreUnavailable
from service.webhooks.config import WebhookSettings
from service.webhooks.transport import Transport

log = logging.getLogger(__name__)

POLL_SECONDS = 0.2
"""How often the due set is looked at when nothing woke the pump sooner."""
SEND_BATCH = 32
"""Deliveries a sender attempts before recording them: more round trips saved, later records."""
ROOM_WAIT = 0.05
"""Seconds a fan-out waits for room in the senders' queue: what it claims goes to a sender as it is
(webhook and record in hand), what it cannot is claimed from the due set and read again. A draining
worker keeps pace with its senders this way; a stuck receiver holds its loop this long at most."""


class DeliveryPool:
    """Claims due deliveries as there is room for them, and makes their attempts over a transport of
    its own, which ``run`` closes as it returns (``close`` when only ``step`` was used)."""

    def __init__(self, store: Store, settings: WebhookSettings, margin: float = CLAIM_MARGIN) -> None:
        self.store, self.settings = store, settings
        self.transport = Transport()
        """What the pool's threads attempt over: their kept connections, the resolvers, the watchdog."""
        self.lease = claim_lease(settings, margin)
        """Seconds a claimed delivery is this worker's (its attempt's longest and ``margin``)."""
        self.woken = threading.Event()
        self.room = settings.senders * SEND_BATCH
        """Claimed deliveries waiting for a sender at most: what the senders can attempt within a lease."""
        self._claimed: queue.Queue[Claimed] = queue.Queue()
        self._taken = threading.Condition()
        """Notified when a sender took a batch: room was made."""
        self._running = False
        """Senders are running (else nothing is claimed ahead: ``step`` attempts)."""
        self._rng = random.Random()

    def tell(self, changes: Sequence[Change]) -> None:
        """The changes fanned out; as many of their deliveries as there is room for claimed and queued
        for the senders, the others left due for the pump."""
        room = 0
        if self._running:  # the loop waits a little for the senders rather than leave them to the pump
            with self._taken:
                self._taken.wait_for(lambda: self._room() >= min(len(changes), self.room), ROOM_WAIT)
            room = self._room()
        for claimed in fan_out(self.store, changes, self.settings, room=room, lease=self.lease):
            self._claimed.put(claimed)
        self.woken.set()

    def _room(self) -> int:
        return max(0, self.room - self._claimed.qsize())

    def run(self, stop: threading.Event) -> None:
        """Until ``stop`` is set: what is due, claimed and sent; the batches under way finished before
        it returns (what is still queued then lapses: due again after its lease, for any worker)."""
        senders = [
            threading.Thread(target=self._send, args=(stop,), name=f"delivery-{n}", daemon=True)
            for n in range(self.settings.senders)
        ]
        self._running = True
        for sender in senders:
            sender.start()
        while not stop.is_set():
            try:
                self._pump()
            except StoreUnavailable as outage:
                log.warning("deliveries: the store did not answer (%s); retrying", outage)
            except Exception:  # the pump outlives any one failure (the heartbeat would not see it die)
                log.exception("deliveries: claiming failed; retrying")
            self.woken.wait(POLL_SECONDS)
            self.woken.clear()
        self._running = False
        for sender in senders:
            sender.join()
        self.close()

    def _pump(self) -> None:
        """The due deliveries there is room for, claimed, read and queued."""
        room = self._room()
        dues = self.store.claim_due(time.time(), room, self.lease) if room else []
        for claimed in claimed_from(self.store, dues, self.settings, self.lease) if dues else ():
            self._claimed.put(claimed)

    def _send(self, stop: threading.Event) -> None:
        """A sender: a batch at a time, until ``stop``."""
        while not stop.is_set():
            try:
                batch = [self._claimed.get(timeout=POLL_SECONDS)]
            except queue.Empty:
                continue
            while len(batch) < SEND_BATCH:
                try:
                    batch.append(self._claimed.get_nowait())
                except queue.Empty:
                    break
            with self._taken:
                self._taken.notify_all()
            try:
                attempt_all(self.store, batch, self.settings, self._rng, self.transport.send)
            except Exception:  # their claims lapse and they are due again: another try, or another worker's
                log.exception("deliveries: a batch of %d attempts was not recorded", len(batch))
            self.woken.set()  # room: claim the next due ones now, not at the next poll

    def step(self) -> int:
        """Every delivery due now attempted, a batch at a time (tests); how many."""
        made = 0
        while dues := self.store.claim_due(time.time(), SEND_BATCH, self.lease):
            claimed = claimed_from(self.store, dues, self.settings, self.lease)
            attempt_all(self.store, claimed, self.settings, self._rng, self.transport.send)
            made += len(dues)
        return made

    def close(self) -> None:
        """The transport let go: its kept connections closed, its threads ended."""
        self.transport.close()
