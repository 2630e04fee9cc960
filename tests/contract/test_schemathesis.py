"""Schemathesis against the app in process: every operation, every default check, a fixed budget.

Game operations aim at one game created for the run (``game_id`` is pinned as
``parameters`` in schemathesis.toml) and carry its admin token, unless a link from
``createGame`` already supplied the token of the game it just created.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings

from service.app import create_app
from service.settings import Settings
from service.store.memory import MemoryStore
from tests.api.api_support import Api

CONFIG_FILE = Path(__file__).with_name("schemathesis.toml")
EXAMPLES_PER_OPERATION = 50
STATEFUL_EXAMPLES = 30

app = create_app(Settings(log_level="WARNING"), MemoryStore())
_game = Api(app.test_client()).create()  # three players, seed 7
GAME_ID: str = _game.id
ADMIN_TOKEN: str = _game.admin


def _config() -> schemathesis.Config:
    data: dict[str, Any] = tomllib.loads(CONFIG_FILE.read_text())
    data["parameters"] = {"game_id": GAME_ID}
    return schemathesis.Config.from_dict(data)


schema = schemathesis.openapi.from_wsgi("/openapi.json", app, config=_config())


@schema.auth()
class AdminOfTheRunsGame:
    """The admin token of the game the run aims at; a token a link supplied is kept."""

    def get(self, case: schemathesis.Case, context: schemathesis.AuthContext) -> str:
        return ADMIN_TOKEN

    def set(self, case: schemathesis.Case, data: str, context: schemathesis.AuthContext) -> None:
        if "Authorization" not in case.headers:
            case.headers["Authorization"] = f"Bearer {data}"


@schema.parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
def test_every_operation_keeps_the_contract(case: schemathesis.Case) -> None:
    case.call_and_validate()


APIWorkflow = schema.as_state_machine()
APIWorkflow.TestCase.settings = settings(
    max_examples=STATEFUL_EXAMPLES,
    stateful_step_count=6,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
TestStatefulWorkflows = APIWorkflow.TestCase
