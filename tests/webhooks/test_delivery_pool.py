"""The worker's pump of deliveries (``service.worker.delivery_pool``) through a store that fails."""

from __future__ import annotations

from typing import Any

import pytest

from service.settings import WebhookSettings
from service.store import StoreUnavailable
from service.worker.delivery_pool import SEND_BATCH, DeliveryPool


class FailingOnce:
    """A store whose first ``claim_due`` finds Redis down; it records how many each claim asked for."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def claim_due(self, now: float, count: int, lease: float) -> list[str]:
        self.asked.append(count)
        if len(self.asked) == 1:
            raise StoreUnavailable("Redis: ConnectionError")
        return []

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"not expected here: {name}")


def test_a_claim_the_store_did_not_answer_leaves_the_room_it_had() -> None:
    """Found by the reliability scenario ``webhooks``: after a Redis restart the worker's pump had no
    free thread left, and sent no delivery again (the room is what the queue does not hold: nothing
    to give back)."""
    store = FailingOnce()
    pump = DeliveryPool(store, WebhookSettings(senders=3))
    with pytest.raises(StoreUnavailable):
        pump._pump()
    pump._pump()
    assert store.asked == [pump.room, pump.room] and pump.room == 3 * SEND_BATCH
