"""The one error handler: every error, HTTP or domain, leaves as problem+json, counted.

A refused credential is counted against its source address first (it may then be
answered 429 rather than 401: ``service.play.limits.AddressGuard``). A request with no
credential at all guesses nothing: its 401 costs no store call.
"""

from __future__ import annotations

from flask import Flask, Response, request

from service.api.admission import presents_credential, requester_address
from service.api.context import ServiceState, service_state
from service.api.language import requested_language
from service.api.problems import Problem, to_problem
from service.play.errors import Unauthorized
from service.store import StoreUnavailable


def problem_answer(
    state: ServiceState, error: Exception, credential_from: str | None, game_id: str | None
) -> Problem:
    """The problem to answer ``error`` with, counted; ``credential_from``: the requester's
    address when it presented a credential (a refused one counts against it), else None;
    ``game_id``: the game of the route, if any (logged with a corrupt one)."""
    if isinstance(error, Unauthorized) and credential_from is not None:
        try:
            error = state.address_guard.refused(state.store, error, credential_from, state.clock())
        except StoreUnavailable as outage:  # uncounted is not unlimited: the outage is the answer
            error = outage
    problem = to_problem(error, game_id)
    state.metrics.refused(error, problem.code.value)
    return problem


def handle_error(error: Exception) -> Response:
    address = requester_address() if presents_credential() else None
    game_id = (request.view_args or {}).get("game_id")
    return problem_answer(service_state(), error, address, game_id).response(requested_language())


def init_app(app: Flask) -> None:
    """Register the one handler for every error."""
    app.register_error_handler(Exception, handle_error)
