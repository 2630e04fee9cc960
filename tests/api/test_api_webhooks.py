"""Webhooks through the API, on the memory store and on Redis, delivered to a real HTTPS receiver.

The worker is driven by hand (its loop's ``step`` and the deliveries' ``step``) until the outcome a
test waits for comes, within a generous deadline: nothing here depends on how fast the machine is.
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import jsonschema_rs
import pytest
from standardwebhooks import Webhook as Verifier
from standardwebhooks.webhooks import WebhookVerificationError

from harness.certificates import Certificates
from harness.client_apps import register_in
from harness.games import Game
from harness.in_process_api import Api
from harness.webhook_receiver import ALLOWED_NETWORKS, Answer, Received, WebhookReceiver
from service.api.contract import load_contract
from service.bots.levels import choose
from service.play import webhook_management
from service.settings import WorkerSettings
from service.store import Store
from service.store.config import RedisOptions
from service.store.memory import MemoryStore
from service.store.redis import RedisStore
from service.worker.handlers import worker
from service.worker.loop import Worker
from tests.api.test_api_errors import assert_problem

DEADLINE = 30.0
"""Seconds a test waits for an outcome before it fails (a guard against a hang, not a speed bound)."""
ROTATION_GRACE = 2.0


@pytest.fixture(params=["memory", "redis"])
def store(request: pytest.FixtureRequest) -> Iterator[Store]:
    if request.param == "memory":
        yield MemoryStore()
        return
    redis = RedisStore(RedisOptions(request.getfixturevalue("redis_url")))
    yield redis
    redis.close()


@pytest.fixture(scope="module")
def certificates(tmp_path_factory: pytest.TempPathFactory) -> Certificates:
    from harness.certificates import make_certificates

    return make_certificates(tmp_path_factory.mktemp("webhook-certificates"))


@pytest.fixture
def receiver(certificates: Certificates) -> Iterator[WebhookReceiver]:
    with WebhookReceiver(certificates) as running:
        yield running


@pytest.fixture
def app_config(certificates: Certificates) -> dict[str, Any]:
    return {
        "WEBHOOK_ALLOWED_NETWORKS": ALLOWED_NETWORKS,
        "WEBHOOK_CA_FILE": str(certificates.ca),
        "WEBHOOK_RETRY_SCHEDULE": "0.05,0.05,0.05",
        "WEBHOOK_ATTEMPT_TIMEOUT_SECONDS": "5",
        "WEBHOOK_ROTATION_GRACE_SECONDS": str(ROTATION_GRACE),
    }


@pytest.fixture(autouse=True)
def registration_answers_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test registers before its first change, so no process has read the owners before."""
    monkeypatch.setattr(webhook_management, "REGISTRATION_WAIT", 0.0)


@pytest.fixture
def background(api: Api, store: Store) -> Iterator[Worker]:
    """A worker the test steps by hand; its delivery pool closed after the test."""
    settings = api.client.application.extensions["restart"].settings
    made = worker(store, "test-worker", choose, WorkerSettings(sweep_every=3600), settings.webhooks)
    yield made
    assert made.deliveries is not None
    made.deliveries.close()


def register(api: Api, receiver: WebhookReceiver, **body: Any) -> dict[str, Any]:
    answer = api.post("/v1/webhooks", None, {"url": receiver.url(), **body}, headers=api.key_header)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    created: dict[str, Any] = answer.get_json()
    return created


def until(background: Worker, done: Callable[[], bool], what: str) -> None:
    """The worker's work done round after round until ``done()``."""
    deadline = time.monotonic() + DEADLINE
    while not done():
        assert time.monotonic() < deadline, f"not within {DEADLINE} s: {what}"
        background.step(wait=0.0)
        assert background.deliveries is not None
        background.deliveries.step()
        time.sleep(0.01)


def delivered(receiver: WebhookReceiver, background: Worker, count: int) -> list[Received]:
    until(background, lambda: len(receiver.received()) >= count, f"{count} requests received")
    return receiver.received()


def verified(secret: str, request: Received) -> dict[str, Any]:
    document: dict[str, Any] = Verifier(secret).verify(request.body, request.headers)
    return document


def test_each_change_is_delivered_signed_with_its_events_in_seq_order(
    api: Api, receiver: WebhookReceiver, background: Worker
) -> None:
    hook = register(api, receiver)
    game = api.create(players=["Annika", "Elias"], seed=3)
    move = api.legal_moves(game, game.admin, api.snapshot(game)["current_player"])[0]
    assert api.move(game, game.admin, move).status_code == 200
    created, moved = delivered(receiver, background, 2)
    body = verified(hook["secret"], created)
    assert body["type"] == "game.created" and body["data"]["game_id"] == game.id
    assert body["data"]["version"] == 1
    assert [event["seq"] for event in body["data"]["events"]] == list(
        range(1, len(body["data"]["events"]) + 1)
    )
    after = verified(hook["secret"], moved)
    assert after["type"] == "game.moved" and after["data"]["version"] == 2
    assert after["data"]["events"][0]["seq"] == len(body["data"]["events"]) + 1
    assert created.headers["webhook-id"] != moved.headers["webhook-id"]


def test_a_receiver_failing_twice_gets_three_attempts_with_one_webhook_id(
    api: Api, receiver: WebhookReceiver, background: Worker
) -> None:
    register(api, receiver, events=["game.created"])
    receiver.answer_with(Answer(500), Answer(500), Answer(200))
    api.create()
    attempts = delivered(receiver, background, 3)
    assert len({request.headers["webhook-id"] for request in attempts}) == 1
    hook_id = api.get("/v1/webhooks", None, headers=api.key_header).get_json()["webhooks"][0]["id"]
    log = api.get(f"/v1/webhooks/{hook_id}/deliveries", None, headers=api.key_header).get_json()
    assert [(d["status"], d["attempts"], d["last_status_code"]) for d in log["deliveries"]] == [
        ("delivered", 3, 200)
    ]


def test_an_endpoint_answering_410_is_disabled_and_says_so(
    api: Api, receiver: WebhookReceiver, background: Worker
) -> None:
    hook = register(api, receiver, events=["game.moved", "game.deleted"])
    receiver.answer_with(Answer(410))
    game = api.create(players=["Annika", "Elias"], seed=3)
    move = api.legal_moves(game, game.admin, api.snapshot(game)["current_player"])[0]
    assert api.move(game, game.admin, move).status_code == 200
    api.client.delete(game.url, headers=api.key_header)  # both told before anything is sent
    path = f"/v1/webhooks/{hook['id']}"
    until(background, lambda: api.get(path, None, headers=api.key_header).get_json()["disabled"], "disabled")
    assert api.get(path, None, headers=api.key_header).get_json()["disabled_reason"] == "gone"
    logged = {}
    until(
        background,
        lambda: (
            logged.update(page=api.get(f"{path}/deliveries", None, headers=api.key_header).get_json())
            or all(d["status"] == "failed" for d in logged["page"]["deliveries"])
        ),
        "both deliveries failed",
    )
    assert len(receiver.received()) == 1  # the second was never sent
    outcomes = sorted(
        (d["last_status_code"] or 0, d["last_error"] or "") for d in logged["page"]["deliveries"]
    )
    assert outcomes == [(0, "the webhook is disabled"), (410, "status 410")]


def test_every_failure_for_the_whole_schedule_disables_the_endpoint(
    api: Api, receiver: WebhookReceiver, background: Worker
) -> None:
    hook = register(api, receiver)
    receiver.default = Answer(503)
    api.create()
    until(
        background,
        lambda: api.get(f"/v1/webhooks/{hook['id']}", None, headers=api.key_header).get_json()["disabled"],
        "disabled",
    )
    assert len(receiver.received()) == 4  # the first attempt and the schedule's three
    shown = api.get(f"/v1/webhooks/{hook['id']}", None, headers=api.key_header).get_json()
    assert shown["disabled_reason"] == "failing"


def test_after_a_rotation_both_secrets_sign_then_only_the_new(
    api: Api, receiver: WebhookReceiver, background: Worker
) -> None:
    hook = register(api, receiver, events=["game.created"])
    rotated = api.post(f"/v1/webhooks/{hook['id']}/rotate", None, None, headers=api.key_header)
    assert rotated.status_code == 200
    new = rotated.get_json()["secret"]
    assert new != hook["secret"] and new.startswith("whsec_")
    api.create()
    (during,) = delivered(receiver, background, 1)
    assert len(during.headers["webhook-signature"].split()) == 2
    verified(hook["secret"], during)
    verified(new, during)
    time.sleep(ROTATION_GRACE)  # the grace is the setting's to end, not the machine's speed
    api.create()
    after = delivered(receiver, background, 2)[1]
    verified(new, after)
    with pytest.raises(WebhookVerificationError):
        verified(hook["secret"], after)


def test_a_filtered_webhook_gets_only_its_types_and_a_deletion_survives_the_game(
    api: Api, receiver: WebhookReceiver, background: Worker, store: Store
) -> None:
    hook = register(api, receiver, events=["game.deleted"])
    assert hook["events"] == ["game.deleted"]
    game = api.create()
    assert api.client.delete(game.url, headers=api.key_header).status_code == 204
    (only,) = delivered(receiver, background, 1)
    body = verified(hook["secret"], only)
    assert body["type"] == "game.deleted" and body["data"]["game_id"] == game.id
    assert body["data"]["events"] == []


def test_the_log_lists_newest_first_in_pages_and_a_retry_sends_again_with_its_id(
    api: Api, receiver: WebhookReceiver, background: Worker
) -> None:
    hook = register(api, receiver, events=["game.created"])
    games = []
    for made in range(1, 4):  # one at a time: the log's order is the order the worker fanned them out
        games.append(api.create())
        delivered(receiver, background, made)
    path = f"/v1/webhooks/{hook['id']}/deliveries"
    first = api.get(path, None, headers=api.key_header, query_string={"limit": 2}).get_json()
    rest = api.get(path, None, headers=api.key_header, query_string={"cursor": first["next"]}).get_json()
    listed = first["deliveries"] + rest["deliveries"]
    assert [d["game_id"] for d in listed] == [game.id for game in reversed(games)]
    assert rest["next"] is None and all(d["status"] == "delivered" for d in listed)
    retried = api.post(f"{path}/{listed[0]['id']}/retry", None, None, headers=api.key_header)
    assert retried.status_code == 202 and retried.get_json()["status"] == "pending"
    again = delivered(receiver, background, 4)[3]
    assert again.headers["webhook-id"] == listed[0]["id"]


def test_another_clients_webhook_is_not_found_like_a_missing_one(
    api: Api, receiver: WebhookReceiver, store: Store
) -> None:
    hook = register(api, receiver)
    other = {"X-API-Key": register_in(store)}
    for method, path in [
        ("GET", f"/v1/webhooks/{hook['id']}"),
        ("DELETE", f"/v1/webhooks/{hook['id']}"),
        ("POST", f"/v1/webhooks/{hook['id']}/rotate"),
        ("GET", f"/v1/webhooks/{hook['id']}/deliveries"),
        ("GET", "/v1/webhooks/wh_0000000000000000"),
    ]:
        assert_problem(api.client.open(path, method=method, headers=other), 404, "not_found")
    assert api.get("/v1/webhooks", None, headers=other).get_json() == {"webhooks": []}
    assert api.client.delete(f"/v1/webhooks/{hook['id']}", headers=api.key_header).status_code == 204
    assert_problem(api.get(f"/v1/webhooks/{hook['id']}", None, headers=api.key_header), 404, "not_found")


@pytest.mark.parametrize(
    "url",
    ["https://10.0.0.1/hooks", "https://169.254.169.254/latest", "http://example.com/hooks", "ftp://x/"],
)
def test_a_url_deliveries_may_not_reach_is_refused_at_registration(api: Api, url: str) -> None:
    answer = api.post("/v1/webhooks", None, {"url": url}, headers=api.key_header)
    assert_problem(answer, 422, "webhook_url_refused")


def test_a_client_has_at_most_ten_webhooks(api: Api, receiver: WebhookReceiver) -> None:
    for _ in range(webhook_management.MAX_WEBHOOKS):
        register(api, receiver)
    answer = api.post("/v1/webhooks", None, {"url": receiver.url()}, headers=api.key_header)
    assert_problem(answer, 409, "webhooks_limited")


def test_an_unknown_event_type_or_field_is_an_invalid_request(api: Api, receiver: WebhookReceiver) -> None:
    for body in [{"url": receiver.url(), "events": ["game.paused"]}, {"url": receiver.url(), "secret": "x"}]:
        assert_problem(api.post("/v1/webhooks", None, body, headers=api.key_header), 422, "invalid_request")


def test_a_client_without_webhooks_leaves_the_worker_nothing(api: Api, store: Store, game: Game) -> None:
    move = api.legal_moves(game, game.admin, api.snapshot(game)["current_player"])[0]
    assert api.move(game, game.admin, move).status_code == 200
    assert store.outbox(game.id, 10) == []


def test_bodies_are_json_with_type_timestamp_and_data(
    api: Api, receiver: WebhookReceiver, background: Worker
) -> None:
    register(api, receiver)
    api.create()
    (request,) = delivered(receiver, background, 1)
    body = json.loads(request.body)
    assert set(body) == {"type", "timestamp", "data"} and set(body["data"]) == {
        "game_id",
        "version",
        "events",
    }
    assert request.headers["content-type"] == "application/json"


def test_a_game_of_bots_is_told_move_by_move_to_its_end_every_seq_once(
    api: Api, receiver: WebhookReceiver, background: Worker
) -> None:
    hook = register(api, receiver)
    bots = [{"name": "Greedy", "bot": "greedy"}, {"name": "Random", "bot": "random"}]
    api.create(players=bots, seed=5, target_score=1)

    def finished() -> bool:
        return any(json.loads(request.body)["type"] == "game.finished" for request in receiver.received())

    until(background, finished, "the game's end told")
    bodies = {
        request.headers["webhook-id"]: verified(hook["secret"], request) for request in receiver.received()
    }
    told = sorted(bodies.values(), key=lambda body: body["data"]["version"])
    assert [body["data"]["version"] for body in told] == list(range(1, len(told) + 1))
    assert [body["type"] for body in told] == [
        "game.created",
        *["game.moved"] * (len(told) - 2),
        "game.finished",
    ]
    seqs = [event["seq"] for body in told for event in body["data"]["events"]]
    assert seqs == list(range(1, len(seqs) + 1))
    assert told[-1]["data"]["events"][-1]["type"] == "game_over"


def test_every_delivery_keeps_the_contracts_webhook(
    api: Api, receiver: WebhookReceiver, background: Worker
) -> None:
    """Each type's body and headers as ``webhooks.gameChange`` in openapi.yaml says (a game of bots to
    its end, then deleted): the contract a receiver's code is generated from cannot drift."""
    register(api, receiver, events=list(webhook_management.EVENT_TYPES))
    bots = [{"name": "Greedy", "bot": "greedy"}, {"name": "Random", "bot": "random"}]
    game = api.create(players=bots, seed=5, target_score=1)
    api.create(players=[{"name": "Ann", "player": "app:ann"}, {"name": "Bob", "player": "app:bob"}])
    people = [{"name": "Cy", "player": "app:cy"}, {"name": "Di", "player": "app:di"}]
    rated = api.create(players=people, seed=3, target_score=1, rated=True)
    for _ in range(2):  # two passes: the round, and with a target of 1 the game, ends; then it is rated
        seat = api.snapshot(rated)["current_player"]
        assert api.move(rated, rated.admin, {"player": seat, "action": "pass"}).status_code == 200

    def told(kind: str) -> bool:
        return any(json.loads(request.body)["type"] == kind for request in receiver.received())

    until(
        background,
        lambda: told("game.finished") and told("turn.started") and told("game.rated"),
        "the games' ends told",
    )
    assert api.client.delete(game.url, headers=api.key_header).status_code == 204
    until(background, lambda: told("game.deleted"), "the deletion told")
    document = load_contract().document
    operation = document["webhooks"]["gameChange"]["post"]
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    body_schema = jsonschema_rs.Draft202012Validator({**schema, "components": document["components"]})
    headers = {parameter["name"]: parameter["schema"] for parameter in operation["parameters"]}
    kinds = set()
    for request in receiver.received():
        body_schema.validate(json.loads(request.body))
        for name, header_schema in headers.items():
            jsonschema_rs.validate(header_schema, request.headers[name])
        kinds.add(json.loads(request.body)["type"])
    assert kinds == set(webhook_management.EVENT_TYPES)


def test_a_webhook_at_its_backlog_bound_says_so_and_its_receiver_catches_up_from_the_log(
    api: Api, receiver: WebhookReceiver, store: Store, request: pytest.FixtureRequest
) -> None:
    """A receiver down while changes pile up: past ``WEBHOOK_MAX_PENDING`` the webhook is paused (its
    ``GET`` says ``backlog``, as the contract has it), the change meanwhile is not delivered, and the
    game's event log gives the receiver what it missed; once half are sent it resumes by itself."""
    hook = register(api, receiver)
    settings = api.client.application.extensions["restart"].settings
    bounded = dataclasses.replace(settings.webhooks, max_pending=2)
    background = worker(store, "test-worker", choose, WorkerSettings(sweep_every=3600), bounded)
    assert background.deliveries is not None
    request.addfinalizer(background.deliveries.close)
    receiver.default = Answer(503)
    game = api.create(players=["Annika", "Elias"], seed=3)
    for _ in range(2):
        move = api.legal_moves(game, game.admin, api.snapshot(game)["current_player"])[0]
        assert api.move(game, game.admin, move).status_code == 200
    path = f"/v1/webhooks/{hook['id']}"

    def shown() -> dict[str, Any]:
        answer: dict[str, Any] = api.get(path, None, headers=api.key_header).get_json()
        return answer

    until(background, lambda: shown()["disabled"], "paused")
    document = load_contract().document
    jsonschema_rs.Draft202012Validator(
        {"$ref": "#/components/schemas/Webhook", "components": document["components"]}
    ).validate(shown())
    assert shown()["disabled_reason"] == "backlog"
    receiver.default = Answer(204)
    until(background, lambda: not shown()["disabled"], "resumed")
    delivered_versions = {json.loads(request.body)["data"]["version"] for request in receiver.received()}
    assert delivered_versions == {1, 2}  # the second move's change came while it was paused
    told = [json.loads(request.body) for request in receiver.received()]
    last_seq = max(event["seq"] for body in told for event in body["data"]["events"])
    missed = api.get(f"{game.url}/events", game.admin, query_string={"after": last_seq}).get_json()
    assert missed["events"] and missed["events"][0]["seq"] == last_seq + 1


def test_turn_started_is_sent_only_to_a_webhook_that_named_it_with_the_turn_s_seat_player_and_deadline(
    api: Api, receiver: WebhookReceiver, background: Worker
) -> None:
    every_game_type = register(api, receiver)
    assert "turn.started" not in every_game_type["events"]
    only_turns = register(api, receiver, events=["turn.started"])
    assert only_turns["events"] == ["turn.started"]
    people = [{"name": "Ann", "player": "app:ann"}, {"name": "Bob", "player": "app:bob"}]
    game = api.create(players=people, seed=7, clock={"turn_seconds": 60})
    first = game.created["game"]["current_player"]

    def bodies() -> list[dict[str, Any]]:
        return [json.loads(request.body) for request in receiver.received()]

    until(background, lambda: len(bodies()) >= 2, "the creation and its turn told")
    background.step(wait=0.0)
    assert sorted(body["type"] for body in bodies()) == ["game.created", "turn.started"]
    started = next(body for body in bodies() if body["type"] == "turn.started")
    deadline = game.created["game"]["clock"]["deadline"]
    assert started["data"]["turn"] == {"seat": first, "player": people[first]["player"], "deadline": deadline}
    assert started["data"]["game_id"] == game.id and started["data"]["version"] == 1


def test_an_offer_made_answered_and_taking_effect_is_delivered_change_by_change(
    api: Api, receiver: WebhookReceiver, background: Worker
) -> None:
    """docs/OFFERS.md: every change of an offer is a webhook's ``game.moved``, with its events; an
    abort that took effect is ``game.finished``."""
    hook = register(api, receiver)
    game = api.create(players=["Annika", "Elias"], seed=3)
    made = api.post(f"{game.url}/offers", game.players[0], {"kind": "abort"}).get_json()["offer"]
    took = api.post(f"{game.url}/offers/{made['id']}/accept", game.players[1], None)
    assert took.status_code == 200, took.get_data(as_text=True)
    _, offered, ended = (verified(hook["secret"], sent) for sent in delivered(receiver, background, 3))
    assert offered["type"] == "game.moved" and offered["data"]["version"] == 2
    assert [event["type"] for event in offered["data"]["events"]] == ["offer_made"]
    assert ended["type"] == "game.finished" and ended["data"]["version"] == 3
    assert [event["type"] for event in ended["data"]["events"]] == ["offer_accepted", "game_over"]
    assert ended["data"]["events"][-1]["reason"] == "aborted"
