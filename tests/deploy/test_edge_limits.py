"""deploy/nginx.conf refuses a credential's flood before the service sees it, and passes a client within
its quota untouched.

Debian's nginx runs the deployment's configuration in front of the service under gunicorn on a private
Redis (``harness.nginx``). Most tests give the edge's zones a rate of one request a minute past a burst
of a few (``TIGHT``): what passes in a test's few seconds is then the burst and one, however fast or
slow the machine, so the tests count answers. The last runs the allowances as deployed.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest

from harness.client_apps import register_client
from harness.games import Game, create_game
from harness.http_client import Answer, Client
from harness.nginx import Nginx
from harness.nginx_conf import Allowance
from harness.players import SAMPLE_NAMES
from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess
from harness.streams import Frame, HttpStream, StreamReader
from service.admission.config import LimitDefaults
from service.play.access import issue_api_key, new_client_id

REQUESTS_BURST, CREATIONS_BURST = 4, 2
TIGHT = {
    "edge_requests": Allowance("1r/m", REQUESTS_BURST),
    "edge_creations": Allowance("1r/m", CREATIONS_BURST),
}
PASSED = REQUESTS_BURST + 1
"""What a credential gets past the tight edge at once: its burst, and the request the rate allows."""
FLOOD = 12
SERVICE_ENV = {"TRUSTED_PROXIES": "127.0.0.1/32", "AUTH_FAILURES_PER_MINUTE": "1000"}
"""nginx trusted, as deployed; refused credentials counted per address (every test's is loopback) high
enough that the service's own guard never blocks the module's clients: the edge is what is tested."""


@pytest.fixture(scope="module")
def service() -> Iterator[ServiceProcess]:
    with RedisServer() as redis, ServiceProcess(redis.url, workers=1, env=SERVICE_ENV) as service:
        yield service


@pytest.fixture
def edge(service: ServiceProcess) -> Iterator[Nginx]:
    """nginx in front of the service with the tight allowances, its zones empty."""
    with Nginx([service.port], allowances=TIGHT) as nginx:
        yield nginx


def send(url: str, count: int, method: str, path: str, **request: Any) -> list[Answer]:
    with contextlib.closing(Client(url)) as client:
        return [client.request(method, path, **request) for _ in range(count)]


def key_of(service: ServiceProcess, name: str) -> dict[str, str]:
    """The ``X-API-Key`` header of a new client with the service's default limits."""
    assert service.redis_url is not None
    return {"X-API-Key": register_client(service.redis_url, name)}


def refused_at_the_edge(answer: Answer) -> bool:
    """nginx's 429: the contract's problem, without the RateLimit headers every answer of the service
    counted against a limit carries."""
    if answer.status != 429 or "ratelimit-policy" in answer.headers:
        return False
    assert answer.headers["content-type"] == "application/problem+json"
    assert answer.headers["retry-after"] == "1" and answer.headers["x-request-id"]
    assert (answer.body["code"], answer.body["retry_after"]) == ("rate_limited", 1)
    return True


def test_a_keys_flood_is_refused_at_the_edge_and_another_keys_requests_pass(
    service: ServiceProcess, edge: Nginx
) -> None:
    flood = send(edge.url, FLOOD, "GET", "/v1/games", headers=key_of(service, "flooder"))
    assert [answer.status for answer in flood[:PASSED]] == [200] * PASSED
    assert all(refused_at_the_edge(answer) for answer in flood[PASSED:])
    (other,) = send(edge.url, 1, "GET", "/v1/games", headers=key_of(service, "neighbour"))
    assert other.status == 200


def test_a_flood_through_one_token_of_a_game_is_refused_for_that_token_only(
    service: ServiceProcess, edge: Nginx
) -> None:
    key = key_of(service, "owner")
    with contextlib.closing(Client(edge.url)) as client:
        game = create_game(client, SAMPLE_NAMES[:2], 3, headers=key)
    flood = send(edge.url, FLOOD, "GET", game.url, token=game.admin)
    assert sum(answer.status == 200 for answer in flood) == PASSED
    assert sum(refused_at_the_edge(answer) for answer in flood) == FLOOD - PASSED
    for credential in ({"token": game.players[0]}, {"token": game.players[1]}, {"headers": key}):
        (answer,) = send(edge.url, 1, "GET", game.url, **credential)
        assert answer.status == 200, credential


def test_a_flood_of_creations_is_refused_past_its_burst_and_the_keys_other_requests_pass(
    service: ServiceProcess, edge: Nginx
) -> None:
    key = key_of(service, "creator")
    body = {"players": list(SAMPLE_NAMES[:2])}
    created = send(edge.url, FLOOD // 2, "POST", "/v1/games", body=body, headers=key)
    assert [answer.status for answer in created[: CREATIONS_BURST + 1]] == [201] * (CREATIONS_BURST + 1)
    assert all(refused_at_the_edge(answer) for answer in created[CREATIONS_BURST + 1 :])
    (listed,) = send(edge.url, 1, "GET", "/v1/games", headers=key)
    assert listed.status == 200


@pytest.mark.parametrize(
    "credential",
    [
        {"X-API-Key": "garbage"},
        {"Authorization": "Bearer nonsense"},
        {"Authorization": "Basic Zm9vOmJhcg=="},
        {},
    ],
    ids=["key", "token", "another-scheme", "none"],
)
def test_a_credential_of_another_shape_counts_against_its_address(
    service: ServiceProcess, edge: Nginx, credential: dict[str, str]
) -> None:
    flood = send(edge.url, FLOOD, "GET", "/v1/games", headers=credential)
    assert [answer.status for answer in flood[:PASSED]] == [401] * PASSED  # the service's refusals
    assert all(refused_at_the_edge(answer) for answer in flood[PASSED:])
    (real,) = send(edge.url, 1, "GET", "/v1/games", headers=key_of(service, "beside"))
    assert real.status == 200  # a real key has its own allowance


def test_keys_of_the_services_shape_pass_to_the_services_own_guard(edge: Nginx) -> None:
    """Each unknown key of the right shape is a credential of its own to the edge, which cannot tell it
    is refused: the service's per-address count of refused credentials is what holds them."""
    with contextlib.closing(Client(edge.url)) as client:
        answers = [
            client.request("GET", "/v1/games", headers={"X-API-Key": issue_api_key(new_client_id())})
            for _ in range(FLOOD)
        ]
    assert [answer.status for answer in answers] == [401] * FLOOD
    assert all('"auth-failures"' in answer.headers["ratelimit-policy"] for answer in answers)


@pytest.mark.parametrize("path", ["/v1/bots", "/healthz", "/readyz", "/openapi.json"])
def test_what_takes_no_credential_is_never_refused_at_the_edge(edge: Nginx, path: str) -> None:
    flood = send(edge.url, FLOOD, "GET", path, headers={"X-API-Key": issue_api_key(new_client_id())})
    assert [answer.status for answer in flood] == [200] * FLOOD


def test_a_stream_stays_open_while_its_token_is_refused_at_the_edge(
    service: ServiceProcess, edge: Nginx
) -> None:
    with contextlib.closing(Client(edge.url)) as client:
        game = create_game(client, SAMPLE_NAMES[:2], 4, headers=key_of(service, "watcher"))
    source = HttpStream(edge.url, f"{game.url}/stream", {"Authorization": f"Bearer {game.players[0]}"})
    stream = StreamReader(source.chunks(), source=source)
    try:
        assert [frame.event for frame in stream.take(3)] == ["game", "round_dealt", "hand"]
        flood = send(edge.url, FLOOD, "GET", game.url, token=game.players[0])
        assert sum(refused_at_the_edge(answer) for answer in flood) == FLOOD - PASSED + 1  # the stream's open
        (moved,) = send(edge.url, 1, "POST", f"{game.url}/moves", body=a_pass(game), token=game.admin)
        assert moved.status == 200
        for event in moved.body["events"]:
            assert stream.next() == Frame(event["type"], event["seq"], event)
    finally:
        stream.close()


def a_pass(game: Game) -> dict[str, Any]:
    """A pass by the seat to play: always legal."""
    return {"player": game.created["game"]["current_player"], "action": "pass"}


@pytest.mark.parametrize(
    ("method", "path", "quota"),
    [
        ("GET", "/v1/games", LimitDefaults().requests_per_second),
        ("POST", "/v1/games", LimitDefaults().games_per_minute),
    ],
    ids=["requests", "creations"],
)
def test_a_client_spending_its_whole_quota_at_once_passes_the_deployed_edge_untouched(
    service: ServiceProcess, method: str, path: str, quota: int
) -> None:
    """With the allowances as deployed, a client with the service's default limits sends its whole
    bucket at once and more: the service admits its quota and refuses the rest itself, with its
    RateLimit headers; the edge refuses none of it (the slower the machine, the more the service
    admits: never fewer)."""
    body = {"players": list(SAMPLE_NAMES[:2])} if method == "POST" else None
    with Nginx([service.port]) as deployed:
        answers = send(deployed.url, quota + 20, method, path, body=body, headers=key_of(service, "honest"))
    assert not any(refused_at_the_edge(answer) for answer in answers)
    assert {answer.status for answer in answers[:quota]} == {201 if method == "POST" else 200}
    assert all("ratelimit-policy" in answer.headers for answer in answers)
