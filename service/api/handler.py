"""The one error handler: every error, HTTP or domain, leaves as problem+json, counted.

A refused credential is counted against its source address first (it may then be
answered 429 rather than 401: ``service.play.limits.AddressGuard``). A request with no
credential at all guesses nothing: its 401 costs no store call.
"""

from __future__ import annotations

from flask import Flask, Response

from service.api.admission import presents_credential, requester_address
from service.api.context import service_state
from service.api.language import requested_language
from service.api.problems import to_problem
from service.play.errors import Unauthorized
from service.store import StoreUnavailable


def handle_error(error: Exception) -> Response:
    state = service_state()
    if isinstance(error, Unauthorized) and presents_credential():
        try:
            error = state.address_guard.refused(state.store, error, requester_address(), state.clock())
        except StoreUnavailable as outage:  # uncounted is not unlimited: the outage is the answer
            error = outage
    problem = to_problem(error)
    state.metrics.refused(error, problem.code.value)
    return problem.response(requested_language())


def init_app(app: Flask) -> None:
    """Register the one handler for every error."""
    app.register_error_handler(Exception, handle_error)
