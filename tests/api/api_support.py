"""Helpers for the HTTP tests: a thin client wrapper and the games it creates."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import Response
from flask.testing import FlaskClient

from harness.players import SAMPLE_NAMES


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


@dataclass
class Game:
    """A game created through the API, with its tokens."""

    id: str
    admin: str
    players: list[str]
    created: dict[str, Any]

    @property
    def url(self) -> str:
        return f"/v1/games/{self.id}"


class Api:
    """Thin helpers over the test client: the tests still see every status and header."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client

    def create(self, players: Sequence[str] = SAMPLE_NAMES[:3], seed: int | None = 7, **extra: Any) -> Game:
        body: dict[str, Any] = {"players": list(players), **extra}
        if seed is not None:
            body["seed"] = seed
        response = self.client.post("/v1/games", json=body)
        assert response.status_code == 201, response.get_data(as_text=True)
        created = response.get_json()
        tokens = created["tokens"]
        return Game(created["game"]["id"], tokens["admin"], tokens["players"], created)

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
