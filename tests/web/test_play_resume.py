"""The page's stream survives the service going away: it resumes where it was, without a reload.

The service runs on Redis, so the game outlives a restart of gunicorn; stopping it ends every
stream (as a deploy does), and the page reconnects with the last event it had.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from harness.games import create_game
from harness.http_client import Client
from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess
from tests.web.conftest import OpenPage
from tests.web.pages import mark_document, still_marked, wait_for_version, wait_until_live


@pytest.fixture
def redis_service() -> Iterator[ServiceProcess]:
    with RedisServer() as redis, ServiceProcess(redis.url, workers=1) as service:
        yield service


def test_the_page_resumes_the_stream_after_a_dropped_connection(
    redis_service: ServiceProcess, open_page: OpenPage
) -> None:
    service = redis_service
    http = Client(service.url)
    game = create_game(http, ["Annika", "Elias"], 21, key=service.api_key)
    mover = int(http.call("GET", game.url, token=game.admin)[1]["current_player"])
    watcher = 1 - mover
    page = open_page(f"{service.url}/play#game={game.id}&seat={watcher}&token={game.players[watcher]}")
    wait_until_live(page)
    mark_document(page)

    service.stop()  # every stream ends, as when an instance is replaced
    page.wait_for_selector("[data-status='reconnecting']")
    service.start()
    http.close()
    assert (
        http.request(
            "POST", f"{game.url}/moves", {"player": mover, "action": "pass"}, game.players[mover]
        ).status
        == 200
    )

    wait_for_version(page, 2)
    page.wait_for_selector("[data-status='live']")
    sequence = page.eval_on_selector_all("[data-log] [data-seq]", "items => items.map(i => i.dataset.seq)")
    assert sorted(sequence, key=int) == ["1", "2"]  # the deal and the pass, each once
    assert still_marked(page)
    http.close()
