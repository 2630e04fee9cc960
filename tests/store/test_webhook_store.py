"""The WebhookStore contract, on every store (memory, Redis over TCP and TLS, a cluster): a client's
webhooks within its bound, their logs kept to the newest, a change fanned out once, the due set
claimed with a lease, a webhook's backlog bounded; each batch call in one round trip."""

from __future__ import annotations

from collections.abc import Mapping

from service.store import NewDelivery, Store
from service.store.webhooks import BACKLOG, AttemptRecord

OWNER, OTHER = "owner", "other"
PLENTY = 1_000
"""A bound on pending deliveries that no test but the backlog's reaches."""


def add(store: Store, made: list[NewDelivery], kept: int, max_pending: int = PLENTY) -> list[str]:
    return store.add_deliveries({OWNER: made}, kept, max_pending)[OWNER]


def load_attempt(
    store: Store, owner: str, webhook_id: str, delivery_id: str
) -> tuple[dict[str, str] | None, str | None]:
    webhooks, (record,) = store.load_attempts([f"{owner}/{webhook_id}/{delivery_id}"])
    return webhooks[f"{owner}/{webhook_id}"], record


def finish(
    store: Store,
    delivery_id: str,
    record: str | None,
    told: Mapping[str, str],
    due: str,
    next_at: float | None,
) -> None:
    """An attempt of ``OWNER``'s ``wh_a`` recorded, then settled in the due set."""
    done = AttemptRecord(OWNER, "wh_a", delivery_id, due, record, told, next_at)
    store.record_attempts([done], PLENTY)
    store.settle_due([done])


def unschedule(store: Store, due: str) -> None:
    owner, webhook_id, delivery_id = due.split("/")
    store.settle_due([AttemptRecord(owner, webhook_id, delivery_id, due, None, {}, None)])


def fields(url: str = "https://receiver.example/") -> dict[str, str]:
    return {"url": url, "events": "[]", "secrets": "[]", "created_at": "1.0"}


def test_a_client_has_its_webhooks_within_its_bound_and_no_other_clients(store: Store) -> None:
    assert store.add_webhook(OWNER, "wh_a", fields(), at_most=2)
    assert store.add_webhook(OWNER, "wh_b", fields(), at_most=2)
    assert not store.add_webhook(OWNER, "wh_c", fields(), at_most=2)
    assert store.webhook_ids(OWNER) == ["wh_a", "wh_b"]
    assert store.load_webhook(OTHER, "wh_a") is None
    assert store.webhook_owners() == {OWNER}
    assert store.update_webhook(OWNER, "wh_a", {"disabled_reason": "gone"})
    assert (store.load_webhook(OWNER, "wh_a") or {})["disabled_reason"] == "gone"
    assert not store.update_webhook(OTHER, "wh_a", {"disabled_reason": "gone"})
    assert not store.delete_webhook(OTHER, "wh_a")
    assert store.delete_webhook(OWNER, "wh_a") and store.delete_webhook(OWNER, "wh_b")
    assert store.webhook_ids(OWNER) == [] and store.webhook_owners() == frozenset()
    assert store.load_webhook(OWNER, "wh_a") is None


def test_a_delivery_is_kept_once_and_the_log_keeps_the_newest(store: Store) -> None:
    store.add_webhook(OWNER, "wh_a", fields(), at_most=10)
    made = [NewDelivery("wh_a", f"msg_{n}", f'{{"n":{n}}}') for n in range(5)]
    assert add(store, made[:3], kept=3) == [delivery.record for delivery in made[:3]]
    for finished in ("msg_0", "msg_1", "msg_2"):
        assert store.save_delivery(OWNER, "wh_a", finished, f'{{"n":"{finished}"}}', pending=False)
    assert add(store, made[3:], kept=3) == [delivery.record for delivery in made[3:]]
    again = add(store, [NewDelivery("wh_a", "msg_4", '{"n":"again"}'), NewDelivery("wh_x", "msg_9", "{}")], 3)
    assert again == ['{"n":4}', ""]
    page, following = store.list_deliveries(OWNER, "wh_a", None, 2)
    assert page == ['{"n":4}', '{"n":3}'] and following is not None
    rest, end = store.list_deliveries(OWNER, "wh_a", following, 2)
    assert rest == ['{"n":"msg_2"}'] and end is None
    assert store.load_delivery(OWNER, "wh_a", "msg_0") is None
    assert store.save_delivery(OWNER, "wh_a", "msg_4", '{"n":"sent"}', pending=False)
    assert store.load_delivery(OWNER, "wh_a", "msg_4") == '{"n":"sent"}'
    assert not store.save_delivery(OWNER, "wh_a", "msg_0", "{}", pending=False)
    store.delete_webhook(OWNER, "wh_a")
    assert store.list_deliveries(OWNER, "wh_a", None, 10) == ([], None)


def test_a_claimed_delivery_is_due_again_when_its_lease_ends_unless_unscheduled(store: Store) -> None:
    store.schedule("o/w/first", 10.0)
    store.schedule("o/w/later", 50.0)
    store.schedule("o/w/first", 99.0, only_new=True)  # already there: kept at 10
    assert store.claim_due(20.0, 5, lease=30.0) == ["o/w/first"]
    assert store.claim_due(20.0, 5, lease=30.0) == []  # its lease: until 50
    assert store.claim_due(50.0, 5, lease=30.0) == ["o/w/first", "o/w/later"]  # by time, then name
    unschedule(store, "o/w/first")
    unschedule(store, "o/w/later")
    assert store.claim_due(1_000.0, 5, lease=30.0) == []


def test_a_pending_delivery_is_never_trimmed_before_it_is_finished(store: Store) -> None:
    store.add_webhook(OWNER, "wh_a", fields(), at_most=10)
    add(store, [NewDelivery("wh_a", "msg_old", '"old"')], kept=2)  # its receiver is down
    for n in range(5):  # newer ones, each sent at once
        add(store, [NewDelivery("wh_a", f"msg_{n}", f'"{n}"')], kept=2)
        store.save_delivery(OWNER, "wh_a", f"msg_{n}", f'"{n} sent"', pending=False)
    assert store.load_delivery(OWNER, "wh_a", "msg_old") == '"old"'
    assert store.list_deliveries(OWNER, "wh_a", None, 10)[0] == ['"4 sent"', '"old"']
    store.save_delivery(OWNER, "wh_a", "msg_old", '"old sent"', pending=False)
    add(store, [NewDelivery("wh_a", "msg_new", '"new"')], kept=2)
    assert store.list_deliveries(OWNER, "wh_a", None, 10)[0] == ['"new"', '"4 sent"']


def test_the_fan_out_reads_every_webhook_at_once_and_schedules_what_it_adds(store: Store) -> None:
    store.add_webhook(OWNER, "wh_a", fields("https://a.example/"), at_most=10)
    store.add_webhook(OWNER, "wh_b", fields("https://b.example/"), at_most=10)
    found = store.webhooks_of([OWNER, OTHER])
    assert [(hook, fields["url"]) for hook, fields in found[OWNER]] == [
        ("wh_a", "https://a.example/"),
        ("wh_b", "https://b.example/"),
    ]
    assert found[OTHER] == []
    made = [NewDelivery("wh_a", "msg_1", '"1"', "owner/wh_a/msg_1", 5.0), NewDelivery("wh_b", "msg_2", '"2"')]
    assert add(store, made, kept=10) == ['"1"', '"2"']
    again = NewDelivery("wh_a", "msg_1", '"1"', "owner/wh_a/msg_1", 1.0)
    add(store, [again], kept=10)  # fanned out again: its time kept
    assert store.claim_due(4.0, 5, lease=30.0) == []
    assert store.claim_due(5.0, 5, lease=30.0) == ["owner/wh_a/msg_1"]  # the one given a due member


def test_an_attempts_outcome_is_recorded_with_its_webhook_then_settled_in_the_due_set(
    store: Store,
) -> None:
    store.add_webhook(OWNER, "wh_a", fields(), at_most=10)
    due = "owner/wh_a/msg_1"
    add(store, [NewDelivery("wh_a", "msg_1", '"new"', due, 1.0)], kept=10)
    found, record = load_attempt(store, OWNER, "wh_a", "msg_1")
    assert found is not None and found["url"] == fields()["url"] and record == '"new"'
    assert load_attempt(store, OWNER, "wh_a", "msg_9") == (found, None)
    assert load_attempt(store, OTHER, "wh_a", "msg_1") == (None, None)
    assert store.claim_due(1.0, 5, lease=30.0) == [due]
    finish(store, "msg_1", '"failed once"', {}, due, next_at=60.0)
    assert store.load_delivery(OWNER, "wh_a", "msg_1") == '"failed once"'
    assert store.claim_due(59.0, 5, lease=30.0) == [] and store.claim_due(60.0, 5, lease=30.0) == [due]
    finish(store, "msg_1", '"sent"', {"last_delivered_at": "61.0"}, due, next_at=None)
    found, record = load_attempt(store, OWNER, "wh_a", "msg_1")
    assert found is not None and found["last_delivered_at"] == "61.0" and record == '"sent"'
    assert store.claim_due(1_000.0, 5, lease=30.0) == []
    add(store, [NewDelivery("wh_a", f"msg_{n}", '"x"') for n in range(2, 12)], kept=10)
    assert store.load_delivery(OWNER, "wh_a", "msg_1") is None  # finished, so trimmed first
    finish(store, "msg_1", '"late"', {"a": "b"}, due, next_at=None)
    assert store.load_delivery(OWNER, "wh_a", "msg_1") is None and "a" not in (
        store.load_webhook(OWNER, "wh_a") or {}
    )


def test_an_outcome_recorded_and_not_settled_leaves_its_delivery_due_under_its_id(store: Store) -> None:
    """A worker killed between recording a batch and settling it: the deliveries are due again when
    their claims lapse, under the ids they had."""
    store.add_webhook(OWNER, "wh_a", fields(), at_most=10)
    dues = [f"owner/wh_a/msg_{n}" for n in range(3)]
    add(store, [NewDelivery("wh_a", f"msg_{n}", '"new"', due, 1.0) for n, due in enumerate(dues)], kept=10)
    assert store.claim_due(1.0, 5, lease=30.0) == dues
    store.record_attempts(
        [AttemptRecord(OWNER, "wh_a", f"msg_{n}", due, '"sent"', {}, None) for n, due in enumerate(dues)],
        PLENTY,
    )
    webhooks, records = store.load_attempts(dues)
    assert records == ['"sent"'] * 3 and list(webhooks) == ["owner/wh_a"]
    assert store.claim_due(31.0, 5, lease=30.0) == dues


def test_a_webhook_at_its_backlog_bound_is_paused_and_resumes_at_half(store: Store) -> None:
    store.add_webhook(OWNER, "wh_a", fields(), at_most=10)
    store.add_webhook(OWNER, "wh_b", fields(), at_most=10)
    made = [NewDelivery("wh_a", f"msg_{n}", f'"{n}"') for n in range(6)]
    assert add(store, [*made[:4], NewDelivery("wh_b", "msg_b", '"b"')], kept=2, max_pending=4) == [
        '"0"',
        '"1"',
        '"2"',
        '"3"',
        '"b"',
    ]
    assert add(store, made[4:], kept=2, max_pending=4) == ["", ""]  # the fifth pending: not kept
    assert (store.load_webhook(OWNER, "wh_a") or {})["disabled_reason"] == BACKLOG
    assert (store.load_webhook(OWNER, "wh_b") or {}).get("disabled_reason", "") == ""
    for n in range(2):  # two sent: 2 pending of a bound of 4, half of it: resumed
        sent = AttemptRecord(OWNER, "wh_a", f"msg_{n}", f"owner/wh_a/msg_{n}", '"sent"', {}, None)
        store.record_attempts([sent], 4)
        paused = (store.load_webhook(OWNER, "wh_a") or {})["disabled_reason"] == BACKLOG
        assert paused == (n == 0)
    assert add(store, made[4:5], kept=2, max_pending=4) == ['"4"']
