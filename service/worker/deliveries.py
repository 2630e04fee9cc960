"""The worker's deliveries: due ones claimed from the store and sent by a small pool of threads, so
that a slow receiver holds one thread for its attempt's time, never the loop that plays bots."""

from __future__ import annotations

import logging
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from service.play.deliveries import CLAIM_MARGIN, Send, attempt, claim_lease
from service.settings import WebhookSettings
from service.store import Store, StoreUnavailable
from service.webhooks.sender import send

log = logging.getLogger(__name__)

SENDERS = 8
"""Attempts one worker makes at once (each waits on its receiver at most ``attempt_timeout``)."""
POLL_SECONDS = 0.2
"""How often the due set is looked at when nothing woke the pump sooner."""


class Deliveries:
    """Claims due deliveries as threads are free, and makes their attempts."""

    def __init__(
        self,
        store: Store,
        settings: WebhookSettings,
        margin: float = CLAIM_MARGIN,
        senders: int = SENDERS,
        sender: Send = send,
    ) -> None:
        self.store, self.settings, self.senders, self.sender = store, settings, senders, sender
        self.lease = claim_lease(settings, margin)
        """Seconds a claimed delivery is this worker's (its attempt's longest and ``margin``)."""
        self.woken = threading.Event()
        self._free = threading.Semaphore(senders)
        self._rng = random.Random()

    def wake(self) -> None:
        """Something may be due now (a change was fanned out)."""
        self.woken.set()

    def run(self, stop: threading.Event) -> None:
        """Until ``stop`` is set: what is due, sent; the attempts under way finished before it returns."""
        with ThreadPoolExecutor(self.senders, thread_name_prefix="delivery") as pool:
            while not stop.is_set():
                try:
                    for due in self._claim():
                        pool.submit(self._attempt, due)
                except StoreUnavailable as outage:
                    log.warning("deliveries: the store did not answer (%s); retrying", outage)
                except Exception:  # the pump outlives any one failure (the heartbeat would not see it die)
                    log.exception("deliveries: claiming failed; retrying")
                self.woken.wait(POLL_SECONDS)
                self.woken.clear()

    def _claim(self) -> list[str]:
        """As many due deliveries as there are free threads, each thread taken for one."""
        free = 0
        while self._free.acquire(blocking=False):
            free += 1
        claimed: list[str] = []
        try:
            claimed = self.store.claim_due(time.time(), free, self.lease) if free else []
        finally:  # a store that did not answer gives every thread back (else the pump sends no more)
            for _ in range(free - len(claimed)):
                self._free.release()
        return claimed

    def _attempt(self, due: str) -> None:
        try:
            attempt(self.store, due, self.settings, self._rng, self.sender)
        except Exception:  # its claim lapses and it is due again: another try, or another worker's
            log.exception("deliveries: the attempt of %s failed", due)
        finally:
            self._free.release()

    def step(self) -> int:
        """Every delivery due now attempted, one after the other (tests); how many."""
        made = 0
        while claimed := self.store.claim_due(time.time(), self.senders, self.lease):
            for due in claimed:
                attempt(self.store, due, self.settings, self._rng, self.sender)
                made += 1
        return made
