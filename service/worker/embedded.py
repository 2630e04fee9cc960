"""The worker inside the service's one process, for the embedded store (``make run``: no Redis to share
work through). It runs beside the requests; a bot's thinking is handed to a real thread
(``service.greenlets.off_the_loop``), so that in a gevent worker the page keeps being served while
an expert searches (the search yields the interpreter to the requests every few milliseconds)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from service.bots.levels import choose
from service.bots.view import SeatView
from service.greenlets import off_the_loop
from service.play.rating_config import RatingSettings
from service.rules import Move
from service.settings import WorkerSettings
from service.store import Store
from service.webhooks.config import WebhookSettings
from service.worker.handlers import worker


def start(
    store: Store,
    settings: WorkerSettings,
    webhooks: WebhookSettings | None = None,
    now: Callable[[], float] = time.time,
    ratings: RatingSettings | None = None,
) -> threading.Event:
    """The worker started in the background on ``store``, its deadlines falling due by ``now``; set the
    event to stop it."""
    stop = threading.Event()

    def think(level: str, view: SeatView, seed: int) -> Move:
        return off_the_loop(choose, level, view, seed)

    embedded = worker(store, "embedded", think, settings, webhooks, now, ratings)
    threading.Thread(target=embedded.run, args=(stop,), name="embedded-worker", daemon=True).start()
    return stop
