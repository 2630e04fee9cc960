"""Schemathesis against the app in process: every operation, every default check, a fixed budget.

Game operations aim at one game created for the run (``game_id`` is pinned as
``parameters`` in schemathesis.toml) and carry its admin token, unless a link from
``createGame`` already supplied the token of the game it just created.
"""

from __future__ import annotations

import time
import tomllib
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings

from harness.in_process_api import Api
from service.app import create_app
from service.settings import Settings, WorkerSettings
from service.store.memory import MemoryStore
from service.worker import embedded
from tests.api.conftest import GENEROUS_LIMITS

CONFIG_FILE = Path(__file__).with_name("schemathesis.toml")
EXAMPLES_PER_OPERATION = 50
STATEFUL_EXAMPLES = 30

WEBHOOK_RECEIVERS = {"WEBHOOK_ALLOWED_NETWORKS": "127.0.0.0/8"}
"""Webhooks may be registered (the example's receiver is on loopback): their 201 and Location are checked."""
STILL = time.time()
"""The run's time stands still: a generated game's clock (``turn_seconds: 1``) never runs out between
a case and its replay, so that hypothesis, which replays cases, meets the same answers again."""
app = create_app(
    Settings.from_environment({"LOG_LEVEL": "WARNING", **GENEROUS_LIMITS, **WEBHOOK_RECEIVERS}),
    MemoryStore(),
    clock=lambda: STILL,
)
# Bots play and experts hint, as under make run; no deadline falls due.
embedded.start(app.extensions["restart"].store, WorkerSettings(), now=lambda: STILL)
_api = Api.of(app)
_game = _api.create()  # three players, seed 7
GAME_ID: str = _game.id
ADMIN_TOKEN: str = _game.admin
CLIENT_KEY: str = _api.key
DELETED_GAME_ID: str = _api.create().id
"""The one game ``deleteGame`` aims at, so that the others keep theirs."""
DELETE_LABEL = "DELETE /v1/games/{game_id}"
SEATS_GAME_ID: str = _api.create().id
"""The game whose seats the seats' operations change (and invite to): the others keep theirs."""
SEAT_OPERATIONS = frozenset(
    {"handSeat", "vacateSeat", "leaveSeat", "makeInvitation", "revokeInvitation", "claimSeat"}
)
SEAT_PATHS = (
    "PUT /v1/games/{game_id}/seats/{seat}/holder",
    "DELETE /v1/games/{game_id}/seats/{seat}/holder",
    "POST /v1/games/{game_id}/seats/{seat}/leave",
    "POST /v1/games/{game_id}/seats/{seat}/invitation",
    "DELETE /v1/games/{game_id}/seats/{seat}/invitation",
    "POST /v1/games/{game_id}/seats/{seat}/claim",
)
OFFERS_GAME_ID: str = _api.create().id
"""The game the offers' operations make and answer offers in (an abort accepted would end it): the others
keep theirs."""
OFFER_OPERATIONS = frozenset({"makeOffer", "acceptOffer", "declineOffer"})
OFFER_PATHS = (
    "POST /v1/games/{game_id}/offers",
    "POST /v1/games/{game_id}/offers/{offer_id}/accept",
    "POST /v1/games/{game_id}/offers/{offer_id}/decline",
)
BY_THE_KEY = frozenset({DELETE_LABEL, *SEAT_PATHS, *OFFER_PATHS})
"""Operations aimed at a game of their own, sent with the owner's key alone."""


def config(game_id: str, deleted_game_id: str) -> schemathesis.Config:
    """schemathesis.toml, aimed at these games; its headers left to an auth provider."""
    data: dict[str, Any] = tomllib.loads(CONFIG_FILE.read_text())
    data["parameters"] = {"game_id": game_id}
    data.pop("headers")  # the auth provider below sets them
    for operation in data["operations"]:
        operation.pop("headers", None)
        if operation["include-operation-id"] == "deleteGame":
            operation["parameters"] = {"game_id": deleted_game_id}
        elif operation["include-operation-id"] in SEAT_OPERATIONS:
            operation["parameters"]["game_id"] = SEATS_GAME_ID
        elif operation["include-operation-id"] in OFFER_OPERATIONS:
            operation.setdefault("parameters", {})["game_id"] = OFFERS_GAME_ID
        elif "game_id" in operation.get("parameters", {}):
            operation["parameters"]["game_id"] = game_id
    return schemathesis.Config.from_dict(data)


schema = schemathesis.openapi.from_wsgi("/openapi.json", app, config=config(GAME_ID, DELETED_GAME_ID))


@schema.auth()
class AdminOfTheRunsGame:
    """The admin token of the game the run aims at (a token a link supplied is kept), and the client's key.

    A game operation sent with both acts by the token; creating, listing and adjudicating, by the key;
    deleting its own game (``DELETED_GAME_ID``), by the key alone.
    """

    def get(self, case: schemathesis.Case, context: schemathesis.AuthContext) -> str:
        return ADMIN_TOKEN

    def set(self, case: schemathesis.Case, data: str, context: schemathesis.AuthContext) -> None:
        if "Authorization" not in case.headers and case.operation.label not in BY_THE_KEY:
            case.headers["Authorization"] = f"Bearer {data}"
        case.headers.setdefault("X-API-Key", CLIENT_KEY)


@schema.parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
def test_every_operation_keeps_the_contract(case: schemathesis.Case) -> None:
    case.call_and_validate()


class APIWorkflow(schema.as_state_machine()):  # type: ignore[misc]
    def setup(self) -> None:
        """Each scenario starts with none of the client's webhooks: a list that earlier scenarios grew would
        make the same choices draw differently (Hypothesis stops a run whose draws depend on such state)."""
        listed = _api.get("/v1/webhooks", None, headers=_api.key_header).get_json()
        for webhook in listed["webhooks"]:
            _api.client.delete(f"/v1/webhooks/{webhook['id']}", headers=_api.key_header)


APIWorkflow.TestCase.settings = settings(
    max_examples=STATEFUL_EXAMPLES,
    stateful_step_count=6,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
TestStatefulWorkflows = APIWorkflow.TestCase


def test_a_webhook_registration_keeps_the_contract() -> None:
    """The registration's example, as schemathesis checks every answer: a 201 with its Location header."""
    operation = schema["/v1/webhooks"]["POST"]
    case = operation.Case(body={"url": "https://127.0.0.1:8443/restart-hooks"}, media_type="application/json")
    case.headers = {"X-API-Key": CLIENT_KEY}
    # ignored_auth sends it again without the key and takes this hand-set one for a generated one: the
    # parametrized run above holds every operation's credentials to it.
    response = case.call_and_validate(excluded_checks=[schemathesis.checks.ignored_auth])
    assert response.status_code == 201, response.text
    assert response.headers["location"][0].startswith("/v1/webhooks/wh_"), response.headers
