"""Helpers for the HTTP tests: a thin client wrapper and the games it creates."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flask import Flask, Response
from flask.testing import FlaskClient

from harness.client_apps import register_in
from harness.games import Game, create_game
from harness.http_client import Answer
from harness.players import SAMPLE_NAMES
from service.store import Save, SaveOutcome, Store, Written


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
        players: Sequence[str] = SAMPLE_NAMES[:3],
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


class InterferingStore:
    """Wraps a store: before each of its first ``times`` saves, ``interfere()`` runs.

    ``interfere`` may raise (the save then never happens: an outage) or change the game
    itself (``rival_move``: the save then loses its race, as against another request).
    """

    def __init__(self, inner: Store, times: int, interfere: Callable[[], None]) -> None:
        self.inner, self.times, self.interfere = inner, times, interfere

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def save(self, change: Save) -> SaveOutcome:
        if change.expected and not change.deletes:  # a change of a game (not its creation, nor its deletion)
            self._before_a_save()
        outcome: SaveOutcome = self.inner.save(change)
        return outcome

    def _before_a_save(self) -> None:
        if self.times > 0:
            self.times -= 1
            self.interfere()


def rival_move(store: Store, game_id: str) -> Callable[[], None]:
    """Another request's move landing first: it bumps the version by saving the same snapshot again."""

    def rival() -> None:
        row = store.load_game(game_id)
        assert row is not None
        store.save(Save(game_id, row.version, row.owner, Written(row.snapshot)))

    return rival
