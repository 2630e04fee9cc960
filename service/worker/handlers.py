"""What the worker does, by kind: the handlers of outbox entries and of jobs, for a store."""

from __future__ import annotations

import time
from collections.abc import Callable

from service.play.bot_seats import answer_hint_job, play_turn
from service.play.moves import fire_deadline
from service.play.outbox import BotTurn, Work
from service.play.rating_config import RatingSettings
from service.play.rating_games import rate_game
from service.play.timeouts import Think
from service.play.webhook_management import HookedOwners
from service.settings import WorkerSettings
from service.store import Store
from service.webhooks.config import WebhookSettings
from service.worker.delivery_pool import DeliveryPool
from service.worker.loop import Worker


def worker(
    store: Store,
    name: str,
    think: Think,
    settings: WorkerSettings,
    webhooks: WebhookSettings | None = None,
    now: Callable[[], float] = time.time,
    ratings: RatingSettings | None = None,
) -> Worker:
    """A worker on ``store``, whose bots think with ``think``, whose deliveries go as ``webhooks``
    says (the defaults when None), whose deadlines fall due by ``now`` (epoch seconds) and whose
    finished games are rated in the pools ``ratings`` names (each client's own when None)."""
    told = HookedOwners(lambda: store)
    deliveries = DeliveryPool(store, webhooks or WebhookSettings(), margin=settings.lease)

    pools = ratings or RatingSettings()

    def handle(work: Work) -> None:
        if isinstance(work, BotTurn):
            play_turn(store, work, now(), think, told)
        else:
            rate_game(store, work, pools, now(), told)

    def fire(game_id: str, claimed: int) -> None:
        fire_deadline(store, game_id, claimed, now(), think, told)

    answer = lambda job: answer_hint_job(job, think)  # noqa: E731
    return Worker(store, name, handle, answer, settings, deliveries, fire, now)
