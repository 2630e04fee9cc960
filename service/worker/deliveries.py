"""The worker's deliveries: sent by a small pool of threads, so that a slow receiver holds one thread
for its attempt's time, never the loop that plays bots. A delivery the worker just fanned out goes
to a free thread at once (``tell``: claimed by the fan-out itself, with the webhook and record it
has in hand); the others (no thread was free, a retry, one whose worker died) are claimed
from the due set as threads come free."""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from service.play.deliveries import (
    CLAIM_MARGIN,
    Claimed,
    Send,
    attempt,
    attempt_claimed,
    claim_lease,
    fan_out,
)
from service.play.outbox import Change
from service.settings import WebhookSettings
from service.store import Store, StoreUnavailable
from service.webhooks.sender import send

log = logging.getLogger(__name__)

POLL_SECONDS = 0.2
"""How often the due set is looked at when nothing woke the pump sooner."""


class Deliveries:
    """Claims due deliveries as threads are free, and makes their attempts."""

    def __init__(
        self,
        store: Store,
        settings: WebhookSettings,
        margin: float = CLAIM_MARGIN,
        sender: Send = send,
    ) -> None:
        self.store, self.settings, self.sender = store, settings, sender
        self.lease = claim_lease(settings, margin)
        """Seconds a claimed delivery is this worker's (its attempt's longest and ``margin``)."""
        self.woken = threading.Event()
        self._free = threading.Semaphore(self.settings.senders)
        self._rng = random.Random()
        self._pool: ThreadPoolExecutor | None = None
        """The senders, while ``run`` runs (else nothing is handed over: ``step`` attempts)."""

    def wake(self) -> None:
        """Something may be due now (a change was fanned out)."""
        self.woken.set()

    def tell(self, change: Change) -> None:
        """The change fanned out; its deliveries that a thread is free for attempted at once (claimed by
        the fan-out itself), the others left due for the pump."""
        reserved = 0

        def reserve(count: int) -> int:
            nonlocal reserved
            while self._pool is not None and reserved < count and self._free.acquire(blocking=False):
                reserved += 1
            return reserved

        claimed: list[Claimed] = []
        try:
            claimed = fan_out(self.store, change, claim=reserve, lease=self.lease)
            for handed, delivery in enumerate(claimed):
                if not self._hand(delivery):
                    claimed = claimed[:handed]  # stopping: the rest's claims lapse, due again for any worker
                    break
        finally:  # a thread reserved and not handed a delivery (a webhook gone, one made before) is free
            for _ in range(reserved - len(claimed)):
                self._free.release()
        self.wake()  # the ones no thread was free for

    def _hand(self, claimed: Claimed) -> bool:
        pool = self._pool
        try:
            if pool is None:
                return False
            pool.submit(self._attempt_claimed, claimed)
        except RuntimeError:  # the pool is shutting down
            return False
        return True

    def run(self, stop: threading.Event) -> None:
        """Until ``stop`` is set: what is due, sent; the attempts under way finished before it returns."""
        with ThreadPoolExecutor(self.settings.senders, thread_name_prefix="delivery") as pool:
            self._pool = pool
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
            self._pool = None

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
        self._guarded(due, lambda: attempt(self.store, due, self.settings, self._rng, self.sender))

    def _attempt_claimed(self, claimed: Claimed) -> None:
        self._guarded(
            claimed.due,
            lambda: attempt_claimed(self.store, claimed, self.settings, self._rng, self.sender),
        )

    def _guarded(self, due: str, attempt_it: Callable[[], object]) -> None:
        try:
            attempt_it()
        except Exception:  # its claim lapses and it is due again: another try, or another worker's
            log.exception("deliveries: the attempt of %s failed", due)
        finally:
            self._free.release()
            self.wake()  # a thread is free: claim the next due one now, not at the next poll

    def step(self) -> int:
        """Every delivery due now attempted, one after the other (tests); how many."""
        made = 0
        while claimed := self.store.claim_due(time.time(), self.settings.senders, self.lease):
            for due in claimed:
                attempt(self.store, due, self.settings, self._rng, self.sender)
                made += 1
        return made
