"""Every refusal the API can give, and the one handler that turns errors into problem+json.

Views and use cases raise (``Problem`` for what only HTTP knows, or the domain's own
errors: the use cases' ``Refused`` family, the rules' ``IllegalMove``, ``InvalidSnapshot``
and ``BadSetup``, the store's ``StoreUnavailable`` and ``CorruptData``, marshmallow's
``ValidationError``); only ``to_problem`` decides what a client sees, as RFC 9457
``application/problem+json`` with our stable ``code``, from one table (``ANSWERS``: an error's
class, or its nearest ancestor in it, -> how it is answered), and ``edge.Edge.problem`` counts
every such answer. The use cases and the rules know nothing of statuses: a kind's status and code
are its row's here. ``ALL_CODES`` is the exact set of codes the service emits; the contract's
``ProblemCode`` enum is checked against it.

A problem's ``title`` and ``detail`` are ``Message``s, said in the request's language
when the answer is made (``service.api.translation``); its ``type``, ``code`` and every
other member are the same in every language.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any

from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from service.api.language import DEFAULT_LANGUAGE
from service.api.translation import translate
from service.encoding import dumps
from service.play.refusals import (
    AbortTooLate,
    BotSeat,
    ConcurrencyLimited,
    ConcurrentUpdate,
    Forbidden,
    GameFinished,
    GamePaused,
    GamePlaying,
    HintUnavailable,
    InvalidClock,
    InvalidField,
    InvitationExpired,
    InvitationRevoked,
    InvitationUsed,
    NotFound,
    OfferCooldown,
    OfferLapsed,
    OfferNeedsSeat,
    OfferNotAllowed,
    OfferOpen,
    OwnOffer,
    PageOutOfRange,
    QuotaExceeded,
    RateLimited,
    RatingNeedsPlayers,
    SeatLeft,
    SeatVacated,
    StreamsLimited,
    TableDealt,
    TakebackRefused,
    TimeIsUp,
    Unauthorized,
    UnknownBotLevel,
    UnknownPlayer,
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
    SEAT_LEFT = "seat_left"
    SEAT_VACATED = "seat_vacated"
    INVITATION_USED = "invitation_used"
    INVITATION_EXPIRED = "invitation_expired"
    INVITATION_REVOKED = "invitation_revoked"
    GAME_PLAYING = "game_playing"
    GAME_FINISHED = "game_finished"
    TABLE_DEALT = "table_dealt"
    OFFER_OPEN = "offer_open"
    OFFER_NOT_ALLOWED = "offer_not_allowed"
    OFFER_COOLDOWN = "offer_cooldown"
    TAKEBACK_REFUSED = "takeback_refused"
    ABORT_TOO_LATE = "abort_too_late"
    OWN_OFFER = "own_offer"
    OFFER_LAPSED = "offer_lapsed"
    OFFER_NEEDS_SEAT = "offer_needs_seat"
    GAME_PAUSED = "game_paused"
    UNKNOWN_VERSION = "unknown_version"
    RATING_NEEDS_PLAYERS = "rating_needs_players"
    UNKNOWN_PLAYER = "unknown_player"
    PAGE_OUT_OF_RANGE = "page_out_of_range"
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
    ApiCode.SEAT_LEFT: (409, Message("Seat left")),
    ApiCode.SEAT_VACATED: (409, Message("Seat vacated")),
    ApiCode.INVITATION_USED: (409, Message("Invitation used")),
    ApiCode.INVITATION_EXPIRED: (410, Message("Invitation expired")),
    ApiCode.INVITATION_REVOKED: (410, Message("Invitation revoked")),
    ApiCode.GAME_PLAYING: (409, Message("Game still playing")),
    ApiCode.GAME_FINISHED: (409, Message("Game finished")),
    ApiCode.TABLE_DEALT: (409, Message("Table dealt")),
    ApiCode.OFFER_OPEN: (409, Message("An offer is open")),
    ApiCode.OFFER_NOT_ALLOWED: (409, Message("Offer not allowed")),
    ApiCode.OFFER_COOLDOWN: (409, Message("Offer cooling down")),
    ApiCode.TAKEBACK_REFUSED: (409, Message("Takeback refused")),
    ApiCode.ABORT_TOO_LATE: (409, Message("Too late to abort")),
    ApiCode.OWN_OFFER: (409, Message("Own offer")),
    ApiCode.OFFER_LAPSED: (409, Message("Offer lapsed")),
    ApiCode.OFFER_NEEDS_SEAT: (403, Message("Offer needs a seat")),
    ApiCode.GAME_PAUSED: (409, Message("Game paused")),
    ApiCode.UNKNOWN_VERSION: (422, Message("Unknown version")),
    ApiCode.RATING_NEEDS_PLAYERS: (422, Message("Rating needs players")),
    ApiCode.UNKNOWN_PLAYER: (404, Message("Unknown player")),
    ApiCode.PAGE_OUT_OF_RANGE: (422, Message("Page out of range")),
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
    """Flatten marshmallow's nested messages to ``{"players.1": ["..."]}``; the whole body is ``body``.
    A field we read ourselves may say ``Message``s (said in the answer's language)."""
    if isinstance(messages, list) and all(isinstance(message, str | Message) for message in messages):
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


Answer = Callable[[Any, str | None], Problem]
"""How one kind of error is answered: given the error and the game the request was about (named in
the log of a corrupt one), its problem."""


def _refusal(code: ApiCode, retry: bool = False, told: bool = False) -> Answer:
    """A use case's refusal: its own sentence, ``code``'s status and title; ``retry``: with
    ``Retry-After: 1``; ``told``: and ``retry_after`` in the body too (the limits' refusals)."""
    headers = {"Retry-After": RETRY_AFTER_SECONDS} if retry else {}
    extra = {"retry_after": int(RETRY_AFTER_SECONDS)} if told else {}
    return lambda error, _game_id: Problem(code, error.message, headers=headers, extra=extra)


def _unauthorized(error: Unauthorized, _game_id: str | None) -> Problem:
    challenge = KEY_CHALLENGE if error.needs_key else f"{BEARER_CHALLENGE}, {KEY_CHALLENGE}"
    return Problem(ApiCode.UNAUTHORIZED, error.message, headers={"WWW-Authenticate": challenge})


def _rate_limited(error: RateLimited, _game_id: str | None) -> Problem:
    """Told when to retry, in the header and in the body."""
    headers, extra = {"Retry-After": str(error.retry_after)}, {"retry_after": error.retry_after}
    return Problem(ApiCode.RATE_LIMITED, error.message, headers=headers, extra=extra)


def _invalid_field(error: InvalidField, _game_id: str | None) -> Problem:
    """Well-formed but wrong for this game: answered as the schemas' field errors are."""
    return invalid_request({error.field: [error.message]})


def _illegal_move(error: IllegalMove, _game_id: str | None) -> Problem:
    return Problem(error.code, error.message)


def _invalid_snapshot(error: InvalidSnapshot, _game_id: str | None) -> Problem:
    count = len(error.problems)
    detail = Message("the snapshot is not a consistent Restart position ({count} problems)", count=count)
    return Problem(ApiCode.INVALID_SNAPSHOT, detail, extra={"problems": error.problems})


def _schema_refused(error: ValidationError, _game_id: str | None) -> Problem:
    return invalid_request(field_errors(error.messages))


def _bad_setup(error: BadSetup, _game_id: str | None) -> Problem:
    return invalid_request({"body": [str(error)]})


def _store_unavailable(error: StoreUnavailable, _game_id: str | None) -> Problem:
    log.warning("store unavailable: %s", error)
    detail = Message("the game store did not answer: retry shortly")
    return Problem(ApiCode.STORAGE_UNAVAILABLE, detail, headers={"Retry-After": RETRY_AFTER_SECONDS})


def _corrupt_game(error: CorruptData, game_id: str | None) -> Problem:
    """Logged with the game's id for an operator; the client learns nothing of how it is stored."""
    log.error("corrupt game data: %s", error, extra={"fields": {"game_id": game_id}})
    return Problem(
        ApiCode.CORRUPT_GAME,
        Message("this game's stored data is damaged: it was left untouched and logged for an operator"),
    )


def _from_http(error: HTTPException, _game_id: str | None) -> Problem:
    """Werkzeug's refusals (no route, a method the route lacks, a body too large...)."""
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


ANSWERS: Mapping[type[BaseException], Answer] = {
    Problem: lambda problem, _game_id: problem,
    # The use cases' refusals (play.refusals): a kind's subclasses are answered as the kind is.
    Unauthorized: _unauthorized,
    Forbidden: _refusal(ApiCode.FORBIDDEN),
    NotFound: _refusal(ApiCode.NOT_FOUND),
    InvalidField: _invalid_field,
    VersionMismatch: _refusal(ApiCode.VERSION_MISMATCH),
    ConcurrentUpdate: _refusal(ApiCode.CONCURRENT_UPDATE, retry=True),
    RateLimited: _rate_limited,
    QuotaExceeded: _refusal(ApiCode.QUOTA_EXCEEDED),
    ConcurrencyLimited: _refusal(ApiCode.CONCURRENCY_LIMITED, retry=True, told=True),
    StreamsLimited: _refusal(ApiCode.STREAMS_LIMITED, retry=True, told=True),
    BotSeat: _refusal(ApiCode.BOT_SEAT),
    UnknownBotLevel: _refusal(ApiCode.UNKNOWN_BOT_LEVEL),
    HintUnavailable: _refusal(ApiCode.HINT_UNAVAILABLE, retry=True),
    WebhookUrlRefused: _refusal(ApiCode.WEBHOOK_URL_REFUSED),
    WebhooksLimited: _refusal(ApiCode.WEBHOOKS_LIMITED),
    InvalidClock: _refusal(ApiCode.INVALID_CLOCK),
    TimeIsUp: _refusal(ApiCode.TIME_IS_UP),
    SeatLeft: _refusal(ApiCode.SEAT_LEFT),
    SeatVacated: _refusal(ApiCode.SEAT_VACATED),
    InvitationUsed: _refusal(ApiCode.INVITATION_USED),
    InvitationExpired: _refusal(ApiCode.INVITATION_EXPIRED),
    InvitationRevoked: _refusal(ApiCode.INVITATION_REVOKED),
    GamePlaying: _refusal(ApiCode.GAME_PLAYING),
    GameFinished: _refusal(ApiCode.GAME_FINISHED),
    TableDealt: _refusal(ApiCode.TABLE_DEALT),
    OfferOpen: _refusal(ApiCode.OFFER_OPEN),
    OfferNotAllowed: _refusal(ApiCode.OFFER_NOT_ALLOWED),
    OfferCooldown: _refusal(ApiCode.OFFER_COOLDOWN),
    TakebackRefused: _refusal(ApiCode.TAKEBACK_REFUSED),
    AbortTooLate: _refusal(ApiCode.ABORT_TOO_LATE),
    OwnOffer: _refusal(ApiCode.OWN_OFFER),
    OfferLapsed: _refusal(ApiCode.OFFER_LAPSED),
    OfferNeedsSeat: _refusal(ApiCode.OFFER_NEEDS_SEAT),
    GamePaused: _refusal(ApiCode.GAME_PAUSED),
    UnknownVersion: _refusal(ApiCode.UNKNOWN_VERSION),
    RatingNeedsPlayers: _refusal(ApiCode.RATING_NEEDS_PLAYERS),
    UnknownPlayer: _refusal(ApiCode.UNKNOWN_PLAYER),
    PageOutOfRange: _refusal(ApiCode.PAGE_OUT_OF_RANGE),
    # The rules' errors, the schemas', the store's and werkzeug's.
    IllegalMove: _illegal_move,
    InvalidSnapshot: _invalid_snapshot,
    BadSetup: _bad_setup,
    ValidationError: _schema_refused,
    StoreUnavailable: _store_unavailable,
    CorruptData: _corrupt_game,
    HTTPException: _from_http,
}
"""Every error the edge can meet -> how it is answered; tests/api/test_problems.py holds every kind of
``Refused`` to a row."""


def answer_for(kind: type[BaseException]) -> Answer | None:
    """The row of ``kind``, or of its nearest ancestor that has one (None: an error not foreseen)."""
    return next((ANSWERS[ancestor] for ancestor in kind.__mro__ if ancestor in ANSWERS), None)


def to_problem(error: BaseException, game_id: str | None = None) -> Problem:
    """The problem a client sees for ``error``; anything unforeseen becomes a logged 500.

    ``game_id``: the game the request was about, for the log of a corrupt one.
    """
    answer = answer_for(type(error))
    if answer is None:
        log.exception("unexpected error", exc_info=error)
        return Problem(ApiCode.INTERNAL_ERROR, Message("an unexpected error occurred; it has been logged"))
    return answer(error, game_id)
