"""The service's app driven in process, through Flask's test client: ``Api``, the thin helpers the
HTTP tests and ``bench.move_path`` play games with, every status and header still theirs to see."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import Flask, Response
from flask.testing import FlaskClient

from harness.client_apps import register_in
from harness.games import Game, create_game
from harness.http_client import Answer
from harness.players import SAMPLE_NAMES


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


class FlaskRequester:
    """Flask's test client behind ``harness.http_client.Client``'s ``request``, for the harness's helpers."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        sent = {**bearer(token), **(headers or {})}
        payload: dict[str, Any] = {"data": body} if isinstance(body, bytes) else {"json": body}
        response = self.client.open(path, method=method, headers=sent, **payload)
        received = {name.lower(): value for name, value in response.headers.items()}
        return Answer(response.status_code, received, response.get_json(silent=True), response.get_data())


class Api:
    """Thin helpers over the test client: the tests still see every status and header.

    ``key`` is the client key games are created with (a client registered in the app's store).
    """

    def __init__(self, client: FlaskClient, key: str) -> None:
        self.client = client
        self.key = key

    @property
    def key_header(self) -> dict[str, str]:
        return {"X-API-Key": self.key}

    @classmethod
    def of(cls, app: Flask) -> Api:
        """Helpers for ``app``, with a client registered in its store."""
        return cls(app.test_client(), register_in(app.extensions["restart"].store))

    def create(
        self,
        players: Sequence[str | Mapping[str, str]] = SAMPLE_NAMES[:3],
        seed: int | None = 7,
        target_score: int | None = None,
        headers: dict[str, str] | None = None,
        **extra: Any,
    ) -> Game:
        return create_game(
            FlaskRequester(self.client),
            players,
            seed,
            target_score,
            key=self.key,
            extra=extra,
            headers=headers,
        )

    def get(
        self, path: str, token: str | None, headers: dict[str, str] | None = None, **kwargs: Any
    ) -> Response:
        return self.client.get(path, headers={**bearer(token), **(headers or {})}, **kwargs)

    def post(
        self, path: str, token: str | None, body: Any, headers: dict[str, str] | None = None, **kwargs: Any
    ) -> Response:
        return self.client.post(path, json=body, headers={**bearer(token), **(headers or {})}, **kwargs)

    def move(self, game: Game, token: str | None, move: dict[str, Any], **headers: str) -> Response:
        return self.post(f"{game.url}/moves", token, move, headers=headers)

    def snapshot(self, game: Game) -> dict[str, Any]:
        response = self.get(f"{game.url}/snapshot", game.admin)
        assert response.status_code == 200
        snapshot: dict[str, Any] = response.get_json()
        return snapshot

    def legal_moves(self, game: Game, token: str, seat: int | None = None) -> list[dict[str, Any]]:
        query = {} if seat is None else {"player": seat}
        response = self.get(f"{game.url}/legal-moves", token, query_string=query)
        assert response.status_code == 200, response.get_data(as_text=True)
        moves: list[dict[str, Any]] = response.get_json()["moves"]
        return moves
