"""The pieces of the delivery benchmarks (``bench.deliveries``, ``bench.webhooks``) that work without
timing them: nginx answers over verified TLS and logs what the bench reads, the bare sender delivers
a stream's entries signed and acknowledges them, the outboxes are copied as the worker's bodies, the
delays are read from the right deliveries, moves are paced. No figure is asserted."""

from __future__ import annotations

import http.client
import json
import os
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from standardwebhooks import Webhook

from bench.bare_sender import GROUP, outcomes_key, send_all
from bench.deliveries import copy_outboxes, delivery
from bench.webhooks import CORES, Drained, move_delays, on_core, paced_moves
from harness.nginx_receiver import Arrival, NginxReceiver
from harness.service_process import REPO, ServiceProcess
from harness.webhook_receiver import WebhookReceiver
from service.store import keys

SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
ENTRY = (
    '{"kind":"change","owner":"c1","type":"game.moved","version":3,"at":1796281200.1234,'
    '"events":[{"seq":5,"type":"tile_placed","name":"Zoé \\"Z\\""}]}'
)
BODY = (
    '{"type":"game.moved","timestamp":"2026-12-03T07:00:00.123Z","data":{"game_id":"g1","version":3,'
    '"events":[{"seq":5,"type":"tile_placed","name":"Zoé \\"Z\\""}]}}'
)


@pytest.fixture
def client(redis_url: str) -> Iterator[redis.Redis]:
    with redis.Redis.from_url(redis_url) as opened:
        yield opened


def post(receiver: NginxReceiver, bodies: list[str]) -> list[int]:
    """Each body POSTed on one connection verified against the receiver's authority: the statuses."""
    context = ssl.create_default_context(cafile=receiver.ca_file)
    connection = http.client.HTTPSConnection("127.0.0.1", receiver.port, context=context)
    statuses = []
    try:
        for number, body in enumerate(bodies):
            connection.request("POST", "/webhook", body.encode(), {"webhook-id": f"msg_{number}"})
            answer = connection.getresponse()
            answer.read()
            statuses.append(answer.status)
            assert not answer.will_close  # kept alive
    finally:
        connection.close()
    return statuses


def arrivals(receiver: NginxReceiver, count: int) -> list[Arrival]:
    deadline = time.monotonic() + 5
    while len(found := receiver.received()) < count and time.monotonic() < deadline:
        time.sleep(0.02)
    return found


def test_nginx_answers_204_over_verified_tls_and_logs_each_id_and_time() -> None:
    with NginxReceiver() as receiver:
        before = time.time()
        assert post(receiver, [BODY, BODY, "{}"]) == [204, 204, 204]
        logged = arrivals(receiver, 3)
        assert len(receiver.pids()) == 2  # the master and its one worker
    assert [arrival.webhook_id for arrival in logged] == ["msg_0", "msg_1", "msg_2"]
    assert all(before - 0.01 <= arrival.at <= time.time() for arrival in logged)
    assert all(arrival.changed_at is None for arrival in logged)  # bodies not logged


def test_nginx_logs_bodies_when_asked_and_their_escaped_json_reads_back() -> None:
    with NginxReceiver(bodies=True) as receiver:
        assert post(receiver, [BODY, "{}"]) == [204, 204]
        logged = arrivals(receiver, 2)
    assert logged[0].changed_at == pytest.approx(1796281200.123)
    assert logged[0].type == "game.moved"
    assert (logged[1].changed_at, logged[1].type) == (None, None)


def test_nginx_is_refused_by_a_sender_that_does_not_trust_its_authority() -> None:
    with NginxReceiver() as receiver:
        connection = http.client.HTTPSConnection(
            "127.0.0.1", receiver.port, context=ssl.create_default_context()
        )
        with pytest.raises(ssl.SSLCertVerificationError):
            connection.request("POST", "/webhook", b"{}")
        connection.close()


def fill(client: redis.Redis, stream: str, count: int) -> None:
    for number in range(count):
        client.xadd(stream, {"id": f"msg_{number}", "body": BODY})


def test_the_bare_sender_delivers_every_entry_records_it_and_acknowledges_the_batch(
    client: redis.Redis,
) -> None:
    fill(client, "deliveries", 250)  # three batches
    with NginxReceiver() as receiver:
        assert send_all(client, "deliveries", receiver.url(), receiver.ca_file, SECRET) == 250
        logged = arrivals(receiver, 250)
        assert send_all(client, "deliveries", receiver.url(), receiver.ca_file, SECRET) == 0  # nothing left
    assert sorted(arrival.webhook_id for arrival in logged) == sorted(f"msg_{n}" for n in range(250))
    outcomes = client.hgetall(outcomes_key("deliveries"))
    assert len(outcomes) == 250 and {json.loads(text)["status"] for text in outcomes.values()} == {204}
    assert client.xpending("deliveries", GROUP)["pending"] == 0


def test_the_bare_sender_signs_as_standard_webhooks_verifies(client: redis.Redis) -> None:
    fill(client, "deliveries", 2)
    with WebhookReceiver() as receiver:
        send_all(client, "deliveries", receiver.url(), receiver.ca_file, SECRET)
        received = receiver.wait_for(2)
    for request in received:
        assert request.headers["content-type"] == "application/json"
        Webhook(SECRET).verify(request.body, request.headers)  # raises when the signature is wrong


def test_the_bare_sender_runs_as_a_process_started_by_a_line(client: redis.Redis, redis_url: str) -> None:
    fill(client, "deliveries", 3)
    with NginxReceiver() as receiver:
        command = [sys.executable, "-m", "bench.bare_sender", "--wait", redis_url, "deliveries",
                   receiver.url(), receiver.ca_file]  # fmt: skip
        ran = subprocess.run(command, cwd=REPO, input="go\n", capture_output=True, text=True, timeout=30)
        assert arrivals(receiver, 3)
    assert ran.stdout.splitlines() == ["ready", "sent 3"], ran.stderr


def test_an_outbox_change_becomes_the_body_the_worker_sends_and_a_bot_turn_nothing() -> None:
    made = delivery("g1", ENTRY.encode())
    assert made is not None
    message_id, body = made
    assert body == BODY and json.loads(body)["data"]["events"][0]["name"] == 'Zoé "Z"'
    assert message_id.startswith("msg_") and len(message_id) == 30
    assert delivery("g1", b'{"kind":"bot","version":3,"seat":1}') is None


def test_the_outboxes_are_copied_into_the_bare_senders_stream(client: redis.Redis) -> None:
    client.xadd(keys.outbox("g1"), {"e": ENTRY})
    client.xadd(keys.outbox("g1"), {"e": '{"kind":"bot","version":4,"seat":1}'})
    client.xadd(keys.outbox("g2"), {"e": ENTRY})
    assert copy_outboxes(client, "deliveries") == 2
    copied: Any = client.xrange("deliveries")
    bodies = sorted(fields[b"body"].decode() for _, fields in copied)
    assert bodies == sorted([BODY, BODY.replace('"g1"', '"g2"')])


def test_the_delays_are_those_of_the_moves_changed_in_the_window_each_at_its_first_arrival() -> None:
    logged = [
        Arrival("a", 10.5, 10.0, "game.moved"),
        Arrival("a", 11.0, 10.0, "game.moved"),  # sent again: counted at its first
        Arrival("b", 12.0, 11.9, "game.finished"),
        Arrival("c", 12.0, 11.0, "game.created"),
        Arrival("d", 30.0, 29.0, "game.moved"),  # changed after the window
    ]
    assert move_delays(logged, 9.0, 20.0) == pytest.approx([500.0, 100.0])
    assert Drained(0, 0.0, 1.0).per_second == 0.0 and Drained(4, 2.0, 0.002).cpu_us == 500.0


def test_on_core_pins_this_process_for_the_block_only() -> None:
    before = os.sched_getaffinity(0)
    with on_core(CORES[-1]):
        assert os.sched_getaffinity(0) == {CORES[-1]}
    assert os.sched_getaffinity(0) == before


def test_paced_moves_are_all_sent_and_answered() -> None:
    with ServiceProcess(None, workers=1) as service:
        answered, took = paced_moves(service, rate=20.0, seconds=2.0, first_seed=1)
    assert answered == 40 and took > 0
