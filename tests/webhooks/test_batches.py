"""Deliveries in batches on a real Redis and a real receiver: many changes fanned out in two round
trips, a batch of attempts recorded then settled, and a worker killed between any two of those steps
losing nothing and sending nothing under a new ``webhook-id``."""

from __future__ import annotations

import dataclasses
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from harness.webhook_receiver import Answer, WebhookReceiver
from service.play.deliveries import change_body
from service.play.outbox import Change
from service.play.webhook_management import load_webhook, register_webhook
from service.settings import WebhookSettings
from service.store import Store
from service.store.config import RedisOptions
from service.store.redis import RedisStore
from service.store.webhooks import BACKLOG
from service.worker.delivery_pool import DeliveryPool

PoolOf = Callable[..., DeliveryPool]
OWNERS = ("app_one", "app_two")
MARGIN = 0.2
"""Seconds a claim outlives its attempt's longest here: a killed worker's claims lapse soon."""


class Killed(BaseException):
    """The worker's process ended here (nothing of it survives but what the store holds)."""


class Counting:
    """The store, each call counted; ``kill_at`` names the call that kills the worker before it runs."""

    def __init__(self, store: Store, kill_at: str = "") -> None:
        self.store, self.kill_at, self.calls = store, kill_at, Counter[str]()

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.store, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            if name == self.kill_at:
                raise Killed(name)
            return method(*args, **kwargs)

        return counted


@pytest.fixture
def store(redis_url: str) -> Iterator[RedisStore]:
    own = RedisStore(RedisOptions(redis_url))
    yield own
    own.close()


def changes_of(owner: str, count: int) -> list[Change]:
    return [
        Change(f"g_{owner}", owner, "game.moved", v, f'[{{"seq":{v},"type":"x"}}]', 1.0) for v in range(count)
    ]


def hooked(store: Store, receiver: WebhookReceiver, settings: WebhookSettings) -> None:
    for owner in OWNERS:
        register_webhook(store, owner, receiver.url(f"/{owner}"), None, settings, time.time(), lambda _: None)


def test_many_changes_of_many_owners_are_fanned_out_and_sent_in_a_few_round_trips(
    store: RedisStore, receiver: WebhookReceiver, settings: WebhookSettings, pool_of: PoolOf
) -> None:
    hooked(store, receiver, settings)
    counting = Counting(store)
    deliveries = pool_of(counting, settings)  # a store, counted
    told = [change for owner in OWNERS for change in changes_of(owner, 10)]
    deliveries.tell(told)
    assert deliveries.step() == 20
    got = receiver.received()
    assert sorted(request.body for request in got) == sorted(change_body(change).encode() for change in told)
    assert {request.path for request in got} == {f"/{owner}" for owner in OWNERS}
    assert counting.calls == Counter(
        webhooks_of=1, add_deliveries=1, claim_due=2, load_attempts=1, record_attempts=1, settle_due=1
    )


@pytest.mark.parametrize("kill_at", ["record_attempts", "settle_due"])
def test_a_worker_killed_between_attempting_recording_and_settling_loses_nothing(
    store: RedisStore, receiver: WebhookReceiver, settings: WebhookSettings, kill_at: str, pool_of: PoolOf
) -> None:
    """Killed before recording: the batch is sent again, each under its id. Killed after recording and
    before settling: nothing is sent again (the records say delivered), and the due set is settled."""
    hooked(store, receiver, settings)
    first = pool_of(Counting(store, kill_at), settings, margin=MARGIN)
    first.tell([change for owner in OWNERS for change in changes_of(owner, 5)])
    with pytest.raises(Killed):
        first.step()
    sent_once = Counter(request.headers["webhook-id"] for request in receiver.received())
    assert len(sent_once) == 10 and set(sent_once.values()) == {1}
    time.sleep(settings.attempt_timeout + MARGIN)  # the dead worker's claims lapse
    after = pool_of(store, settings, margin=MARGIN)
    assert after.step() == 10
    sent = Counter(request.headers["webhook-id"] for request in receiver.received())
    assert set(sent) == set(sent_once)  # no new webhook-id
    assert set(sent.values()) == ({2} if kill_at == "record_attempts" else {1})
    assert store.claim_due(time.time() + 3600, 100, 1.0) == []  # every one finished


def test_a_webhook_at_its_backlog_bound_is_paused_and_resumes_once_half_are_sent(
    store: RedisStore, receiver: WebhookReceiver, settings: WebhookSettings, pool_of: PoolOf
) -> None:
    hooked(store, receiver, settings)
    bounded = dataclasses.replace(settings, max_pending=4, retry_schedule=(0.05,) * 5)
    deliveries = pool_of(store, bounded)
    owner = OWNERS[0]
    (hook_id,) = store.webhook_ids(owner)
    receiver.default = Answer(503)
    deliveries.tell(changes_of(owner, 6))  # the fifth would pass the bound: paused instead
    assert load_webhook(store, owner, hook_id).disabled_reason == BACKLOG
    deliveries.step()
    assert len(receiver.received()) == 4  # what it holds is still sent
    receiver.default = Answer(204)
    deadline = time.monotonic() + 30
    while load_webhook(store, owner, hook_id).disabled_reason == BACKLOG:
        assert time.monotonic() < deadline, "not resumed"
        time.sleep(0.06)
        deliveries.step()
    later = Change(f"g_{owner}", owner, "game.moved", 99, "[]", 2.0)
    deliveries.tell([later])
    deliveries.step()
    assert change_body(later).encode() in {request.body for request in receiver.received()}
