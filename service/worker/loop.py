"""The worker's loop: take the doorbells that rang, drain their games' outboxes together, finish the
doorbells (and beside it, the deliveries' own: ``delivery_pool.py``).

Work is at least once: a doorbell whose worker died is taken again once abandoned, and an
outbox a doorbell missed is found by the sweep. What an entry does is made safe to do twice
by its handler (a bot's move is saved only at the version it was chosen for; a change's
deliveries have ids drawn from it). One worker at a time holds a game, so a game's entries are
handled in the order its changes wrote them. Doorbells come in batches: their outboxes are taken
in one round trip, their changes fanned out together, their entries cleared in one more, so a
busy worker pays a few round trips for many changes.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from service.play.outbox import Change, Entry, Work, read_entry
from service.settings import WorkerSettings
from service.store import Store, StoreUnavailable
from service.worker.delivery_pool import DeliveryPool

log = logging.getLogger(__name__)

Handle = Callable[[Work], None]
"""What to do with an entry the worker does itself: a bot's turn (``play.bot_seats.play_turn``), a
finished game's rating (``play.rating_games.rate_game``)."""
Fire = Callable[[str, int], None]
"""What to do with a game whose turn's deadline is due, claimed at a score (``play.moves.fire_deadline``)."""
Jobs = Callable[[str], tuple[str, str]]
"""A job's reply and answer (``service.play.bot_seats.answer_hint_job``)."""

RETRY_SECONDS = 1.0
"""The pause after the store failed to answer."""
TAKEN_AT_ONCE = 32
"""Doorbells a worker takes at a time: their round trips shared. A few bots' turns among them keep
the others waiting for as long as those take (a search is milliseconds)."""
BATCH = 32
"""Outbox entries of one game handled per doorbell; a game with more rings again, behind the others."""
DUE_AT_ONCE = 32
"""Games due taken per round: more wait for the next round (a claim lasts ``lease``)."""


class Worker:
    def __init__(
        self,
        store: Store,
        name: str,
        handle: Handle,
        jobs: Jobs,
        settings: WorkerSettings,
        deliveries: DeliveryPool | None = None,
        fire: Fire | None = None,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.store, self.name, self.settings = store, name, settings
        self.handle, self.jobs, self.deliveries, self.fire, self.now = (
            handle,
            jobs,
            deliveries,
            fire,
            now,
        )
        self._next_sweep_look = 0.0
        """The monotonic time before which the sweep's lease is not asked for (nobody's would be given)."""

    def run(self, stop: threading.Event) -> None:
        """Until ``stop`` is set: the doorbells as they come, the abandoned ones, the deadlines due, the
        sweep; beside them, in threads of their own, the webhooks' deliveries."""
        beside = None
        if self.deliveries is not None:
            beside = threading.Thread(
                target=self.deliveries.run, args=(stop,), name="deliveries", daemon=True
            )
            beside.start()
        while not stop.is_set():
            self._beat()
            try:
                self.step(wait=self.settings.deadline_poll)
            except StoreUnavailable as outage:
                log.warning("worker %s: the store did not answer (%s); retrying", self.name, outage)
                stop.wait(RETRY_SECONDS)
        if beside is not None:
            beside.join()

    def _beat(self) -> None:
        """Touch the heartbeat file: this loop still turns (also while the store is away)."""
        if self.settings.heartbeat_file is not None:
            Path(self.settings.heartbeat_file).touch()

    def step(self, wait: float) -> int:
        """One round: the doorbells that came within ``wait`` seconds (else abandoned ones), the games
        whose deadline is due, and the sweep when it is this worker's (asked for once a
        ``sweep_every``); how many items and games were served."""
        items = self.store.take_work(self.name, TAKEN_AT_ONCE, wait) or self.store.take_abandoned_work(
            self.name, self.settings.reclaim_after, TAKEN_AT_ONCE
        )
        for item in items:
            if item.job is not None:
                self._answer(item.job)
        self.drain([item.game_id for item in items if item.job is None])
        self.store.finish_work(items)
        served = len(items) + self.fire_due()
        if time.monotonic() >= self._next_sweep_look:
            self._next_sweep_look = time.monotonic() + self.settings.sweep_every
            if self.store.take_sweep(self.name, self.settings.sweep_every):
                swept = self.store.games_with_outbox()
                for start in range(0, len(swept), TAKEN_AT_ONCE):
                    self.drain(swept[start : start + TAKEN_AT_ONCE])
                served += len(swept)
        return served

    def fire_due(self) -> int:
        """The games whose turn's deadline is due, each claimed for a lease and fired (a timeout, an
        absent seat's turn); one that cannot be fired (a bug) is logged and comes due again after the
        lease. A store outage is not caught: the claims lapse and the games are due again."""
        if self.fire is None:
            return 0
        lease = round(self.settings.lease * 1000)
        due = self.store.take_due(round(self.now() * 1000), lease, DUE_AT_ONCE)
        for game_id, claimed in due:
            try:
                self.fire(game_id, claimed)
            except StoreUnavailable:
                raise
            except Exception:
                log.exception("worker %s: the deadline of game %s not fired", self.name, game_id)
        return len(due)

    def drain(self, game_ids: Sequence[str]) -> None:
        """One batch of each game's outbox handled and cleared, oldest first, while holding the games.

        A game another worker holds is left to it: it looks again once it lets go. Entries left
        after the batch (a bot's move wrote the next turn; a doorbell turned away while this
        worker held the game) ring again, so that a game of bots takes its turn behind the others'
        instead of keeping this worker to its end. A change is handled once its deliveries are made
        (the batch's changes fanned out together); an outage first leaves it for the next try.
        """
        if not game_ids:
            return
        taken = self.store.take_outboxes(list(dict.fromkeys(game_ids)), self.name, self.settings.lease, BATCH)
        handled: dict[str, list[str]] = {game_id: [] for game_id in taken}
        changes: list[tuple[str, str, Change]] = []
        try:
            for game_id, entries in taken.items():
                for entry_id, text in entries:
                    entry = self._entry(game_id, entry_id, text)
                    if isinstance(entry, Change):
                        changes.append((game_id, entry_id, entry))
                        continue
                    if entry is not None:
                        self._do(entry)
                    handled[game_id].append(entry_id)
            self._tell([change for _, _, change in changes])
            for game_id, entry_id, _ in changes:
                handled[game_id].append(entry_id)
        finally:
            left = self.store.release_outboxes(self.name, handled)
        for game_id in left:
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

    def _entry(self, game_id: str, entry_id: str, text: str) -> Entry | None:
        """The entry; None for one that cannot be read (a bug: it would fail forever), logged and dropped."""
        try:
            return read_entry(game_id, text)
        except Exception:
            log.exception("worker %s: outbox entry %s of game %s dropped", self.name, entry_id, game_id)
            return None

    def _do(self, work: Work) -> None:
        """A bot's turn or a game's rating; one that cannot be done (a bug) is logged and dropped. A store
        outage is not caught: the entry stays for the next try."""
        try:
            self.handle(work)
        except StoreUnavailable:
            raise
        except Exception:
            log.exception("worker %s: the %s entry of game %s dropped", self.name, work.kind, work.game_id)

    def _tell(self, changes: Sequence[Change]) -> None:
        """The changes' deliveries made; ones that cannot be made (a bug) are logged and dropped. A store
        outage is not caught: the changes stay for the next try."""
        if not changes or self.deliveries is None:
            return
        try:
            self.deliveries.tell(changes)
        except StoreUnavailable:
            raise
        except Exception:
            log.exception("worker %s: %d changes not told", self.name, len(changes))
