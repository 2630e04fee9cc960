"""The WebhookStore contract, on every store (memory, Redis over TCP and TLS, a cluster): a client's
webhooks within its bound, their logs kept to the newest, a change fanned out once, the due set
claimed with a lease."""

from __future__ import annotations

from service.store import NewDelivery, Store

OWNER, OTHER = "owner", "other"


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
    assert store.add_deliveries(OWNER, made[:3], kept=3) == [delivery.record for delivery in made[:3]]
    for finished in ("msg_0", "msg_1", "msg_2"):
        assert store.save_delivery(OWNER, "wh_a", finished, f'{{"n":"{finished}"}}', pending=False)
    assert store.add_deliveries(OWNER, made[3:], kept=3) == [delivery.record for delivery in made[3:]]
    again = store.add_deliveries(
        OWNER, [NewDelivery("wh_a", "msg_4", '{"n":"again"}'), NewDelivery("wh_x", "msg_9", "{}")], 3
    )
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
    store.unschedule("o/w/first")
    store.unschedule("o/w/later")
    assert store.claim_due(1_000.0, 5, lease=30.0) == []


def test_a_pending_delivery_is_never_trimmed_before_it_is_finished(store: Store) -> None:
    store.add_webhook(OWNER, "wh_a", fields(), at_most=10)
    store.add_deliveries(OWNER, [NewDelivery("wh_a", "msg_old", '"old"')], kept=2)  # its receiver is down
    for n in range(5):  # newer ones, each sent at once
        store.add_deliveries(OWNER, [NewDelivery("wh_a", f"msg_{n}", f'"{n}"')], kept=2)
        store.save_delivery(OWNER, "wh_a", f"msg_{n}", f'"{n} sent"', pending=False)
    assert store.load_delivery(OWNER, "wh_a", "msg_old") == '"old"'
    assert store.list_deliveries(OWNER, "wh_a", None, 10)[0] == ['"4 sent"', '"old"']
    store.save_delivery(OWNER, "wh_a", "msg_old", '"old sent"', pending=False)
    store.add_deliveries(OWNER, [NewDelivery("wh_a", "msg_new", '"new"')], kept=2)
    assert store.list_deliveries(OWNER, "wh_a", None, 10)[0] == ['"new"', '"4 sent"']


def test_the_fan_out_reads_every_webhook_at_once_and_schedules_what_it_adds(store: Store) -> None:
    store.add_webhook(OWNER, "wh_a", fields("https://a.example/"), at_most=10)
    store.add_webhook(OWNER, "wh_b", fields("https://b.example/"), at_most=10)
    assert [(hook, found["url"]) for hook, found in store.webhooks_of(OWNER)] == [
        ("wh_a", "https://a.example/"),
        ("wh_b", "https://b.example/"),
    ]
    assert store.webhooks_of(OTHER) == []
    made = [NewDelivery("wh_a", "msg_1", '"1"', "owner/wh_a/msg_1", 5.0), NewDelivery("wh_b", "msg_2", '"2"')]
    assert store.add_deliveries(OWNER, made, kept=10) == ['"1"', '"2"']
    again = NewDelivery("wh_a", "msg_1", '"1"', "owner/wh_a/msg_1", 1.0)
    store.add_deliveries(OWNER, [again], kept=10)  # fanned out again: its time kept
    assert store.claim_due(4.0, 5, lease=30.0) == []
    assert store.claim_due(5.0, 5, lease=30.0) == ["owner/wh_a/msg_1"]  # the one given a due member


def test_an_attempts_outcome_is_recorded_with_its_webhook_and_its_due_member_in_one_step(
    store: Store,
) -> None:
    store.add_webhook(OWNER, "wh_a", fields(), at_most=10)
    due = "owner/wh_a/msg_1"
    store.add_deliveries(OWNER, [NewDelivery("wh_a", "msg_1", '"new"', due, 1.0)], kept=10)
    found, record = store.load_attempt(OWNER, "wh_a", "msg_1")
    assert found is not None and found["url"] == fields()["url"] and record == '"new"'
    assert store.load_attempt(OWNER, "wh_a", "msg_9") == (found, None)
    assert store.load_attempt(OTHER, "wh_a", "msg_1") == (None, None)
    assert store.claim_due(1.0, 5, lease=30.0) == [due]
    store.finish_attempt(OWNER, "wh_a", "msg_1", '"failed once"', {}, due, next_at=60.0)
    assert store.load_delivery(OWNER, "wh_a", "msg_1") == '"failed once"'
    assert store.claim_due(59.0, 5, lease=30.0) == [] and store.claim_due(60.0, 5, lease=30.0) == [due]
    store.finish_attempt(OWNER, "wh_a", "msg_1", '"sent"', {"last_delivered_at": "61.0"}, due, next_at=None)
    found, record = store.load_attempt(OWNER, "wh_a", "msg_1")
    assert found is not None and found["last_delivered_at"] == "61.0" and record == '"sent"'
    assert store.claim_due(1_000.0, 5, lease=30.0) == []
    store.add_deliveries(OWNER, [NewDelivery("wh_a", f"msg_{n}", '"x"') for n in range(2, 12)], kept=10)
    assert store.load_delivery(OWNER, "wh_a", "msg_1") is None  # finished, so trimmed first
    store.finish_attempt(OWNER, "wh_a", "msg_1", '"late"', {"a": "b"}, due, next_at=None)
    assert store.load_delivery(OWNER, "wh_a", "msg_1") is None and "a" not in (
        store.load_webhook(OWNER, "wh_a") or {}
    )
