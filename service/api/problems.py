"""Every refusal the API can give, and the one handler that turns errors into problem+json.

Views and use cases raise (``Problem`` for what only HTTP knows, or the domain's own
errors: the use cases' ``Refused`` family, the rules' ``IllegalMove``, ``InvalidSnapshot``
and ``BadSetup``, the store's ``StoreUnavailable`` and ``CorruptData``, marshmallow's
``ValidationError``); only ``to_problem`` decides what a client sees, as RFC 9457
``application/problem+json`` with our stable ``code``, and ``edge.Edge.problem`` counts every
such answer. ``ALL_CODES`` is the exact set of codes the service emits; the contract's
``ProblemCode`` enum is checked against it.

A problem's ``title`` and ``detail`` are ``Message``s, said in the request's language
when the answer is made (``service.api.translation``); its ``type``, ``code`` and every
other member are the same in every language.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from service.api.language import DEFAULT_LANGUAGE
from service.api.translation import translate
from service.encoding import dumps
from service.play.refusals import (
    BotSeat,
    ConcurrencyLimited,
    ConcurrentUpdate,
    Forbidden,
    HintUnavailable,
    InvalidClock,
    InvalidField,
    NotFound,
    QuotaExceeded,
    RateLimited,
    Refused,
    StreamsLimited,
    TimeIsUp,
    Unauthorized,
    UnknownBotLevel,
    UnknownVersion,
    VersionMismatch,
    WebhooksLimited,
    WebhookUrlRefused,
)
from service.rules import BadSetup, Illegal, IllegalMove, InvalidSnapshot
from service.rules.messages import Message
from service.store import CorruptData, StoreUnavailable

log = logging.getLogger(__name__)

PROBLEM_TYPE_BASE = "https://restart.example/problems/"
"""A problem's ``type`` is this base followed by its ``code``: stable, documented in the contract."""
PROBLEM_MEDIA_TYPE = "application/problem+json"
RETRY_AFTER_SECONDS = "1"
ENGINE_REFUSAL_STATUS = 422
ENGINE_REFUSAL_TITLE = Message("Illegal move")
BEARER_CHALLENGE = 'Bearer realm="restart"'
KEY_CHALLENGE = 'ApiKey realm="restart", header="X-API-Key"'


class ApiCode(StrEnum):
    """The API's own codes; an illegal move carries the engine's ``Illegal`` code instead."""

    BAD_REQUEST = "bad_request"
    MALFORMED_JSON = "malformed_json"
    INVALID_IF_MATCH = "invalid_if_match"
    INVALID_IDEMPOTENCY_KEY = "invalid_idempotency_key"
    UNAUTHORIZED = "unauthorized"
    FORBIDDEN = "forbidden"
    NOT_FOUND = "not_found"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    CONCURRENT_UPDATE = "concurrent_update"
    IDEMPOTENCY_KEY_IN_FLIGHT = "idempotency_key_in_flight"
    VERSION_MISMATCH = "version_mismatch"
    PAYLOAD_TOO_LARGE = "payload_too_large"
    URI_TOO_LONG = "uri_too_long"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"
    HEADER_FIELDS_TOO_LARGE = "header_fields_too_large"
    INVALID_REQUEST = "invalid_request"
    INVALID_SNAPSHOT = "invalid_snapshot"
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
    RATE_LIMITED = "rate_limited"
    QUOTA_EXCEEDED = "quota_exceeded"
    CONCURRENCY_LIMITED = "concurrency_limited"
    STREAMS_LIMITED = "streams_limited"
    BOT_SEAT = "bot_seat"
    UNKNOWN_BOT_LEVEL = "unknown_bot_level"
    HINT_UNAVAILABLE = "hint_unavailable"
    WEBHOOK_URL_REFUSED = "webhook_url_refused"
    WEBHOOKS_LIMITED = "webhooks_limited"
    INVALID_CLOCK = "invalid_clock"
    TIME_IS_UP = "time_is_up"
    UNKNOWN_VERSION = "unknown_version"
    INTERNAL_ERROR = "internal_error"
    CORRUPT_GAME = "corrupt_game"
    STORAGE_UNAVAILABLE = "storage_unavailable"


API_PROBLEMS: dict[ApiCode, tuple[int, Message]] = {
    ApiCode.BAD_REQUEST: (400, Message("Bad request")),
    ApiCode.MALFORMED_JSON: (400, Message("Malformed JSON")),
    ApiCode.INVALID_IF_MATCH: (400, Message("Invalid If-Match header")),
    ApiCode.INVALID_IDEMPOTENCY_KEY: (400, Message("Invalid Idempotency-Key header")),
    ApiCode.UNAUTHORIZED: (401, Message("Unauthorized")),
    ApiCode.FORBIDDEN: (403, Message("Forbidden")),
    ApiCode.NOT_FOUND: (404, Message("Not found")),
    ApiCode.METHOD_NOT_ALLOWED: (405, Message("Method not allowed")),
    ApiCode.CONCURRENT_UPDATE: (409, Message("Concurrent update")),
    ApiCode.IDEMPOTENCY_KEY_IN_FLIGHT: (409, Message("Idempotency key in flight")),
    ApiCode.VERSION_MISMATCH: (412, Message("Version mismatch")),
    ApiCode.PAYLOAD_TOO_LARGE: (413, Message("Payload too large")),
    ApiCode.URI_TOO_LONG: (414, Message("URI too long")),
    ApiCode.UNSUPPORTED_MEDIA_TYPE: (415, Message("Unsupported media type")),
    ApiCode.HEADER_FIELDS_TOO_LARGE: (431, Message("Request header fields too large")),
    ApiCode.INVALID_REQUEST: (422, Message("Invalid request")),
    ApiCode.INVALID_SNAPSHOT: (422, Message("Invalid snapshot")),
    ApiCode.IDEMPOTENCY_KEY_REUSED: (422, Message("Idempotency key reused")),
    ApiCode.RATE_LIMITED: (429, Message("Rate limited")),
    ApiCode.QUOTA_EXCEEDED: (429, Message("Quota exceeded")),
    ApiCode.CONCURRENCY_LIMITED: (429, Message("Too many requests in flight")),
    ApiCode.STREAMS_LIMITED: (429, Message("Too many streams open")),
    ApiCode.BOT_SEAT: (403, Message("A bot's seat")),
    ApiCode.UNKNOWN_BOT_LEVEL: (422, Message("Unknown bot level")),
    ApiCode.HINT_UNAVAILABLE: (503, Message("Hint unavailable")),
    ApiCode.WEBHOOK_URL_REFUSED: (422, Message("Webhook URL refused")),
    ApiCode.WEBHOOKS_LIMITED: (409, Message("Too many webhooks")),
    ApiCode.INVALID_CLOCK: (422, Message("Invalid clock")),
    ApiCode.TIME_IS_UP: (409, Message("Time is up")),
    ApiCode.UNKNOWN_VERSION: (422, Message("Unknown version")),
    ApiCode.INTERNAL_ERROR: (500, Message("Internal error")),
    ApiCode.CORRUPT_GAME: (500, Message("Corrupt game")),
    ApiCode.STORAGE_UNAVAILABLE: (503, Message("Storage unavailable")),
}

ALL_CODES: frozenset[str] = frozenset(ApiCode) | frozenset(Illegal)
"""Every ``code`` a problem response can carry."""

_HTTP_STATUS_CODES = {
    400: ApiCode.BAD_REQUEST,
    404: ApiCode.NOT_FOUND,
    405: ApiCode.METHOD_NOT_ALLOWED,
    413: ApiCode.PAYLOAD_TOO_LARGE,
    414: ApiCode.URI_TOO_LONG,
    415: ApiCode.UNSUPPORTED_MEDIA_TYPE,
    431: ApiCode.HEADER_FIELDS_TOO_LARGE,
}


def code_for_status(status: int) -> ApiCode:
    """The code of an HTTP-level refusal (werkzeug's or gunicorn's) with this status."""
    return _HTTP_STATUS_CODES.get(status, ApiCode.BAD_REQUEST if status < 500 else ApiCode.INTERNAL_ERROR)


class Problem(Exception):
    """A refusal to answer with problem+json; ``extra`` adds members such as ``errors``."""

    def __init__(
        self,
        code: ApiCode | Illegal,
        detail: Message,
        *,
        headers: Mapping[str, str] | None = None,
        extra: Mapping[str, Any] | None = None,
        status: int | None = None,
    ) -> None:
        super().__init__(detail)
        if isinstance(code, Illegal):
            default_status, self.title = ENGINE_REFUSAL_STATUS, ENGINE_REFUSAL_TITLE
        else:
            default_status, self.title = API_PROBLEMS[code]
        self.code = code
        self.status = status or default_status
        self.detail = detail
        self.headers = dict(headers or {})
        self.extra = dict(extra or {})

    def body(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The problem document in ``language``, as sent and as recorded for idempotent replays."""
        document: dict[str, Any] = {
            "type": PROBLEM_TYPE_BASE + self.code.value,
            "title": translate(self.title, language),
            "status": self.status,
            "detail": translate(self.detail, language),
            "code": self.code.value,
        }
        document.update({name: _said(value, language) for name, value in self.extra.items()})
        return dumps(document)


def _said(value: Any, language: str) -> Any:
    """An extra member in ``language``: our own messages in it (``errors`` of a field we refuse) are said."""
    if isinstance(value, Message):
        return translate(value, language)
    if isinstance(value, dict):
        return {name: _said(item, language) for name, item in value.items()}
    if isinstance(value, list):
        return [_said(item, language) for item in value]
    return value


def field_errors(messages: Any, prefix: str = "") -> dict[str, list[str]]:
    """Flatten marshmallow's nested messages to ``{"players.1": ["..."]}``; the whole body is ``body``."""
    if isinstance(messages, list) and all(isinstance(message, str) for message in messages):
        return {prefix or "body": list(messages)}
    if not isinstance(messages, dict):
        return {prefix or "body": [str(messages)]}
    flat: dict[str, list[str]] = {}
    for key, nested in messages.items():
        name = "" if key == "_schema" else str(key)
        path = ".".join(part for part in (prefix, name) if part)
        for found, found_messages in field_errors(nested, path).items():
            flat.setdefault(found, []).extend(found_messages)
    return flat


def invalid_request(errors: Mapping[str, Sequence[str | Message]]) -> Problem:
    return Problem(
        ApiCode.INVALID_REQUEST,
        Message("the request does not match the contract: see errors"),
        extra={"errors": errors},
    )


def _from_http(error: HTTPException) -> Problem:
    status = error.code or 500
    code = code_for_status(status)
    headers = {}
    valid_methods = getattr(error, "valid_methods", None)
    if valid_methods:
        headers["Allow"] = ", ".join(valid_methods)
    return Problem(code, _http_detail(code, error), headers=headers, status=status)


def _http_detail(code: ApiCode, error: HTTPException) -> Message:
    """Our own sentence for werkzeug's refusals (werkzeug's descriptions are English only)."""
    if code is ApiCode.NOT_FOUND:
        return Message("no such resource: /openapi.json lists the operations")
    if code is ApiCode.METHOD_NOT_ALLOWED:
        return Message("this resource does not support that method: see the Allow header")
    if code is ApiCode.BAD_REQUEST:
        return Message("the request could not be understood")
    return API_PROBLEMS[code][1]


def _corrupt_game(error: CorruptData, game_id: str | None) -> Problem:
    """Logged with the game's id for an operator; the client learns nothing of how it is stored."""
    log.error("corrupt game data: %s", error, extra={"fields": {"game_id": game_id}})
    return Problem(
        ApiCode.CORRUPT_GAME,
        Message("this game's stored data is damaged: it was left untouched and logged for an operator"),
    )


def _refused(error: Refused) -> Problem:
    """A use case's refusal: its sentence, with the status and code of its kind (its windows: the edge)."""
    if isinstance(error, Unauthorized):
        challenge = KEY_CHALLENGE if error.needs_key else f"{BEARER_CHALLENGE}, {KEY_CHALLENGE}"
        return Problem(ApiCode.UNAUTHORIZED, error.message, headers={"WWW-Authenticate": challenge})
    if isinstance(error, Forbidden):
        return Problem(ApiCode.FORBIDDEN, error.message)
    if isinstance(error, NotFound):
        return Problem(ApiCode.NOT_FOUND, error.message)
    if isinstance(error, InvalidField):
        return invalid_request({error.field: [error.message]})
    if isinstance(error, VersionMismatch):
        return Problem(ApiCode.VERSION_MISMATCH, error.message)
    if isinstance(error, ConcurrentUpdate):
        return Problem(ApiCode.CONCURRENT_UPDATE, error.message, headers={"Retry-After": RETRY_AFTER_SECONDS})
    if isinstance(error, RateLimited):
        seconds = str(error.retry_after)
        extra = {"retry_after": error.retry_after}
        return Problem(ApiCode.RATE_LIMITED, error.message, headers={"Retry-After": seconds}, extra=extra)
    if isinstance(error, QuotaExceeded):
        return Problem(ApiCode.QUOTA_EXCEEDED, error.message)
    if isinstance(error, BotSeat):
        return Problem(ApiCode.BOT_SEAT, error.message)
    if isinstance(error, UnknownBotLevel):
        return Problem(ApiCode.UNKNOWN_BOT_LEVEL, error.message)
    if isinstance(error, HintUnavailable):
        return Problem(ApiCode.HINT_UNAVAILABLE, error.message, headers={"Retry-After": RETRY_AFTER_SECONDS})
    if isinstance(error, WebhookUrlRefused):
        return Problem(ApiCode.WEBHOOK_URL_REFUSED, error.message)
    if isinstance(error, WebhooksLimited):
        return Problem(ApiCode.WEBHOOKS_LIMITED, error.message)
    if isinstance(error, InvalidClock):
        return Problem(ApiCode.INVALID_CLOCK, error.message)
    if isinstance(error, TimeIsUp):
        return Problem(ApiCode.TIME_IS_UP, error.message)
    if isinstance(error, UnknownVersion):
        return Problem(ApiCode.UNKNOWN_VERSION, error.message)
    if isinstance(error, ConcurrencyLimited | StreamsLimited):
        code = (
            ApiCode.CONCURRENCY_LIMITED if isinstance(error, ConcurrencyLimited) else ApiCode.STREAMS_LIMITED
        )
        retry = {"retry_after": int(RETRY_AFTER_SECONDS)}
        return Problem(code, error.message, headers={"Retry-After": RETRY_AFTER_SECONDS}, extra=retry)
    raise TypeError(f"no problem for {type(error).__name__}")  # a new kind of refusal needs its line


def to_problem(error: BaseException, game_id: str | None = None) -> Problem:
    """The problem a client sees for ``error``; anything unforeseen becomes a logged 500.

    ``game_id``: the game the request was about, for the log of a corrupt one.
    """
    if isinstance(error, Problem):
        return error
    if isinstance(error, Refused):
        return _refused(error)
    if isinstance(error, IllegalMove):
        return Problem(error.code, error.message)
    if isinstance(error, InvalidSnapshot):
        return Problem(
            ApiCode.INVALID_SNAPSHOT,
            Message(
                "the snapshot is not a consistent Restart position ({count} problems)",
                count=len(error.problems),
            ),
            extra={"problems": error.problems},
        )
    if isinstance(error, ValidationError):
        return invalid_request(field_errors(error.messages))
    if isinstance(error, BadSetup):
        return invalid_request({"body": [str(error)]})
    if isinstance(error, StoreUnavailable):
        log.warning("store unavailable: %s", error)
        return Problem(
            ApiCode.STORAGE_UNAVAILABLE,
            Message("the game store did not answer: retry shortly"),
            headers={"Retry-After": RETRY_AFTER_SECONDS},
        )
    if isinstance(error, CorruptData):
        return _corrupt_game(error, game_id)
    if isinstance(error, HTTPException):
        return _from_http(error)
    log.exception("unexpected error", exc_info=error)
    return Problem(ApiCode.INTERNAL_ERROR, Message("an unexpected error occurred; it has been logged"))
