"""``POST /v1/games/{game_id}/moves``, the call every turn makes: answered before Flask.

Flask's request context, routing and ``Response`` cost as much as the rest of a move
(docs/PERFORMANCE.md), so admission (``service.api.admission``) hands every POST to the
route here, with its exchange, and the edge sends the answer; other methods go on to
Flask, whose map holds the route (a 405 names ``POST``). What it does, in order: the
credential and the game (``admission.gate.open_game_to_change``), the ``Idempotency-Key`` and
``If-Match`` headers, the body (``inputs.read_json``), a claimed key's replay, the move
(``schemas.quick_move``, else marshmallow for its errors), the seat, and the judged,
counted, atomic save (``submit_move``, through ``play.commit``). A request that saves nothing is counted alone
as it ends; a refusal the same request would get again is kept under its key.
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from service.admission.gate import open_game_to_change
from service.admission.limits import OwnerRequest
from service.api.answers import JSON_MEDIA_TYPE, etag
from service.api.context import ServiceState
from service.api.edge import Answer, Edge, Exchange
from service.api.idempotency import IdempotentRequest, Replay
from service.api.inputs import expected_version, idempotency_key, read_json
from service.api.schemas import move_schema, quick_move
from service.play.commit import AnswerHeld, Rider
from service.play.moves import submit_move
from service.play.refusals import Unauthorized
from service.rules import Move

RULE = "/v1/games/<game_id>/moves"
MOVE_ENDPOINT = "moves.apply_move"


def add_route(app: Flask) -> None:
    """The route in Flask's map only (its POST never reaches Flask): for a 405 to other methods,
    and for the contract's operation id."""
    app.add_url_rule(RULE, MOVE_ENDPOINT, methods=["POST"])


def answer_move(state: ServiceState, edge: Edge, environ: dict[str, Any], exchange: Exchange) -> Answer:
    """The answer to a move request that admission let in."""
    who = exchange.who
    request: OwnerRequest | None = None
    keeper: IdempotentRequest | None = None
    try:
        game, request = open_game_to_change(state.store, state.gate, exchange.game_id or "", who)
        key = idempotency_key(environ.get("HTTP_IDEMPOTENCY_KEY"))
        expected = expected_version(environ.get("HTTP_IF_MATCH"))
        payload = read_json(environ, state.settings.max_body_bytes)
        if key is not None:
            keeper = IdempotentRequest.of(state.store, game.game_id, key, game.caller, expected, payload)
        move: Move = quick_move(payload) or move_schema.load(payload)
        game.authorize_move(move)
        saved = submit_move(state.store, game, move, expected, who.now, Rider(request, keeper), state.told)
    except AnswerHeld as answered:  # the save counted the request, and saved nothing
        assert keeper is not None  # only a save with a key finds it held
        try:
            return _spoken(exchange, keeper.replayed(answered.held))
        except Exception as refusal:  # noqa: BLE001 (409 in flight, 422 reused)
            return edge.problem(exchange, refusal)
    except Exception as error:  # noqa: BLE001 (every error leaves as a problem, as Flask's handler makes it)
        return _answer_unsaved(state, edge, exchange, error, request, keeper)
    state.metrics.move_saved(saved)
    return Answer(200, saved.body, [("Content-Type", JSON_MEDIA_TYPE), ("ETag", etag(saved.version))])


def _spoken(exchange: Exchange, replay: Replay) -> Answer:
    """A replayed answer, in the first answer's language whatever this retry asks."""
    exchange.language = replay.language
    return replay.answer


def _answer_unsaved(
    state: ServiceState,
    edge: Edge,
    exchange: Exchange,
    error: Exception,
    request: OwnerRequest | None,
    keeper: IdempotentRequest | None,
) -> Answer:
    """The problem answer of a request that saved nothing: counted first (a full window answers
    429 instead, unless the credential opened nothing); with a key, the answer it already holds,
    else the refusal kept under it or the key freed."""
    if request is not None and not isinstance(error, Unauthorized):
        try:
            request.alone(state.store)
        except Exception as refusal:  # noqa: BLE001 (429, or the store failing to count: the answer)
            error = refusal
    if keeper is not None:  # a retry of a move already made is refused by the game: it gets the first answer
        try:
            replay = keeper.claim()
        except Exception as refusal:  # noqa: BLE001 (409 in flight, 422 reused, or the store failing)
            return edge.problem(exchange, refusal)
        if replay is not None:
            return _spoken(exchange, replay)
    answer = edge.problem(exchange, error)
    if keeper is not None:
        try:
            keeper.settle(answer, exchange.language)
        except Exception as failure:  # noqa: BLE001 (the store failed to keep or free the key)
            answer = edge.problem(exchange, failure)
    return answer

