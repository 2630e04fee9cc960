"""The worker's loop: take a doorbell, drain its game's outbox, finish the doorbell (and beside it,
the deliveries' own: ``deliveries.py``).

Work is at least once: a doorbell whose worker died is taken again once abandoned, and an
outbox a doorbell missed is found by the sweep. What an entry does is made safe to do twice
by its handler (a bot's move is saved only at the version it was chosen for). One worker at a
time holds a game, so a game's entries are handled in the order its changes wrote them.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from service.play.outbox import Entry, read_entry
from service.settings import WorkerSettings
from service.store import Store, StoreUnavailable, WorkItem
from service.worker.deliveries import Deliveries

log = logging.getLogger(__name__)

Handler = Callable[[Entry], None]
"""What to do with one kind of outbox entry."""
Fire = Callable[[str, int], None]
"""What to do with a game whose turn's deadline is due, claimed at a score (``play.moves.fire_deadline``)."""
Jobs = Callable[[str], tuple[str, str]]
"""A job's reply and answer (``service.play.bot_seats.answer_hint_job``)."""

RETRY_SECONDS = 1.0
"""The pause after the store failed to answer."""
TAKEN_AT_ONCE = 1
"""Doorbells a worker takes at a time: one, so that an idle worker is never kept from the next one
by another that took several."""
BATCH = 32
"""Outbox entries of one game handled per doorbell; a game with more rings again, behind the others."""
DUE_AT_ONCE = 32
"""Games due taken per round: more wait for the next round (a claim lasts ``lease``)."""


class Worker:
    def __init__(
        self,
        store: Store,
        name: str,
        handlers: Mapping[str, Handler],
        jobs: Jobs,
        clock: WorkerSettings,
        deliveries: Deliveries | None = None,
        fire: Fire | None = None,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.store, self.name, self.handlers, self.jobs, self.clock = store, name, handlers, jobs, clock
        self.deliveries, self.fire, self.now = deliveries, fire, now

    def run(self, stop: threading.Event) -> None:
        """Until ``stop`` is set: each doorbell as it comes, the abandoned ones, the sweep; beside
        them, in a thread of their own, the webhooks' deliveries."""
        beside = None
        if self.deliveries is not None:
            beside = threading.Thread(
                target=self.deliveries.run, args=(stop,), name="deliveries", daemon=True
            )
            beside.start()
        while not stop.is_set():
            self._beat()
            try:
                self.step(wait=self.clock.deadline_poll)
            except StoreUnavailable as outage:
                log.warning("worker %s: the store did not answer (%s); retrying", self.name, outage)
                stop.wait(RETRY_SECONDS)
        if beside is not None:
            beside.join()

    def _beat(self) -> None:
        """Touch the heartbeat file: this loop still turns (also while the store is away)."""
        if self.clock.heartbeat_file is not None:
            Path(self.clock.heartbeat_file).touch()

    def step(self, wait: float) -> int:
        """One round: a doorbell that came within ``wait`` seconds (else an abandoned one), the games
        whose deadline is due, and the sweep when it is this worker's; how many items and games were
        served."""
        items = self.store.take_work(self.name, TAKEN_AT_ONCE, wait) or self.store.take_abandoned_work(
            self.name, self.clock.reclaim_after, TAKEN_AT_ONCE
        )
        for item in items:
            self.serve(item)
        served = len(items) + self.fire_due()
        if self.store.take_sweep(self.name, self.clock.sweep_every):
            for game_id in self.store.games_with_outbox():
                self.drain(game_id)
                served += 1
        return served

    def fire_due(self) -> int:
        """The games whose turn's deadline is due, each claimed for a lease and fired (a timeout, an
        absent seat's turn); one that cannot be fired (a bug) is logged and comes due again after the
        lease. A store outage is not caught: the claims lapse and the games are due again."""
        if self.fire is None:
            return 0
        lease = round(self.clock.lease * 1000)
        due = self.store.take_due(round(self.now() * 1000), lease, DUE_AT_ONCE)
        for game_id, claimed in due:
            try:
                self.fire(game_id, claimed)
            except StoreUnavailable:
                raise
            except Exception:
                log.exception("worker %s: the deadline of game %s not fired", self.name, game_id)
        return len(due)

    def serve(self, item: WorkItem) -> None:
        """A job answered, or a doorbell's game drained; then the item finished."""
        if item.job is not None:
            self._answer(item.job)
        else:
            self.drain(item.game_id)
        self.store.finish_work([item])

    def drain(self, game_id: str) -> None:
        """One batch of the game's outbox handled and cleared, oldest first, while holding the game.

        A game another worker holds is left to it: it looks again once it lets go. Entries left
        after the batch (a bot's move wrote the next turn; a doorbell turned away while this
        worker held the game) ring again, so that a game of bots takes its turn behind the others'
        instead of keeping this worker to its end.
        """
        entries = self.store.take_outbox(game_id, self.name, self.clock.lease, BATCH)
        if entries is None:
            return
        handled: list[str] = []
        try:
            for entry_id, text in entries:
                self._handle(game_id, entry_id, text)
                handled.append(entry_id)
        finally:
            left = self.store.release_outbox(game_id, self.name, handled)
        if left:
            self.store.ring(game_id)

    def _answer(self, job: str) -> None:
        """A job's answer, for the request awaiting it; one that cannot be answered is logged (its asker
        gives up when its wait ends)."""
        try:
            reply, answer = self.jobs(job)
        except StoreUnavailable:
            raise
        except Exception:
            log.exception("worker %s: job dropped: %s", self.name, job[:200])
            return
        self.store.answer(reply, answer)

    def _handle(self, game_id: str, entry_id: str, text: str) -> None:
        """One entry; one that cannot be handled (a bug: it would fail forever) is logged and dropped.
        A store outage is not caught: the entry stays for the next try."""
        try:
            entry = read_entry(game_id, text)
            self.handlers[entry.kind](entry)
        except StoreUnavailable:
            raise
        except Exception:
            log.exception("worker %s: outbox entry %s of game %s dropped", self.name, entry_id, game_id)
