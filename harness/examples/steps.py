"""What a scenario is made of: steps, their requests, the answers they record, and the table they share."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol

from harness.games import Game
from service.api.context import ServiceState
from service.play.client_management import DEVELOPMENT_KEY
from service.store import Store


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    body: Any = None
    """A JSON value, or bytes sent as they are."""
    headers: Mapping[str, str] = field(default_factory=dict)
    content_type: str = "application/json"
    frames: int | None = None
    """A stream: read this many frames, then hang up (the stream stays open while its game lasts)."""
    raw: bytes | None = None
    """Bytes written to the HTTP server's socket as they are: for what the server itself refuses."""


@dataclass(frozen=True)
class Answer:
    status: int
    content_type: str
    body: Any
    """Parsed JSON; text for other media types; a stream's frames as its text (SSE) or its first frame."""

    @property
    def media_type(self) -> str:
        return self.content_type.split(";")[0].strip()


class Transport(Protocol):
    def send(self, request: Request) -> Answer: ...


class Replay(Enum):
    """How a step's answer compares when it is replayed against a running service."""

    WHOLE = "whole"
    """Seeded: the whole body, ids and tokens masked (``masked``)."""
    SHAPE = "shape"
    """The same members and types, valid against the schema; values may differ (a time, a cursor)."""


@dataclass
class Table:
    """What the steps of one run share: the client key, other clients' keys, and every answer so far."""

    key: str = DEVELOPMENT_KEY
    keys: dict[str, str] = field(default_factory=dict)
    answers: dict[str, Answer] = field(default_factory=dict)

    def answer(self, step: str) -> Any:
        """The body a step (``operation.name``) answered in this run."""
        return self.answers[step].body

    def game(self, step: str) -> Game:
        """The game a ``createGame`` step (``createGame.<name>``) created in this run."""
        created = self.answer(step)
        names = tuple(player["name"] for player in created["game"]["players"])
        tokens = created["tokens"]
        return Game(
            created["game"]["id"], tokens["admin"], tuple(tokens["players"]), names, None, None, created
        )

    def spectator(self, step: str) -> str:
        token: str = self.answer(step)["tokens"]["spectator"]
        return token


@dataclass(frozen=True)
class Session:
    """What a step's ``setup`` may use: the app's state (its store, what it holds in flight) and the
    transport (recording only)."""

    state: ServiceState
    transport: Transport
    table: Table

    @property
    def store(self) -> Store:
        return self.state.store


@dataclass(frozen=True)
class Step:
    """One request whose answer becomes the example ``<operation>.<status>.<name>`` (and, for a body the
    operation takes, the request example ``<operation>.<name>``)."""

    operation: str
    name: str
    summary: str
    status: int
    request: Callable[[Table], Request]
    replay: Replay = Replay.WHOLE
    setup: Callable[[Session], None] | None = None
    """Prepares the store before the request (a client with tiny limits, a damaged game): never replayed."""
    fault: Callable[[Store, Table], Store] | None = None
    """The store the app uses for this one request (an outage, rival moves): never replayed."""
    request_example: bool | None = None
    """Whether the body is shown as a request example; by default for a success only."""
    shown: Callable[[Any], Any] | None = None
    """What of the body the example shows (an excerpt), when not all of it."""

    @property
    def key(self) -> str:
        return f"{self.operation}.{self.name}"

    @property
    def replayable(self) -> bool:
        """A step that needs the store itself (a fault, a client with tiny limits) is recorded only."""
        return self.setup is None and self.fault is None

    @property
    def shows_request(self) -> bool:
        return self.status < 300 if self.request_example is None else self.request_example


SECRET = re.compile(r"(?<![A-Za-z0-9_-])(?:[A-Za-z0-9_-]{43}|[A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])")
"""A game id (22 URL-safe characters) or a token (43): random in a service, seeded in a recording."""


def masked(value: Any) -> Any:
    """``value`` with each distinct id or token replaced by ``<secret N>`` in order of appearance, so that a
    recording and a live answer compare equal when they differ only by their random secrets."""
    seen: dict[str, str] = {}

    def mask_text(text: str) -> str:
        return SECRET.sub(lambda found: seen.setdefault(found.group(), f"<secret {len(seen) + 1}>"), text)

    def walk(node: Any) -> Any:
        if isinstance(node, str):
            return mask_text(node)
        if isinstance(node, list):
            return [walk(item) for item in node]
        if isinstance(node, dict):
            return {key: walk(item) for key, item in node.items()}
        return node

    return walk(value)


def shape(value: Any) -> Any:
    """The members and types of a JSON value: what a client's parser depends on."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return sorted({repr(shape(item)) for item in value})
    return type(value).__name__
