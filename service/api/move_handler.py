"""``POST /v1/games/{game_id}/moves``, the call every turn makes: answered here, before Flask.

Flask's request context, routing and ``Response`` cost as much as the rest of a move
(docs/PERFORMANCE.md), so this WSGI middleware, installed in front of Flask, is the one
implementation of the operation: every POST to the route is answered here, with the edge
(``service.api.edge``) every answer passes through; other methods go on to Flask, whose
map holds the route (a 405 names ``POST``). What it does, in order: the address block,
the credential and the game (``open_game_for_move``), the ``Idempotency-Key`` and
``If-Match`` headers, the body (``inputs.read_json``), a claimed key's replay, the move
(``schemas.quick_move``, else marshmallow for its errors), the seat, and the judged,
counted, atomic save (``submit_move``). A request that saves nothing is counted alone
as it ends; a refusal the same request would get again is kept under its key.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask

from service.api.admission import API_KEY_KEY, source_address
from service.api.answers import JSON_MEDIA_TYPE, etag
from service.api.context import ServiceState
from service.api.edge import Answer, Edge, Exchange, WsgiApp
from service.api.idempotency import IdempotentRequest, Replay
from service.api.inputs import bearer_token, expected_version, idempotency_key, read_json
from service.api.schemas import move_schema, quick_move
from service.play.errors import Unauthorized
from service.play.games import Access, open_game_for_move
from service.play.limits import OwnerRequest
from service.play.moves import submit_move
from service.rules import Move

RULE = "/v1/games/<game_id>/moves"
ENDPOINT = "moves.apply_move"
_ROUTE = re.compile(r"/v1/games/([^/]+)/moves")


def add_route(app: Flask) -> None:
    """The route in Flask's map only (its POST never reaches Flask): for a 405 to other methods,
    and for the contract's operation id."""
    app.add_url_rule(RULE, ENDPOINT, methods=["POST"])


class MoveHandler:
    """The middleware; ``flask`` is the app it stands in front of."""

    def __init__(self, state: ServiceState, edge: Edge, flask: WsgiApp, operation_id: str) -> None:
        self.state, self.edge, self.flask, self.operation_id = state, edge, flask, operation_id

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        found = (
            _ROUTE.fullmatch(environ.get("PATH_INFO", "")) if environ["REQUEST_METHOD"] == "POST" else None
        )
        if found is None:
            return self.flask(environ, start_response)
        exchange = self.edge.begin(environ, self.operation_id, found.group(1))
        return self.edge.send(exchange, self._answer(environ, exchange), start_response)

    def _answer(self, environ: dict[str, Any], exchange: Exchange) -> Answer:
        state = self.state
        credential = "HTTP_AUTHORIZATION" in environ or API_KEY_KEY in environ
        address = source_address(
            environ.get("REMOTE_ADDR"), environ.get("HTTP_X_FORWARDED_FOR"), state.settings.trusted_proxies
        )
        request: OwnerRequest | None = None
        keeper: IdempotentRequest | None = None
        try:
            now = state.clock()
            if credential:
                state.address_guard.check(address, now)
            token = bearer_token({"Authorization": environ.get("HTTP_AUTHORIZATION", "")})
            access = Access(token, environ.get(API_KEY_KEY), state.settings.limits, now, state.known_games,
                            state.seen, exchange.in_flight)  # fmt: skip
            game, request = open_game_for_move(state.store, exchange.game_id or "", access)
            if game.admitted is not None:
                exchange.counted(game.admitted.windows)
            key = idempotency_key({"Idempotency-Key": environ["HTTP_IDEMPOTENCY_KEY"]}
                                  if "HTTP_IDEMPOTENCY_KEY" in environ else {})  # fmt: skip
            expected = expected_version(
                {"If-Match": environ["HTTP_IF_MATCH"]} if "HTTP_IF_MATCH" in environ else {}
            )
            payload = read_json(environ, state.settings.max_body_bytes)
            if key is not None:
                claimed = IdempotentRequest.begin(
                    state.store, game.game_id, key, game.caller, expected, payload
                )
                if isinstance(claimed, Replay):
                    return self._replayed(exchange, claimed, request)
                keeper = claimed
            move: Move = quick_move(payload) or move_schema.load(payload)
            game.authorize_move(move)
            saved = submit_move(state.store, game, move, expected, keeper, request, now, state.told)
        except Exception as error:  # noqa: BLE001 (every error leaves as a problem, as Flask's handler makes it)
            return self._refused(exchange, error, request, keeper, address if credential else None)
        self._count(exchange, request)
        state.metrics.move_saved(saved)
        return Answer(200, saved.body, [("Content-Type", JSON_MEDIA_TYPE), ("ETag", etag(saved.version))])

    def _replayed(self, exchange: Exchange, replay: Replay, request: OwnerRequest) -> Answer:
        request.alone(self.state.store)  # a replay is a request too
        self._count(exchange, request)
        if replay.language is not None:
            exchange.speaks(replay.language)
        return replay.answer

    def _refused(
        self,
        exchange: Exchange,
        error: Exception,
        request: OwnerRequest | None,
        keeper: IdempotentRequest | None,
        credential_from: str | None,
    ) -> Answer:
        """The problem answer of a request that saved nothing: counted first (a full window answers
        429 instead, unless the credential opened nothing), then kept under its key or the key freed."""
        if request is not None and not isinstance(error, Unauthorized):
            try:
                request.alone(self.state.store)
                self._count(exchange, request)
            except Exception as refusal:  # noqa: BLE001 (429, or the store failing to count: the answer)
                error = refusal
        answer = self.edge.problem(exchange, error, credential_from)
        if keeper is not None:
            try:
                keeper.settle(answer, exchange.language)
            except Exception as failure:  # noqa: BLE001 (the store failed to keep or free the key)
                answer = self.edge.problem(exchange, failure, credential_from)
        return answer

    @staticmethod
    def _count(exchange: Exchange, request: OwnerRequest) -> None:
        if request.admitted is not None:
            exchange.counted(request.admitted.windows)
