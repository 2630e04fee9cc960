"""Request bodies under gunicorn, by both ways HTTP/1.1 sends them: a body over the limit is 413
``payload_too_large`` whether it says its ``Content-Length`` or comes chunked, on the move handler
and on Flask's views alike (one function reads every body: ``service.api.inputs.read_body``)."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator

import pytest

from harness.games import Game, create_game
from harness.http_client import Client
from harness.service_process import ServiceProcess
from tests.service.service_support import CLIENT_TIMEOUT, local_legal_moves, snapshot

LIMIT = 64 * 1024


@pytest.fixture(scope="module")
def service() -> Iterator[ServiceProcess]:
    with ServiceProcess(None, workers=1) as process:
        yield process


@pytest.fixture
def game(service: ServiceProcess, client: Client) -> Game:
    return create_game(client, ["Annika", "Elias"], 5, key=service.api_key)


def send(service: ServiceProcess, path: str, credential: str, body: bytes, chunked: bool) -> tuple[int, dict]:
    """One POST on a connection of its own; the answer's status and JSON body."""
    framing = b"Transfer-Encoding: chunked\r\n" if chunked else b"Content-Length: %d\r\n" % len(body)
    payload = b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body) if chunked else body
    head = (
        b"POST %s HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Type: application/json\r\n%s%s\r\n"
        % (path.encode(), credential.encode(), framing)
    )
    with socket.create_connection(("127.0.0.1", service.port), timeout=CLIENT_TIMEOUT) as connection:
        connection.sendall(head + payload)
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
    status_line, _, rest = received.partition(b"\r\n")
    body_text = rest.partition(b"\r\n\r\n")[2]
    return int(status_line.split()[1]), json.loads(body_text) if body_text else {}


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_a_move_over_the_limit_is_413_however_it_comes(
    service: ServiceProcess, game: Game, chunked: bool
) -> None:
    padded = json.dumps({"player": 0, "action": "pass", "pad": "x" * (70 * 1024)}).encode()
    status, problem = send(
        service, f"{game.url}/moves", f"Authorization: Bearer {game.admin}\r\n", padded, chunked
    )
    assert (status, problem["code"]) == (413, "payload_too_large")
    assert problem["detail"] == f"request bodies are limited to {LIMIT // 1024} KiB"


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_a_game_over_the_limit_is_413_however_it_comes(service: ServiceProcess, chunked: bool) -> None:
    padded = json.dumps({"players": ["A", "B"], "pad": "x" * (70 * 1024)}).encode()
    status, problem = send(service, "/v1/games", f"X-API-Key: {service.api_key}\r\n", padded, chunked)
    assert (status, problem["code"]) == (413, "payload_too_large")


def test_a_chunked_move_within_the_limit_is_played(
    service: ServiceProcess, game: Game, client: Client
) -> None:
    version, position = snapshot(client, game)
    move = local_legal_moves(position)[0]
    status, answer = send(service, f"{game.url}/moves", f"Authorization: Bearer {game.admin}\r\n",
                          json.dumps(move).encode(), chunked=True)  # fmt: skip
    assert status == 200 and answer["game"]["version"] == version + 1
