"""Playing a scenario: against the real app made deterministic (to record), or any transport (to replay).

Recording runs ``create_app`` on the embedded store with a fixed clock, the development client,
and ``SeededSecrets`` in place of the ``secrets`` module where the service draws game ids, tokens,
client ids and keys: two recordings give the same bytes. What only the HTTP server answers (400
``bad_request``, 414, 431) comes from a sandbox under gunicorn.
"""

from __future__ import annotations

import base64
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from unittest import mock

from flask import Flask

from harness.examples.steps import Answer, Request, Session, Step, Table, Transport
from harness.examples.transport import AppTransport, HttpTransport
from harness.service_process import SandboxProcess
from service.api.context import EXTENSION, ServiceState
from service.app import create_app
from service.cli import SANDBOX_NETWORKS
from service.play import access, games, rematches, tables, webhook_management
from service.settings import Settings
from service.store import Store
from service.store.memory import MemoryStore
from service.webhooks import signing

NOW = 1_800_000_000.0
"""The recording's clock (2027-01-15), standing still: the limits' windows and the store's expiry read it."""
SECRETS_SEED = "restart-examples"


class RecordingClock:
    """The app's clock while recording: ``NOW``, moved only by a step that waits (``builders.waited``)."""

    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> float:
        return self.now


class SeededSecrets:
    """The ``secrets`` functions the service calls, drawn from a seeded generator instead of the system's."""

    def __init__(self, seed: str) -> None:
        self._random = random.Random(seed)

    def token_urlsafe(self, nbytes: int) -> str:
        return base64.urlsafe_b64encode(self._random.randbytes(nbytes)).rstrip(b"=").decode()

    def token_bytes(self, nbytes: int) -> bytes:
        return self._random.randbytes(nbytes)

    def choice(self, sequence: Sequence[str]) -> str:
        return self._random.choice(sequence)

    def randbelow(self, exclusive_upper_bound: int) -> int:
        return self._random.randrange(exclusive_upper_bound)


@contextmanager
def seeded_secrets() -> Iterator[None]:
    seeded = SeededSecrets(SECRETS_SEED)
    with (
        mock.patch.object(access, "secrets", seeded),
        mock.patch.object(games, "secrets", seeded),
        mock.patch.object(rematches, "secrets", seeded),
        mock.patch.object(tables, "secrets", seeded),
        mock.patch.object(webhook_management, "secrets", seeded),
        mock.patch.object(signing, "random_bytes", seeded),
    ):
        yield


def recording_app() -> Flask:
    settings = Settings.from_environment(
        {
            "LOG_LEVEL": "CRITICAL",
            "DEVELOPMENT_CLIENT": "1",
            "HINT_WAIT_SECONDS": "0.05",
            "WEBHOOK_ALLOWED_NETWORKS": SANDBOX_NETWORKS,
        }  # fmt: skip
    )
    return create_app(settings, MemoryStore(clock=lambda: NOW), clock=RecordingClock())


@dataclass(frozen=True)
class Played:
    step: Step
    request: Request
    answer: Answer


class UnexpectedAnswer(AssertionError):
    def __init__(self, step: Step, answer: Answer) -> None:
        super().__init__(f"{step.key} expected {step.status}, answered {answer.status}: {answer.body!r}")


def play(
    steps: Sequence[Step],
    transport: Transport,
    state: ServiceState | None = None,
    body_of: Callable[[Step, Request], Request] | None = None,
) -> Iterator[Played]:
    """Each step in order, its answer kept in the run's table for the steps after it.

    With the app's ``state`` (recording), setups and faults are played; without it (a replay
    against a running service), only the replayable steps. ``body_of(step, request)`` may give the
    body to send instead of the step's own (a replay sends the committed request example).
    """
    table = Table()
    for step in steps:
        if state is None and not step.replayable:
            continue
        if state is not None and step.setup is not None:
            step.setup(Session(state, transport, table))
        request = step.request(table)
        if body_of is not None:
            request = body_of(step, request)
        answer = _send(step, request, transport, state, table)
        if answer.status != step.status:
            raise UnexpectedAnswer(step, answer)
        table.answers[step.key] = answer
        yield Played(step, request, answer)


def _send(
    step: Step, request: Request, transport: Transport, state: ServiceState | None, table: Table
) -> Answer:
    if state is None or step.fault is None:
        return transport.send(request)
    healthy: Store = state.store
    state.store = step.fault(healthy, table)
    try:
        return transport.send(request)
    finally:
        state.store = healthy


class LazySandbox:
    """A sandbox under gunicorn, started when a raw request first needs one, stopped with ``stack``."""

    def __init__(self, stack: ExitStack) -> None:
        self.stack = stack
        self.transport: HttpTransport | None = None

    def send(self, request: Request) -> Answer:
        if self.transport is None:
            self.transport = HttpTransport(self.stack.enter_context(SandboxProcess()).url)
        return self.transport.send(request)


def record(steps: Sequence[Step]) -> list[Played]:
    """The scenario against the deterministic app (and a sandbox for the HTTP server's own refusals)."""
    with ExitStack() as stack:
        stack.enter_context(seeded_secrets())
        app = recording_app()
        transport = AppTransport(app, LazySandbox(stack))
        return list(play(steps, transport, app.extensions[EXTENSION]))
