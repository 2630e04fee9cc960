"""Schemathesis against the service as it is deployed: default settings, limits included.

The other run (``test_schemathesis``) raises the limits to explore every operation deeply.
Here the real clock and the default quotas meet the run's burst: the client's requests
window fills, and its refused credentials block its address. Every answer must still be
one the contract documents for its operation (status, media type, headers, body): a 429
only where an operation takes credentials, and never on the public ones.
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from harness.in_process_api import Api
from service.app import create_app
from service.settings import Settings, WorkerSettings
from service.store.memory import MemoryStore
from service.worker import embedded
from tests.contract.test_schemathesis import config

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance]  # fmt: skip
EXAMPLES_PER_OPERATION = 25

app = create_app(Settings.from_environment({"LOG_LEVEL": "WARNING"}), MemoryStore())
embedded.start(app.extensions["restart"].store, WorkerSettings())
_api = Api.of(app)
_game, _deleted = _api.create(), _api.create()
schema = schemathesis.openapi.from_wsgi("/openapi.json", app, config=config(_game.id, _deleted.id))


@schema.auth()
class TheGamesAdmin:
    """The game's admin token and the client's key, as the other run sends them."""

    def get(self, case: schemathesis.Case, context: schemathesis.AuthContext) -> str:
        return _game.admin

    def set(self, case: schemathesis.Case, data: str, context: schemathesis.AuthContext) -> None:
        if "Authorization" not in case.headers and case.operation.label != "DELETE /v1/games/{game_id}":
            case.headers["Authorization"] = f"Bearer {data}"
        case.headers.setdefault("X-API-Key", _api.key)


@schema.parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
def test_with_the_default_limits_every_answer_is_documented(case: schemathesis.Case) -> None:
    case.call_and_validate(checks=CHECKS)
