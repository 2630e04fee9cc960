"""Streams as production runs them: gevent workers, two instances, nginx in front, Redis going away.

A stream held on one instance receives a move made on the other (through Redis); nginx
(Debian's, with deploy/nginx.conf) passes every frame and keep-alive on at once; a
SIGTERM ends the open streams cleanly within the graceful timeout; and a stream held
while Redis restarts ends or resumes, never inventing nor dropping an event.
"""

from __future__ import annotations

import contextlib
import json
import random
import signal
from collections.abc import Iterator
from typing import Any

import pytest

from harness.games import Game, create_game
from harness.http_client import Client
from harness.nginx import Nginx
from harness.players import SAMPLE_NAMES
from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess
from harness.streams import Frame, HttpStream, StreamReader
from tests.service.service_support import CLIENT_TIMEOUT, events, local_legal_moves, snapshot, wait_until

HEARTBEAT = {"STREAM_HEARTBEAT_SECONDS": "0.5"}


@pytest.fixture(scope="module")
def instances() -> Iterator[tuple[ServiceProcess, ServiceProcess]]:
    with (
        RedisServer() as redis,
        ServiceProcess(redis.url, workers=2, env=HEARTBEAT) as first,
        ServiceProcess(redis.url, workers=2, env=HEARTBEAT) as second,
    ):
        yield first, second


def stream_of(url: str, game: Game, token: str, last_event_id: int | None = None) -> StreamReader:
    headers = {"Authorization": f"Bearer {token}"}
    if last_event_id is not None:
        headers["Last-Event-ID"] = str(last_event_id)
    source = HttpStream(url, f"{game.url}/stream", headers)
    return StreamReader(source.chunks(), source=source)


def move(client: Client, game: Game) -> Any:
    _, position = snapshot(client, game)
    options = local_legal_moves(position)
    chosen = random.Random(len(options)).choice(options)
    return client.request("POST", f"{game.url}/moves", chosen, token=game.admin)


def holder(instances: tuple[ServiceProcess, ...]) -> ServiceProcess:
    """The instance whose access log has the stream's request."""
    (found,) = [instance for instance in instances if "/stream" in instance.log()]
    return found


def test_through_nginx_a_stream_gets_a_move_made_on_the_other_instance_and_keep_alives(
    instances: tuple[ServiceProcess, ServiceProcess],
) -> None:
    first, second = instances
    with Nginx([first.port, second.port]) as nginx:
        lb = Client(nginx.url, timeout=CLIENT_TIMEOUT)
        game = create_game(lb, SAMPLE_NAMES[:2], 5, key=first.api_key)
        stream = stream_of(nginx.url, game, game.players[0])
        assert [frame.event for frame in stream.take(3)] == ["game", "round_dealt", "hand"]
        other = second if holder(instances) is first else first
        with contextlib.closing(Client(other.url, timeout=CLIENT_TIMEOUT)) as direct:
            answer = move(direct, game)
        assert answer.status == 200
        for event in answer.body["events"]:
            assert stream.next() == Frame(event["type"], event["seq"], event)
        assert stream.next(skip_keep_alive=False) == Frame("keep-alive", None, None)  # the game is idle
        stream.close()
        lb.close()


def test_a_sigterm_ends_open_streams_cleanly_within_the_graceful_timeout() -> None:
    with RedisServer() as redis:
        service = ServiceProcess(redis.url, workers=1, env={"GUNICORN_GRACEFUL_TIMEOUT": "20"}).start()
        try:
            client = Client(service.url, timeout=CLIENT_TIMEOUT)
            game = create_game(client, SAMPLE_NAMES[:2], 6, key=service.api_key)
            streams = [stream_of(service.url, game, token) for token in (*game.players, game.admin)]
            for stream in streams:
                assert stream.next() is not None
            assert service._process is not None
            service._process.send_signal(signal.SIGTERM)
            for stream in streams:
                stream.rest()  # each stream's body ends with its last chunk: a clean end, not a reset
                assert stream.ended.is_set()
            assert service._process.wait(timeout=30) == 0
            assert "graceful timeout" not in service.log(), "the worker had to be killed"
            client.close()
        finally:
            service.stop()


def test_a_stream_held_while_redis_restarts_ends_or_resumes_and_never_invents_nor_drops() -> None:
    with (
        RedisServer(appendonly=True, appendfsync="always") as redis,
        ServiceProcess(redis.url, workers=1) as service,
    ):
        client = Client(service.url, timeout=CLIENT_TIMEOUT)
        game = create_game(client, SAMPLE_NAMES[:3], 7, key=service.api_key)
        for _ in range(3):
            assert move(client, game).status == 200
        stream = stream_of(service.url, game, game.admin)
        seen = [frame for frame in stream.take(5) if frame.id is not None]  # the game, then 4 events
        redis.stop()
        redis.start()  # same port and directory: the append-only file brings everything back
        wait_until(lambda: client.request("GET", "/readyz").status == 200, 20.0, "ready again")
        for _ in range(3):
            assert move(client, game).status == 200
        logged = events(client, game)
        while (last := seen[-1].id) is not None and last < len(logged):
            frame = stream.next()
            if frame is None:  # it ended: reconnect where it stopped, as a client does
                stream = stream_of(service.url, game, game.admin, last_event_id=last)
                assert stream.next() is not None  # the game frame
                continue
            if frame.id is not None:
                seen.append(frame)
        stream.close()
        client.close()
        assert [frame.data for frame in seen] == logged
        assert json.dumps([frame.id for frame in seen]) == json.dumps(list(range(1, len(logged) + 1)))
