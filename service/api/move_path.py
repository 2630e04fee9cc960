"""``POST /v1/games/{game_id}/moves`` without Flask's request machinery: the call every turn makes.

Flask's request context, routing, hooks and ``Response`` cost about 420,000 instructions
a request, and marshmallow 170,000 more for a four-field body: together as much as the
rest of a move (docs/PERFORMANCE.md). This WSGI middleware (installed as ``app.wsgi_app``)
answers the moves it can answer exactly as the Flask view would, and passes every other
request to Flask untouched.

It takes a move only when nothing about it needs Flask, decided before anything is
counted or stored: a bearer token, a JSON body that ``quick_move`` reads as a plain move,
a sane or absent ``If-Match``, and no ``Origin`` (CORS), ``Idempotency-Key`` or
``X-API-Key``, from an address not blocked. Then it decides with the view's own
functions: ``open_game``, ``submit_move``, ``handler.problem_answer`` for refusals, the
same metrics and access line. tests/api/test_move_path.py sends the same requests both
ways and compares the answers, headers and stored games.
"""

from __future__ import annotations

import io
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from werkzeug.http import HTTP_STATUS_CODES

from service.api.admission import API_KEY_HEADER, source_address
from service.api.answers import JSON_MEDIA_TYPE, etag, policy_headers
from service.api.context import ServiceState
from service.api.cors import varies_by_origin
from service.api.handler import problem_answer
from service.api.inputs import bearer_token, expected_version, is_json
from service.api.language import VARY, best_language
from service.api.observability import REQUEST_ID_HEADER, access_log_enabled, request_id, write_access_line
from service.api.problems import PROBLEM_MEDIA_TYPE, Problem
from service.api.schemas import quick_move
from service.encoding import loads
from service.play.errors import RateLimited
from service.play.games import Access, game_over, open_game_for_move
from service.play.limits import OwnerCount
from service.play.moves import submit_move
from service.rules import Move
from service.store.clients import WindowUse

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]
ROUTE = re.compile(r"/v1/games/([^/]+)/moves")
REQUEST_ID_KEY = "HTTP_" + REQUEST_ID_HEADER.upper().replace("-", "_")
_NEEDS_FLASK = ("HTTP_ORIGIN", "HTTP_IDEMPOTENCY_KEY", "HTTP_" + API_KEY_HEADER.upper().replace("-", "_"))


@dataclass(frozen=True, slots=True)
class MoveRequest:
    game_id: str
    token: str
    expected: int | None
    move: Move
    address: str
    request_id: str
    languages: str | None
    """``Accept-Language``, read only when the answer has sentences (a refusal)."""
    started: float


def unblocked_address(state: ServiceState, environ: dict[str, Any]) -> str | None:
    """The requester's address, or None when it is blocked (Flask's hook gives that answer)."""
    trusted = state.settings.trusted_proxies
    address = source_address(environ.get("REMOTE_ADDR"), environ.get("HTTP_X_FORWARDED_FOR"), trusted)
    try:
        state.address_guard.check(address, state.clock())
    except RateLimited:
        return None
    return address


@dataclass(frozen=True, slots=True)
class Answer:
    """An answer made without Flask, sent with what Flask's hooks add to every answer: the
    RateLimit fields, Vary, X-Request-ID, the metrics sample and the access line."""

    status: int
    body: str
    headers: list[tuple[str, str]]
    windows: tuple[WindowUse, ...]
    vary: list[str]
    request_id: str
    started: float

    def send(
        self,
        state: ServiceState,
        operation_id: str,
        access_log: bool,
        line: tuple[str, str, str | None],
        start_response: Callable[..., Any],
    ) -> Iterable[bytes]:
        """``line``: the method, path and game id of the access line."""
        encoded = self.body.encode()
        headers = [*self.headers, ("Content-Length", str(len(encoded)))]
        headers += policy_headers(self.windows).items()
        if self.vary:
            headers.append(("Vary", ", ".join(self.vary)))
        headers.append((REQUEST_ID_HEADER, self.request_id))
        seconds = time.perf_counter() - self.started
        state.metrics.request_served(operation_id, self.status, seconds)
        if access_log:
            method, path, game_id = line
            write_access_line(
                {
                    "method": method,
                    "path": path,
                    "status": self.status,
                    "duration_ms": round(seconds * 1000, 3),
                    "request_id": self.request_id,
                    "game_id": game_id,
                }
            )
        start_response(f"{self.status} {HTTP_STATUS_CODES.get(self.status, 'UNKNOWN').upper()}", headers)
        return [encoded]


def problem_reply(
    state: ServiceState, error: Exception, address: str | None, game_id: str | None, languages: str | None
) -> tuple[int, str, list[tuple[str, str]], Problem]:
    """Status, body and headers of the problem ``error`` amounts to, in the request's language."""
    problem = problem_answer(state, error, address, game_id)
    language = best_language(languages)
    headers = [("Content-Type", PROBLEM_MEDIA_TYPE), *problem.headers.items(), ("Content-Language", language)]
    return problem.status, problem.body(language), headers, problem


class MovePath:
    """The middleware; ``fallback`` is Flask's own ``wsgi_app``."""

    def __init__(self, state: ServiceState, fallback: WsgiApp, operation_id: str) -> None:
        self.state = state
        self.fallback = fallback
        self.operation_id = operation_id
        self.access_log = access_log_enabled(state.settings)
        self.vary = ["Origin"] if varies_by_origin(state.settings.cors_origins) else []

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        found = ROUTE.fullmatch(environ.get("PATH_INFO", "")) if environ["REQUEST_METHOD"] == "POST" else None
        request = self._plain_move(environ, found.group(1)) if found else None
        if request is None:
            return self.fallback(environ, start_response)
        return self._answer(request, environ["PATH_INFO"], start_response)

    def _plain_move(self, environ: dict[str, Any], game_id: str) -> MoveRequest | None:
        """The request as a move this path answers, or None (nothing counted, the body left to read)."""
        started = time.perf_counter()
        settings = self.state.settings
        length = environ.get("CONTENT_LENGTH", "")
        if any(name in environ for name in _NEEDS_FLASK) or not length.isdigit():
            return None
        if not is_json(environ.get("CONTENT_TYPE", "").partition(";")[0].strip().lower()):
            return None
        token = bearer_token({"Authorization": environ.get("HTTP_AUTHORIZATION", "")})
        if token is None or not 0 < int(length) <= settings.max_body_bytes:
            return None
        try:
            expected = expected_version(
                {"If-Match": environ["HTTP_IF_MATCH"]} if "HTTP_IF_MATCH" in environ else {}
            )
        except Problem:
            return None
        address = unblocked_address(self.state, environ)
        if address is None:
            return None
        body = environ["wsgi.input"].read(int(length))
        environ["wsgi.input"] = io.BytesIO(body)  # for Flask, should it be the one to answer
        try:
            move = quick_move(loads(body))
        except ValueError:
            return None
        if move is None:
            return None
        offered = environ.get(REQUEST_ID_KEY, "")
        languages = environ.get("HTTP_ACCEPT_LANGUAGE")
        return MoveRequest(game_id, token, expected, move, address, request_id(offered), languages, started)

    def _answer(self, request: MoveRequest, path: str, start_response: Callable[..., Any]) -> Iterable[bytes]:
        state = self.state
        windows: tuple[WindowUse, ...] = ()
        vary = self.vary
        count: OwnerCount | None = None
        try:
            limits, now = state.settings.limits, state.clock()
            access = Access(request.token, None, limits, now, state.known_games, state.full_windows)
            game, count = open_game_for_move(state.store, request.game_id, request.token, access)
            try:
                game.authorize_move(request.move)
                saved = submit_move(state.store, game, request.move, request.expected, None, count)
            except Exception:
                count.count_now(state.store)  # a refused move counts too (a full window answers 429)
                raise
            windows = count.admitted.windows if count.admitted is not None else ()
            state.metrics.move_saved(saved)
            if saved.finished and not saved.closed:
                game_over(state.store, game)
            status, body = 200, saved.body
            headers = [("Content-Type", JSON_MEDIA_TYPE), ("ETag", etag(saved.version))]
        except Exception as error:  # as Flask's one handler would see it
            status, body, headers, problem = problem_reply(
                state, error, request.address, request.game_id, request.languages
            )
            vary = [VARY, *self.vary]
            if count is not None and count.admitted is not None and "RateLimit" not in problem.headers:
                windows = count.admitted.windows  # counted, then refused: the answer says where it stands
        answer = Answer(status, body, headers, windows, vary, request.request_id, request.started)
        line = ("POST", path, request.game_id)
        return answer.send(state, self.operation_id, self.access_log, line, start_response)
