"""Client apps over HTTP: keys, the games a client owns, deletion, and what each client may cost."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Response

from harness.client_apps import register_in
from harness.games import Game
from harness.in_process_api import Api
from service.play.client_management import revoke, rotate_key
from service.store import Store, StoreUnavailable
from service.store.client_apps import ClientLimits
from tests.api.test_api_errors import assert_problem
from tests.store.helpers import FakeClock

GAME_OPERATIONS = [
    ("GET", "", None),
    ("GET", "/snapshot", None),
    ("GET", "/events", None),
    ("GET", "/legal-moves?player=1", None),
    ("POST", "/moves/validate", {"player": 1, "action": "pass"}),
    ("POST", "/moves", {"player": 1, "action": "pass"}),
    ("DELETE", "", None),
]
"""Every operation on one game; the move changes it and the deletion ends it, so they come last."""


def keyed(key: str) -> dict[str, str]:
    return {"X-API-Key": key}


def call(
    api: Api, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
) -> Response:
    return api.client.open(path, method=method, json=body, headers=headers or {})


@pytest.fixture
def other(api: Api, store: Store) -> Api:
    """Another client app of the same service."""
    return Api(api.client, register_in(store, "Other app"))


def test_creating_and_adjudicating_need_a_key_that_opens_its_client(
    api: Api, store: Store, clock: FakeClock
) -> None:
    rotated = register_in(store, "Rotated")
    rotate_key(store, rotated.split("_")[1], 0, clock())
    revoked = register_in(store, "Revoked")
    revoke(store, revoked.split("_")[1])
    refused = {
        "no key": {},
        "an unknown key": keyed("rsk_nobody_" + "x" * 43),
        "a key of no shape": keyed("hello"),
        "a rotated-out key": keyed(rotated),
        "a revoked key": keyed(revoked),
        "a bearer token instead": {"Authorization": f"Bearer {api.create().admin}"},
    }
    for path, body in [
        ("/v1/games", {"players": ["A", "B"]}),
        ("/v1/adjudicate", {"snapshot": {}, "move": {}}),
    ]:
        answers = set()
        for headers in refused.values():
            response = call(api, "POST", path, body, headers)
            assert_problem(response, 401, "unauthorized")
            assert response.headers["WWW-Authenticate"] == 'ApiKey realm="restart", header="X-API-Key"'
            answers.add(response.get_data())
        assert len(answers) == 1, "every refused key gets the same answer, byte for byte"


def test_the_owners_key_acts_as_the_games_admin_on_every_operation(api: Api, game: Game) -> None:
    for method, path, body in GAME_OPERATIONS:
        response = call(api, method, f"{game.url}{path}", body, api.key_header)
        assert response.status_code in (200, 204), (method, path, response.get_data(as_text=True))
        if path == "":
            assert method == "DELETE" or "hands" in response.get_json()


@pytest.mark.parametrize(("method", "path", "body"), GAME_OPERATIONS)
def test_another_clients_key_finds_no_game_exactly_as_for_a_game_that_does_not_exist(
    api: Api, other: Api, game: Game, method: str, path: str, body: Any
) -> None:
    foreign = call(api, method, f"{game.url}{path}", body, other.key_header)
    missing = call(api, method, f"/v1/games/{'A' * 22}{path}", body, other.key_header)
    nonsense = call(api, method, f"/v1/games/not-a-game{path}", body, other.key_header)
    for response in (foreign, missing, nonsense):
        assert_problem(response, 404, "not_found")
    assert foreign.get_data() == missing.get_data() == nonsense.get_data()
    assert call(api, "GET", game.url, None, {"Authorization": f"Bearer {game.admin}"}).status_code == 200


def listed(api: Api, query: str = "") -> dict[str, Any]:
    response = call(api, "GET", f"/v1/games{query}", None, api.key_header)
    assert response.status_code == 200, response.get_data(as_text=True)
    page: dict[str, Any] = response.get_json()
    return page


def test_a_client_lists_only_its_own_games_newest_first_a_page_at_a_time(api: Api, other: Api) -> None:
    mine = [api.create(seed=seed).id for seed in range(5)]
    theirs = other.create(seed=9).id
    page = listed(api, "?limit=2")
    assert [game["id"] for game in page["games"]] == mine[:-3:-1]
    seen = [game["id"] for game in page["games"]]
    while page["next_cursor"] is not None:
        page = listed(api, f"?limit=2&cursor={page['next_cursor']}")
        seen += [game["id"] for game in page["games"]]
    assert seen == mine[::-1] and theirs not in seen
    assert [game["id"] for game in listed(other)["games"]] == [theirs]
    first = listed(api)["games"][0]
    assert first["status"] == "playing" and first["version"] == 1 and first["created_at"].endswith("Z")
    assert [player["name"] for player in first["players"]] == ["Annika", "Elias", "Sofia"]


def test_the_listing_filters_by_status(api: Api) -> None:
    playing = api.create(players=["A", "B"], seed=1)
    finished = api.create(players=["A", "B"], seed=2, target_score=1)
    while api.snapshot(finished)["status"] == "playing":
        seat = api.snapshot(finished)["current_player"]
        move = api.legal_moves(finished, finished.players[seat])[0]
        assert api.move(finished, finished.players[seat], move).status_code == 200
    assert [game["id"] for game in listed(api, "?status=playing")["games"]] == [playing.id]
    assert [game["id"] for game in listed(api, "?status=finished")["games"]] == [finished.id]
    assert listed(api, "?status=finished")["games"][0]["winners"]


@pytest.mark.parametrize(
    "query", ["?limit=0", "?limit=101", "?status=paused", "?cursor=abc", "?cursor=" + "9" * 21]
)
def test_a_bad_listing_query_is_invalid(api: Api, query: str) -> None:
    assert_problem(call(api, "GET", f"/v1/games{query}", None, api.key_header), 422, "invalid_request")


def test_deleting_removes_everything_of_the_game(api: Api, game: Game, store: Store) -> None:
    seat = call(api, "DELETE", game.url, None, {"Authorization": f"Bearer {game.players[1]}"})
    assert_problem(seat, 403, "forbidden")
    assert call(api, "DELETE", game.url, None, {"Authorization": f"Bearer {game.admin}"}).status_code == 204
    for token in (game.admin, *game.players):
        assert_problem(
            call(api, "GET", game.url, None, {"Authorization": f"Bearer {token}"}), 401, "unauthorized"
        )
    assert_problem(call(api, "GET", game.url, None, api.key_header), 404, "not_found")
    assert_problem(call(api, "DELETE", game.url, None, api.key_header), 404, "not_found")
    assert store.load_game(game.id) is None and store.read_events(game.id, 0, 10) == []
    assert game.id not in [listed_game["id"] for listed_game in listed(api)["games"]]


def test_a_rotated_key_works_through_its_grace_period_then_stops(
    api: Api, store: Store, clock: FakeClock
) -> None:
    client_id = api.key.split("_")[1]
    new = rotate_key(store, client_id, 60, clock()).key
    for key in (api.key, new):
        assert call(api, "GET", "/v1/games", None, keyed(key)).status_code == 200
    clock.advance(60)
    assert_problem(call(api, "GET", "/v1/games", None, api.key_header), 401, "unauthorized")
    assert call(api, "GET", "/v1/games", None, keyed(new)).status_code == 200


def test_revoking_stops_every_key_at_once_but_the_games_play_on(api: Api, game: Game, store: Store) -> None:
    revoke(store, api.key.split("_")[1])
    assert_problem(call(api, "GET", "/v1/games", None, api.key_header), 401, "unauthorized")
    assert_problem(call(api, "GET", game.url, None, api.key_header), 401, "unauthorized")
    assert api.move(game, game.players[1], {"player": 1, "action": "pass"}).status_code == 200


@pytest.fixture
def limited(api: Api, store: Store) -> Api:
    """A client with small limits of its own."""
    limits = ClientLimits(requests_per_second=4, games_per_minute=3, max_open_games=2)
    return Api(api.client, register_in(store, "Small", limits))


def rate_limit(response: Response) -> dict[str, tuple[int, int]]:
    """{policy: (remaining, seconds to its window's end)} from ``RateLimit``, checked against the policy."""
    policies = dict(item.split(";", 1) for item in response.headers["RateLimit-Policy"].split(", "))
    states = {}
    for item in response.headers["RateLimit"].split(", "):
        name, remaining, reset = item.split(";")
        assert name in policies
        states[name.strip('"')] = (int(remaining.removeprefix("r=")), int(reset.removeprefix("t=")))
    return states


def test_the_request_after_a_burst_of_the_quota_is_429_with_when_to_retry(
    limited: Api, clock: FakeClock
) -> None:
    """4 requests a second: a burst of 4 at once, then one each quarter of a second (a token bucket)."""
    game = limited.create()
    clock.advance(1.25)  # the bucket full again
    token = {"Authorization": f"Bearer {game.admin}"}
    answers = [call(limited, "GET", game.url, None, token) for _ in range(4)]  # the game's tokens count too
    assert [response.status_code for response in answers] == [200, 200, 200, 200]
    assert [rate_limit(response)["requests"] for response in answers] == [(3, 1), (2, 1), (1, 1), (0, 1)]
    assert answers[0].headers["RateLimit-Policy"] == '"requests";q=4;w=1'
    refused = call(limited, "GET", "/v1/games", None, limited.key_header)
    problem = assert_problem(refused, 429, "rate_limited")
    assert refused.headers["Retry-After"] == "1" and problem["retry_after"] == 1  # whole seconds, at least 1
    assert rate_limit(refused)["requests"] == (0, 1)
    clock.advance(0.125)  # half a token
    assert_problem(call(limited, "GET", game.url, None, token), 429, "rate_limited")
    clock.advance(0.125)  # one token: one request, not a new burst
    assert rate_limit(call(limited, "GET", game.url, None, token))["requests"] == (0, 1)
    assert_problem(call(limited, "GET", game.url, None, token), 429, "rate_limited")
    clock.advance(1)  # the bucket is full again
    assert rate_limit(call(limited, "GET", game.url, None, token))["requests"] == (3, 1)


def test_creations_are_a_burst_then_one_per_period_and_say_when(limited: Api, clock: FakeClock) -> None:
    """3 games a minute: one each 20 s once the first 3 are spent; ``t`` is when all 3 are back,
    ``Retry-After`` when the next one is."""

    def create() -> Response:
        return call(limited, "POST", "/v1/games", {"players": ["A", "B"]}, limited.key_header)

    for expected in ((2, 20), (1, 39), (0, 58)):  # the open-games cap is 2: each is deleted
        created = create()
        assert created.status_code == 201 and rate_limit(created)["games"] == expected
        deleted = call(limited, "DELETE", created.headers["Location"], None, limited.key_header)
        assert deleted.status_code == 204
        clock.advance(1)
    refused = create()
    problem = assert_problem(refused, 429, "rate_limited")
    assert refused.headers["Retry-After"] == "17" and problem["retry_after"] == 17
    assert rate_limit(refused)["games"] == (0, 57)
    clock.advance(16)
    assert_problem(create(), 429, "rate_limited")
    clock.advance(2)
    again = create()
    assert again.status_code == 201 and rate_limit(again)["games"] == (0, 59)


def play_to_the_end(api: Api, game: Game, clock: FakeClock) -> None:
    """Every turn in a second of its own, so that the small requests window never fills."""
    while True:
        clock.advance(1)
        snapshot = api.snapshot(game)
        if snapshot["status"] != "playing":
            return
        seat = snapshot["current_player"]
        assert (
            api.move(game, game.players[seat], api.legal_moves(game, game.players[seat])[0]).status_code
            == 200
        )


def test_a_creation_beyond_the_open_games_cap_is_429_quota_exceeded_until_a_game_ends(
    limited: Api, clock: FakeClock
) -> None:
    first = limited.create(players=["A", "B"], seed=2, target_score=1)
    limited.create(players=["A", "B"], seed=3)
    clock.advance(1)
    full = call(limited, "POST", "/v1/games", {"players": ["A", "B"]}, limited.key_header)
    assert_problem(full, 429, "quota_exceeded")
    assert "Retry-After" not in full.headers and rate_limit(full)["games"] == (0, 59)
    play_to_the_end(limited, first, clock)  # a finished game frees its place
    clock.advance(60)
    assert call(limited, "POST", "/v1/games", {"players": ["A", "B"]}, limited.key_header).status_code == 201


ADDRESS_LIMITS = {"AUTH_FAILURES_PER_MINUTE": "3", "TRUSTED_PROXIES": "10.0.0.1"}


def from_address(api: Api, path: str, token: str, peer: str, forwarded: str | None = None) -> Response:
    headers = {"Authorization": f"Bearer {token}"}
    if forwarded is not None:
        headers["X-Forwarded-For"] = forwarded
    return api.client.get(path, headers=headers, environ_overrides={"REMOTE_ADDR": peer})


@pytest.mark.parametrize("app_config", [ADDRESS_LIMITS])
def test_refused_credentials_are_limited_per_source_address(api: Api, game: Game, clock: FakeClock) -> None:
    bad = "x" * 43
    refusals = [from_address(api, game.url, bad, "192.0.2.7") for _ in range(3)]
    for remaining, response in zip((2, 1, 0), refusals, strict=True):
        assert_problem(response, 401, "unauthorized")
        assert rate_limit(response)["auth-failures"] == (remaining, 60)
    over = from_address(api, game.url, bad, "192.0.2.7")
    assert_problem(over, 429, "rate_limited") and over.headers["Retry-After"] == "60"
    # From now on the address is refused before any credential is read: a right guess looks like a wrong one.
    assert_problem(from_address(api, game.url, game.admin, "192.0.2.7"), 429, "rate_limited")
    assert from_address(api, game.url, game.admin, "192.0.2.8").status_code == 200
    clock.advance(60)
    assert from_address(api, game.url, game.admin, "192.0.2.7").status_code == 200


PUBLIC = ["/healthz", "/readyz", "/metrics", "/docs", "/openapi.json", "/openapi.yaml", "/play",
          "/play/assets/play.css", "/docs/assets/swagger-ui.css"]  # fmt: skip


@pytest.mark.parametrize("app_config", [ADDRESS_LIMITS])
@pytest.mark.parametrize("path", PUBLIC)
def test_an_address_over_its_quota_still_reads_every_public_endpoint(api: Api, game: Game, path: str) -> None:
    """A liveness probe sharing an address with a bad client must not restart a healthy pod: the
    block applies to the operations that take credentials, and the public ones read none."""
    bad = "x" * 43
    for _ in range(4):
        from_address(api, game.url, bad, "192.0.2.7")
    assert_problem(from_address(api, game.url, game.admin, "192.0.2.7"), 429, "rate_limited")
    for credential in (bad, game.admin):
        answer = from_address(api, path, credential, "192.0.2.7")
        assert answer.status_code == 200, (path, answer.status_code)
        assert "RateLimit" not in answer.headers


@pytest.mark.parametrize("app_config", [ADDRESS_LIMITS])
def test_x_forwarded_for_is_believed_only_from_a_trusted_proxy(api: Api, game: Game) -> None:
    bad = "x" * 43
    for _ in range(4):  # behind the proxy: the client's own address is the one counted
        from_address(api, game.url, bad, "10.0.0.1", forwarded="198.51.100.9, 10.0.0.1")
    assert_problem(from_address(api, game.url, game.admin, "10.0.0.1", "198.51.100.9"), 429, "rate_limited")
    assert from_address(api, game.url, game.admin, "10.0.0.1", "198.51.100.10").status_code == 200
    for number in range(4):  # an untrusted peer cannot pick the address it is counted under
        from_address(api, game.url, bad, "203.0.113.5", forwarded=f"198.51.100.{number}")
    assert_problem(
        from_address(api, game.url, game.admin, "203.0.113.5", "198.51.100.11"), 429, "rate_limited"
    )


def test_every_answer_to_a_counted_request_says_where_the_windows_stand(api: Api, game: Game) -> None:
    for response in (
        call(api, "GET", game.url, None, {"Authorization": f"Bearer {game.players[0]}"}),
        api.move(game, game.players[0], {"player": 0, "action": "pass"}),  # 422: not seat 0's turn
        call(api, "GET", "/v1/games", None, api.key_header),
        call(api, "POST", "/v1/games", {"players": ["A"]}, api.key_header),  # 422: one player
    ):
        assert "requests" in rate_limit(response), response.status_code
    assert "RateLimit" not in call(api, "GET", "/healthz").headers  # counted against nobody


class LimitsStoreDown:
    """Games are readable, but the limits' calls fail as an outage would."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def admit(self, *args: Any, **kwargs: Any) -> Any:
        raise StoreUnavailable("timeout")

    count_hit = reserve_game = load_counted = save = admit


def test_when_the_limits_store_is_down_limited_requests_are_503_never_unlimited(
    api: Api, game: Game, app: Any, store: Store
) -> None:
    app.extensions["restart"].store = LimitsStoreDown(store)
    for response in (
        call(api, "GET", game.url, None, {"Authorization": f"Bearer {game.admin}"}),
        api.move(game, game.admin, {"player": 1, "action": "pass"}),
        call(api, "GET", "/v1/games", None, api.key_header),
        call(api, "POST", "/v1/games", {"players": ["A", "B"]}, api.key_header),
        call(api, "GET", game.url, None, {"Authorization": "Bearer " + "x" * 43}),
    ):
        assert_problem(response, 503, "storage_unavailable")
        assert response.headers["Retry-After"] == "1"
