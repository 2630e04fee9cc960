"""Flask's side of admission and the edge: a view reads its request's exchange (which admission
made) here, opens its game or client with it, and its answer gets the edge's fields after;
every error leaves as the edge's problem.

Hooks run in the order registered before a request and in reverse after it; this one is
registered first, so that its ``finish`` sees the final answer.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, request

from service.admission.gate import authenticate_client, open_game
from service.admission.requester import Requester
from service.api.context import EXCHANGE_KEY, service_state
from service.api.edge import Edge, Exchange
from service.api.inputs import read_json
from service.play.games import OpenGame


def init_app(app: Flask, edge: Edge) -> None:
    def finish(response: Response) -> Response:
        response.headers.extend(edge.finish(exchange(), response.status_code))
        return response

    def answer_error(error: Exception) -> Response:
        answer = edge.problem(exchange(), error)
        return Response(answer.body, answer.status, headers=answer.fields)

    app.after_request(finish)
    app.register_error_handler(Exception, answer_error)


def exchange() -> Exchange:
    """The current request's exchange."""
    current: Exchange = request.environ[EXCHANGE_KEY]
    return current


def requester() -> Requester:
    """Who the current request says it is, and when it came."""
    return exchange().who


def open_requested_game(game_id: str) -> OpenGame:
    """The game of the route, opened by the request's credential and counted against its owner."""
    state = service_state()
    return open_game(state.store, state.gate, game_id, requester())


def requesting_client() -> str:
    """The id of the client whose key the request holds, counted against it."""
    state = service_state()
    return authenticate_client(state.store, state.gate, requester())


def request_json(limit: int | None = None) -> Any:
    """The current request's JSON body (``inputs.read_json``), at most ``limit`` bytes (by default the
    service's body limit)."""
    return read_json(request.environ, service_state().settings.max_body_bytes if limit is None else limit)


def speaks(language: str) -> None:
    """The current answer's sentences are in ``language``."""
    exchange().speaks(language)
