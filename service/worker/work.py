"""What the worker does, by kind: the handlers of outbox entries and of jobs, for a store."""

from __future__ import annotations

from service.play.bot_seats import Think, answer_hint_job, play_turn
from service.play.outbox import BotTurn, Change, Entry
from service.play.webhooks import HookedOwners
from service.settings import WebhookSettings, WorkerSettings
from service.store import Store
from service.worker.deliveries import Deliveries
from service.worker.loop import Worker


def worker(
    store: Store, name: str, think: Think, clock: WorkerSettings, webhooks: WebhookSettings | None = None
) -> Worker:
    """A worker on ``store``, whose bots think with ``think`` and whose deliveries go as ``webhooks``
    says (the defaults when None)."""
    told = HookedOwners(lambda: store)
    deliveries = Deliveries(store, webhooks or WebhookSettings(), margin=clock.lease)

    def bot_turn(entry: Entry) -> None:
        assert isinstance(entry, BotTurn)
        play_turn(store, entry, think, told)

    def change(entry: Entry) -> None:
        assert isinstance(entry, Change)
        deliveries.tell(entry)

    handlers = {BotTurn.kind: bot_turn, Change.kind: change}
    return Worker(store, name, handlers, lambda job: answer_hint_job(job, think), clock, deliveries)
