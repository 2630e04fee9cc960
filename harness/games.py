"""Games created over HTTP: the one way tests, benchmarks and reliability runs make a game.

``create_game`` sends ``POST /v1/games`` through any ``Requester`` (a ``Client`` of a live
server, or an adapter of Flask's test client) and returns a ``Game``: the tokens, and what
the engine needs to deal the same game again (names, seed, target score).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from harness.http_client import Answer, Requester


@dataclass(frozen=True)
class Game:
    """A game created through the API."""

    id: str
    admin: str
    """The admin token."""
    players: tuple[str, ...]
    """The seat tokens, in seat order (the answer's ``tokens.players``; '' for a seat a bot plays)."""
    names: tuple[str, ...]
    seed: int | None
    """As sent; None: the service chose one and keeps it to itself."""
    target_score: int | None
    """As sent; None: the service's default."""
    created: dict[str, Any] = field(compare=False, repr=False)
    """The whole body of the 201 answer."""

    @property
    def url(self) -> str:
        return f"/v1/games/{self.id}"


class GameNotCreated(RuntimeError):
    """``POST /v1/games`` answered something other than 201."""

    def __init__(self, answer: Answer) -> None:
        super().__init__(f"creating a game answered {answer.status}: {answer.raw!r}")
        self.answer = answer


def create_game(
    client: Requester,
    names: Sequence[str | Mapping[str, str]],
    seed: int | None = None,
    target_score: int | None = None,
    *,
    key: str | None = None,
    extra: Mapping[str, Any] | None = None,
    headers: Mapping[str, str] | None = None,
) -> Game:
    """Create a game seating ``names`` (a person's name, or ``{"name": ..., "bot": <level>}``) with the
    client key ``key``; ``seed`` and ``target_score`` are sent unless None.

    ``extra`` adds fields to the request body; ``headers`` go with the request as they are.
    Anything but a 201 raises ``GameNotCreated``.
    """
    body: dict[str, Any] = {"players": list(names), **(extra or {})}
    if seed is not None:
        body["seed"] = seed
    if target_score is not None:
        body["target_score"] = target_score
    sent = {"X-API-Key": key} if key else {}
    answer = client.request("POST", "/v1/games", body, headers={**sent, **(headers or {})})
    if answer.status != 201:
        raise GameNotCreated(answer)
    tokens = answer.body["tokens"]
    return Game(
        id=answer.body["game"]["id"],
        admin=tokens["admin"],
        players=tuple(token or "" for token in tokens["players"]),
        names=tuple(name if isinstance(name, str) else name["name"] for name in names),
        seed=seed,
        target_score=target_score,
        created=answer.body,
    )
