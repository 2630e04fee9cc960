"""What the worker does, by kind: the handlers of outbox entries and of jobs, for a store."""

from __future__ import annotations

from service.play.bot_seats import Think, answer_hint_job, play_turn
from service.play.outbox import BotTurn, Entry
from service.settings import WorkerSettings
from service.store import Store
from service.worker.loop import Worker


def worker(store: Store, name: str, think: Think, clock: WorkerSettings) -> Worker:
    """A worker on ``store``, whose bots think with ``think``."""

    def bot_turn(entry: Entry) -> None:
        assert isinstance(entry, BotTurn)
        play_turn(store, entry, think)

    return Worker(store, name, {BotTurn.kind: bot_turn}, lambda job: answer_hint_job(job, think), clock)
