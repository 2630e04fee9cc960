"""Flask's side of the edge (``service.api.edge``): every request through Flask gets its ``Exchange``
before it runs, and its answer the edge's fields after; every error leaves as the edge's problem.

Hooks run in the order registered before a request and in reverse after it; this one is
registered first, so that its ``finish`` sees the final answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, g, request

from service.api.admission import presents_credential, requester_address
from service.api.context import service_state
from service.api.edge import Edge, Exchange
from service.api.inputs import read_json
from service.api.metrics import UNMATCHED


def init_app(app: Flask, edge: Edge, operation_ids: Mapping[str, str]) -> None:
    """``operation_ids``: endpoint -> the contract's id, the label of each request's metrics."""

    def begin() -> None:
        endpoint = request.endpoint or ""
        operation = operation_ids.get(endpoint, endpoint or UNMATCHED)
        g.exchange = edge.begin(request.environ, operation, (request.view_args or {}).get("game_id"))

    def finish(response: Response) -> Response:
        if "exchange" not in g:  # failed before any hook ran
            begin()
        response.headers.extend(edge.finish(g.exchange, response.status_code))
        return response

    def answer_error(error: Exception) -> Response:
        if "exchange" not in g:
            begin()
        address = requester_address() if presents_credential() else None
        answer = edge.problem(g.exchange, error, address)
        return Response(answer.body, answer.status, headers=answer.fields)

    app.before_request(begin)
    app.after_request(finish)
    app.register_error_handler(Exception, answer_error)


def request_json(limit: int | None = None) -> Any:
    """The current request's JSON body (``inputs.read_json``), at most ``limit`` bytes (by default the
    service's body limit)."""
    return read_json(request.environ, service_state().settings.max_body_bytes if limit is None else limit)


def speaks(language: str) -> None:
    """The current answer's sentences are in ``language``."""
    current: Exchange = g.exchange
    current.speaks(language)
