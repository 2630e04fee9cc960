"""``restart-service sandbox``: the console script a third party's CI starts, played as a client would.

It runs as its own process from the installed script, with a REDIS_URL in its environment
that it must ignore: a seeded game deals what the engine deals for that seed, a move is
applied, and the game's stream sends its frames.
"""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from harness.games import Game, create_game
from harness.http_client import Client
from harness.service_process import SandboxProcess
from service.cli import SANDBOX_NETWORKS, sandbox_environment
from service.play.client_management import DEVELOPMENT_KEY
from service.rules.deal import deal
from service.rules.tiles import codes
from tests.clients.readmes import run_the_sections_client_test

NAMES = ("Annika", "Elias", "Sofia")
SEED = 7
UNREACHABLE_REDIS = "redis://127.0.0.1:9/0"


@pytest.fixture(scope="module")
def sandbox() -> Iterator[SandboxProcess]:
    with SandboxProcess(env={"REDIS_URL": UNREACHABLE_REDIS, "REDIS_CLUSTER": "1"}) as started:
        yield started


def stream_lines(url: str, game: Game, token: str, count: int) -> list[dict[str, object]]:
    """The first ``count`` NDJSON frames of the game's stream (which stays open: it is closed after them)."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    try:
        headers = {"Authorization": f"Bearer {token}", "Accept": "application/x-ndjson"}
        connection.request("GET", f"{game.url}/stream", headers=headers)
        answer = connection.getresponse()
        assert answer.status == 200, answer.read()
        frames: list[dict[str, object]] = []
        while len(frames) < count:
            line = answer.readline()
            assert line, "the stream ended early"
            if line.strip():
                frames.append(json.loads(line))
        return frames
    finally:
        connection.close()


def test_a_seeded_game_deals_the_engines_deal_takes_a_move_and_streams_it(sandbox: SandboxProcess) -> None:
    assert sandbox.api_key == DEVELOPMENT_KEY
    client = Client(sandbox.url)
    game = create_game(client, NAMES, SEED, key=DEVELOPMENT_KEY)
    dealt = deal(SEED, 1, len(NAMES))
    view = game.created["game"]
    assert view["hands"] == [codes(hand) for hand in dealt.hands]
    assert view["current_player"] == dealt.starter
    seat, token = dealt.starter, game.players[dealt.starter]
    status, legal = client.call("GET", f"{game.url}/legal-moves", token=token)
    assert status == 200
    played = legal["moves"][0]
    status, result = client.call("POST", f"{game.url}/moves", played, token=token)
    assert status == 200 and result["game"]["version"] == 2
    frames = stream_lines(sandbox.url, game, token, count=4)
    moved = result["events"][0]
    assert [frame["event"] for frame in frames] == ["game", "round_dealt", "hand", moved["type"]]
    assert frames[2]["data"] == {"hand": codes(dealt.hands[seat])}
    assert frames[3]["data"] == moved
    client.close()


def test_the_sandbox_keeps_no_redis_and_binds_where_asked() -> None:
    environ = {"REDIS_URL": UNREACHABLE_REDIS, "REDIS_CLUSTER": "1", "PORT": "9000"}
    assert sandbox_environment(environ, None, None) == {
        "PORT": "9000",
        "DEVELOPMENT_CLIENT": "1",
        "WEBHOOK_ALLOWED_NETWORKS": SANDBOX_NETWORKS,
    }
    assert sandbox_environment({"WEBHOOK_ALLOWED_NETWORKS": ""}, None, None)["WEBHOOK_ALLOWED_NETWORKS"] == ""
    assert sandbox_environment({"PORT": "9000"}, "0.0.0.0", None)["BIND"] == "0.0.0.0:9000"
    assert sandbox_environment({}, None, 8123)["BIND"] == "127.0.0.1:8123"


def test_the_readmes_client_test_passes_against_the_sandbox(sandbox: SandboxProcess, tmp_path: Path) -> None:
    ran = run_the_sections_client_test(sandbox.url, tmp_path)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert " passed" in ran.stdout
