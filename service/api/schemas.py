"""Request schemas: the wire shapes clients send, turned into values the rules understand.

Each schema is instantiated once, here, at import. The contract (openapi.yaml) states
the same shapes; tests/contract/test_drift.py fails when the two disagree. A schema
checks shape and ranges only: whether a move is legal is the engine's call, so a play
without tiles or a pass with a row reaches the engine and gets its code.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from marshmallow import EXCLUDE, Schema, ValidationError, fields, post_load, validates_schema
from marshmallow.validate import Equal, Length, OneOf, Range, Validator

from service.play.consent import (
    ALLOWED_BY_DEFAULT,
    COOLDOWN_MOVES,
    MAX_COOLDOWN_MOVES,
    MAX_PAUSE_SECONDS,
    OFFER_SECONDS,
    OFFER_SECONDS_RANGE,
    PAUSE_SECONDS_RANGE,
    OfferKind,
    OfferPolicy,
)
from service.play.games import BOT_LEVELS, Seat, check_level
from service.play.holders import MAX_PLAYER_REFERENCE_LENGTH, PLAYER_REFERENCE_PATTERN
from service.play.refusals import InvalidClock
from service.play.seat_changes import INVITATION_SECONDS, MAX_INVITATION_SECONDS, MIN_INVITATION_SECONDS
from service.play.tables import MAX_TABLE_SECONDS, MIN_TABLE_SECONDS, TABLE_SECONDS, OpenSeat
from service.play.timeouts import clock_settings
from service.play.webhook_management import EVENT_TYPES, MAX_URL_LENGTH
from service.rules import COLOURS, Action, EndReason, Move, Status
from service.rules.clock import ClockSettings
from service.rules.deal import BOX_SIZE, HAND_SIZE
from service.rules.record import FORMAT as RECORD_FORMAT
from service.rules.state import (
    DEFAULT_TARGET_SCORE,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MAX_SCORE,
    MAX_SEED,
    MAX_TARGET_SCORE,
    MIN_PLAYERS,
    NAME_PATTERN,
    is_player_name,
)

MAX_SEAT = MAX_PLAYERS - 1
MAX_TILE_CODE_LENGTH = 16
MAX_TILES_PER_MOVE = 20
MAX_EVENT_SEQ = 1_000_000_000
MAX_EVENTS_PAGE = 500
DEFAULT_EVENTS_PAGE = 100
MAX_GAMES_PAGE = 100
DEFAULT_GAMES_PAGE = 20
MAX_LEADERBOARD_PAGE = 100_000_000
"""A page number's bound (a pool of that many pages of one player each is past any here)."""
MAX_LEADERBOARD_PAGE_SIZE = 100
DEFAULT_LEADERBOARD_PAGE_SIZE = 20
MAX_CURSOR_LENGTH = 20
CURSOR_PATTERN = r"^[0-9]{1,20}$"
TURNS_CURSOR_PATTERN = r"^[0-9]{1,16}_[A-Za-z0-9_-]{22}$"
"""A player's turns' cursor: the last entry's score and game id (``play.turns.write_cursor``)."""
MAX_TURNS_CURSOR_LENGTH = 39
MAX_HAND_SIZE = max(HAND_SIZE.values())
MAX_BOX_SIZE = max(BOX_SIZE.values())
MAX_TIME_LENGTH = 40
MAX_VERSION = 1_000_000_000
MAX_DELIVERIES_PAGE = 100
DEFAULT_DELIVERIES_PAGE = 20


class FullMatch(Validator):
    """Like marshmallow's Regexp, but the whole value must match.

    (``Regexp`` uses ``re.match``, and ``$`` also matches before a final newline.)
    """

    def __init__(self, pattern: str, error: str) -> None:
        self.regex = re.compile(pattern)
        self.error: str = error

    def __call__(self, value: str) -> str:
        if not self.regex.fullmatch(value):
            raise ValidationError(self.error)
        return value


RFC3339_PATTERN = (
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?"
    r"([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])"
)


class DateTime(Validator):
    """An RFC 3339 date-time, as the contract's ``format: date-time`` is read (a real day of the calendar)."""

    regex = re.compile(RFC3339_PATTERN)
    error = "must be an RFC 3339 date-time, such as 2027-01-15T08:00:00.000Z"

    def __call__(self, value: str) -> str:
        if not self.regex.fullmatch(value):
            raise ValidationError(self.error)
        try:
            date.fromisoformat(value[:10])
        except ValueError:
            raise ValidationError(self.error) from None
        return value


class StrictInteger(fields.Integer):
    """A JSON Schema integer: a number without a fraction (``3`` or ``3.0``), never a boolean or a string."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


class StrictBoolean(fields.Boolean):
    """A JSON boolean: ``true`` or ``false``, never ``1``, ``0`` or a string (marshmallow takes those)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class QueryInteger(fields.Integer):
    """An integer in a query string: ASCII digits only (``int()`` would also take ``' 5'`` or ``'٥'``)."""

    _digits = re.compile(r"-?[0-9]{1,12}")

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if not isinstance(value, str) or not self._digits.fullmatch(value):
            raise self.make_error("invalid")
        return int(value)


class MoveSchema(Schema):
    player = StrictInteger(required=True, validate=Range(0, MAX_SEAT))
    action = fields.String(required=True, validate=OneOf([action.value for action in Action]))
    row = fields.String(load_default=None, allow_none=True, validate=OneOf([c.value for c in COLOURS]))
    tiles = fields.List(
        fields.String(validate=Length(1, MAX_TILE_CODE_LENGTH)),
        load_default=list,
        validate=Length(max=MAX_TILES_PER_MOVE),
    )

    @post_load
    def to_move(self, data: dict[str, Any], **kwargs: Any) -> Move:
        return Move.from_json(data)


PLAYER_NAME = [Length(1, MAX_NAME_LENGTH), FullMatch(NAME_PATTERN, "must not hold control characters")]


class BotLevelField(fields.String):
    """A level the service plays; any other string is the use case's 422 ``unknown_bot_level``
    (a stable code of its own, where a schema violation would be ``invalid_request``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(validate=OneOf(BOT_LEVELS), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if isinstance(value, str):
            check_level(value)
        deserialized: str = super()._deserialize(value, attr, data, **kwargs)
        return deserialized


class BotSeatSchema(Schema):
    name = fields.String(required=True, validate=PLAYER_NAME)
    bot = BotLevelField(required=True)


PLAYER_REFERENCE = [
    Length(1, MAX_PLAYER_REFERENCE_LENGTH),
    FullMatch(PLAYER_REFERENCE_PATTERN, "is up to 128 letters, digits and ._:@-"),
]


class PersonSeatSchema(Schema):
    name = fields.String(required=True, validate=PLAYER_NAME)
    player = fields.String(load_default=None, allow_none=True, validate=PLAYER_REFERENCE)
    """The client app's own reference for the person (``play.holders``)."""


class SeatField(fields.Field):  # type: ignore[type-arg]
    """A seat: a person's name, ``{"name", "player"}`` for a person the client app names by its own
    reference, or ``{"name", "bot": <level>}`` for a seat the service plays."""

    _name = fields.String(validate=PLAYER_NAME)
    _bot = BotSeatSchema()
    _person = PersonSeatSchema()

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Seat:
        if isinstance(value, dict) and "bot" in value:
            seat = self._bot.load(value)
            return Seat(seat["name"], seat["bot"])
        if isinstance(value, dict):
            person = self._person.load(value)
            return Seat(person["name"], player=person["player"])
        if not isinstance(value, str):
            raise ValidationError("a seat is a player's name or an object {name, bot} or {name, player}")
        return Seat(self._name.deserialize(value))


class OpenSeatSchema(Schema):
    open = StrictBoolean(required=True, validate=Equal(True, error="is true: a seat left open"))
    name = fields.String(load_default=None, allow_none=True, validate=PLAYER_NAME)


class TableSeatField(fields.Field):  # type: ignore[type-arg]
    """A table's seat: any seat of a creation (``SeatField``), or ``{"open": true}`` (perhaps with a
    ``name``) for one left open, for whoever claims its invitation."""

    _open = OpenSeatSchema()
    _taken = SeatField()

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Seat | OpenSeat:
        if isinstance(value, dict) and "open" in value:
            return OpenSeat(self._open.load(value)["name"])
        taken: Seat = self._taken.deserialize(value, attr, data, **kwargs)
        return taken


class SeatHolderSchema(Schema):
    """``PUT /v1/games/{id}/seats/{seat}/holder``: the new holder (both optional)."""

    name = fields.String(load_default=None, allow_none=True, validate=PLAYER_NAME)
    player = fields.String(load_default=None, allow_none=True, validate=PLAYER_REFERENCE)


class InvitationSchema(Schema):
    """``POST /v1/games/{id}/seats/{seat}/invitation``: how long the invitation is open (seconds)."""

    expires_in = StrictInteger(
        load_default=INVITATION_SECONDS, validate=Range(MIN_INVITATION_SECONDS, MAX_INVITATION_SECONDS)
    )


OFFER_KINDS = [kind.value for kind in ALLOWED_BY_DEFAULT]


class OfferPolicySchema(Schema):
    """A creation's ``offers``: what the game allows of consent offers (docs/OFFERS.md)."""

    kinds = fields.List(
        fields.String(validate=OneOf(OFFER_KINDS)), load_default=lambda: list(OFFER_KINDS),
        validate=Length(max=len(OFFER_KINDS) * 2),
    )  # fmt: skip
    cooldown_moves = StrictInteger(load_default=COOLDOWN_MOVES, validate=Range(0, MAX_COOLDOWN_MOVES))
    max_pause_seconds = StrictInteger(load_default=MAX_PAUSE_SECONDS, validate=Range(*PAUSE_SECONDS_RANGE))

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> OfferPolicy:
        kinds = tuple(
            kind for kind in ALLOWED_BY_DEFAULT if kind.value in data["kinds"]
        )  # one order, once each
        return OfferPolicy(kinds, data["cooldown_moves"], data["max_pause_seconds"] * 1000)


class CreateGameSchema(Schema):
    players = fields.List(SeatField(), required=True, validate=Length(MIN_PLAYERS, MAX_PLAYERS))
    seed = StrictInteger(validate=Range(0, MAX_SEED))
    target_score = StrictInteger(load_default=DEFAULT_TARGET_SCORE, validate=Range(1, MAX_TARGET_SCORE))
    clock = fields.Dict(load_default=None, allow_none=True)
    """An object read by ``play.timeouts.clock_settings``, whose refusals have a code of their own
    (invalid_clock); its fields are checked against the contract's ClockRequest in
    tests/contract/test_drift.py."""
    offers = fields.Nested(OfferPolicySchema, load_default=None, allow_none=True)
    rated = StrictBoolean(load_default=False)
    """Its result goes to the owner's rating pool (docs/RATINGS.md)."""


class MakeOfferSchema(Schema):
    """``POST /v1/games/{id}/offers``."""

    kind = fields.String(required=True, validate=OneOf([kind.value for kind in OfferKind]))
    seat = StrictInteger(load_default=None, allow_none=True, validate=Range(0, MAX_SEAT))
    expires_in = StrictInteger(load_default=OFFER_SECONDS, validate=Range(*OFFER_SECONDS_RANGE))


class AnswerOfferSchema(Schema):
    """``POST /v1/games/{id}/offers/{offer_id}/accept`` and ``.../decline``: the seat, for the admin."""

    seat = StrictInteger(load_default=None, allow_none=True, validate=Range(0, MAX_SEAT))


class CreateTableSchema(CreateGameSchema):
    """``POST /v1/tables``: a creation's fields, some seats open, and how long the table waits (its
    game has the default offer policy and is not rated: ``offers`` and ``rated`` are not taken)."""

    class Meta:
        exclude = ("offers", "rated")

    players = fields.List(TableSeatField(), required=True, validate=Length(MIN_PLAYERS, MAX_PLAYERS))
    expires_in = StrictInteger(
        load_default=TABLE_SECONDS, validate=Range(MIN_TABLE_SECONDS, MAX_TABLE_SECONDS)
    )


class AdjudicateSchema(Schema):
    snapshot = fields.Dict(required=True)
    """Checked completely by the engine (``from_snapshot(verify=True)``), which lists every problem."""
    move = fields.Nested(MoveSchema, required=True)


MAX_RECORD_ROUNDS = 1_000
MAX_RECORD_MOVES_PER_ROUND = 10_000
MAX_BOT_NAME_LENGTH = 40
MAX_RECORD_HOLDERS = 1_000


class ShownClockField(fields.Field):  # type: ignore[type-arg]
    """A record's ``clock``, read by the one reader of a clock (``play.timeouts.clock_settings``) as a
    record shows it: what is wrong with it is a field error of the record (invalid_request), since a
    record's clock is shown, never replayed (time is not part of a record's sense)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> ClockSettings:
        try:
            return clock_settings(value, shown=True)
        except InvalidClock as wrong:
            found = [wrong.message]
            raise ValidationError(found if wrong.field is None else {wrong.field: found}) from None


class RecordHolderSchema(Schema):
    """A seat's holder for a span of versions (``rules.record.Tenure``)."""

    name = fields.String(required=True, validate=PLAYER_NAME)
    from_version = StrictInteger(required=True, validate=Range(1, MAX_VERSION))
    until_version = StrictInteger(load_default=None, allow_none=True, validate=Range(1, MAX_VERSION))
    left = StrictBoolean(load_default=False)


class RecordPlayerSchema(Schema):
    name = fields.String(required=True, validate=PLAYER_NAME)
    bot = fields.String(load_default=None, allow_none=True, validate=Length(1, MAX_BOT_NAME_LENGTH))
    holders = fields.List(
        fields.Nested(RecordHolderSchema),
        load_default=None,
        allow_none=True,
        validate=Length(1, MAX_RECORD_HOLDERS),
    )
    """Who held the seat, for which versions; absent or null: not said (checked where given)."""


class RecordedMoveSchema(Schema):
    seat = StrictInteger(required=True, validate=Range(0, MAX_SEAT))
    move = fields.Nested(MoveSchema, required=True)
    at = fields.String(load_default=None, allow_none=True, validate=[Length(max=MAX_TIME_LENGTH), DateTime()])
    """When it was played: shown, not checked against anything (a record typed in from a table may not
    know: null)."""
    timed_out = StrictBoolean(load_default=False)
    takes_back = StrictInteger(
        load_default=None, allow_none=True, validate=Range(0, MAX_RECORD_MOVES_PER_ROUND - 1)
    )
    """A takeback: the index in its round of the move it undoes, which ``move`` repeats (docs/OFFERS.md)."""


class RecordRoundSchema(Schema):
    round = StrictInteger(required=True, validate=Range(1, MAX_RECORD_ROUNDS))
    starter = StrictInteger(required=True, validate=Range(0, MAX_SEAT))
    hands = fields.List(
        fields.List(fields.String(validate=Length(1, MAX_TILE_CODE_LENGTH)), allow_none=True,
                    validate=Length(max=MAX_HAND_SIZE)),
        required=True,
        validate=Length(MIN_PLAYERS, MAX_PLAYERS),
    )  # fmt: skip
    box = fields.List(
        fields.String(validate=Length(1, MAX_TILE_CODE_LENGTH)), required=True, allow_none=True,
        validate=Length(max=MAX_BOX_SIZE),
    )  # fmt: skip
    moves = fields.List(
        fields.Nested(RecordedMoveSchema), required=True, validate=Length(max=MAX_RECORD_MOVES_PER_ROUND)
    )


class GameRecordSchema(Schema):
    """``restart-record/1`` (rules.record): its shape here, its sense on the rules."""

    format = fields.String(required=True, validate=OneOf([RECORD_FORMAT]))
    players = fields.List(
        fields.Nested(RecordPlayerSchema), required=True, validate=Length(MIN_PLAYERS, MAX_PLAYERS)
    )
    target_score = StrictInteger(required=True, validate=Range(1, MAX_TARGET_SCORE))
    clock = ShownClockField(required=True, allow_none=True)
    """The game's clock settings, shown: time is not replayed."""
    rounds = fields.List(
        fields.Nested(RecordRoundSchema), required=True, validate=Length(1, MAX_RECORD_ROUNDS)
    )
    status = fields.String(required=True, validate=OneOf([status.value for status in Status]))
    winners = fields.List(
        StrictInteger(validate=Range(0, MAX_SEAT)), required=True, validate=Length(max=MAX_PLAYERS)
    )
    end_reason = fields.String(
        required=True, allow_none=True, validate=OneOf([reason.value for reason in EndReason])
    )
    scores = fields.List(StrictInteger(validate=Range(0, MAX_SCORE)), required=True,
                         validate=Length(MIN_PLAYERS, MAX_PLAYERS))  # fmt: skip


class GameQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    at = QueryInteger(validate=Range(1, MAX_VERSION))
    """A version the game had: the game as it was then."""


class EventsQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    after = QueryInteger(load_default=0, validate=Range(0, MAX_EVENT_SEQ))
    limit = QueryInteger(load_default=DEFAULT_EVENTS_PAGE, validate=Range(1, MAX_EVENTS_PAGE))


class StreamQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    after = QueryInteger(load_default=0, validate=Range(0, MAX_EVENT_SEQ))


def cursor_field() -> fields.String:
    """A page's ``cursor``: one this service gave (opaque to the client)."""
    return fields.String(
        validate=[
            Length(1, MAX_CURSOR_LENGTH),
            FullMatch(CURSOR_PATTERN, "must be a cursor this service gave"),
        ]
    )


class ListGamesQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    cursor = cursor_field()
    limit = QueryInteger(load_default=DEFAULT_GAMES_PAGE, validate=Range(1, MAX_GAMES_PAGE))
    status = fields.String(validate=OneOf([status.value for status in Status]))


class LeaderboardQuerySchema(Schema):
    """``GET /v1/ratings/leaderboard``: a page of the pool's players, highest first."""

    class Meta:
        unknown = EXCLUDE

    page = QueryInteger(load_default=1, validate=Range(1, MAX_LEADERBOARD_PAGE))
    per_page = QueryInteger(
        load_default=DEFAULT_LEADERBOARD_PAGE_SIZE, validate=Range(1, MAX_LEADERBOARD_PAGE_SIZE)
    )


class PredictedSeatSchema(Schema):
    """A prospective table's seat: a player of the pool (by the app's reference) or a bot level."""

    player = fields.String(validate=PLAYER_REFERENCE)
    bot = fields.String(validate=[Length(1, 32), FullMatch(r"^[a-z][a-z0-9_]{0,31}$", "is a level's name")])

    @validates_schema
    def one_of_them(self, data: dict[str, Any], **_: Any) -> None:
        if ("player" in data) == ("bot" in data):
            raise ValidationError("names a player or a bot level, one of the two", "_schema")


class PredictionSchema(Schema):
    """``POST /v1/ratings/predictions``."""

    seats = fields.List(
        fields.Nested(PredictedSeatSchema), required=True, validate=Length(MIN_PLAYERS, MAX_PLAYERS)
    )


class PlayerInPathSchema(Schema):
    """A path's player reference (``/v1/players/{player}/...``)."""

    player = fields.String(required=True, validate=PLAYER_REFERENCE)


class PlayerTurnsQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    cursor = fields.String(
        validate=[
            Length(24, MAX_TURNS_CURSOR_LENGTH),
            FullMatch(TURNS_CURSOR_PATTERN, "must be a cursor this service gave"),
        ]
    )
    limit = QueryInteger(load_default=DEFAULT_GAMES_PAGE, validate=Range(1, MAX_GAMES_PAGE))


class CreateWebhookSchema(Schema):
    url = fields.String(required=True, validate=Length(1, MAX_URL_LENGTH))
    events = fields.List(fields.String(validate=OneOf(EVENT_TYPES)), validate=Length(1, len(EVENT_TYPES)))


class ListDeliveriesQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    cursor = cursor_field()
    limit = QueryInteger(load_default=DEFAULT_DELIVERIES_PAGE, validate=Range(1, MAX_DELIVERIES_PAGE))


class LegalMovesQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    player = QueryInteger(validate=Range(0, MAX_SEAT))


class HintQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    level = BotLevelField(required=True)
    player = QueryInteger(validate=Range(0, MAX_SEAT))


move_schema = MoveSchema()

_MOVE_FIELDS = frozenset(MoveSchema._declared_fields)
_ACTIONS = {action.value: action for action in Action}
_ROWS = {colour.value: colour for colour in COLOURS}


def quick_move(payload: Any) -> Move | None:
    """The move of a body that is plainly valid, as ``move_schema.load`` would give it, without
    marshmallow (docs/PERFORMANCE.md); None for anything else, which then goes through
    ``move_schema`` for the same answer or its errors (tests/api/test_moves_on_every_store.py)."""
    if type(payload) is not dict or not _MOVE_FIELDS.issuperset(payload):
        return None
    player, action, row = payload.get("player"), payload.get("action"), payload.get("row")
    tiles = payload.get("tiles", [])
    if type(player) is float and player.is_integer():
        player = int(player)
    if type(player) is not int or not 0 <= player <= MAX_SEAT or type(action) is not str:
        return None
    if action not in _ACTIONS or (row is not None and (type(row) is not str or row not in _ROWS)):
        return None
    if type(tiles) is not list or len(tiles) > MAX_TILES_PER_MOVE:
        return None
    for tile in tiles:
        if type(tile) is not str or not 1 <= len(tile) <= MAX_TILE_CODE_LENGTH:
            return None
    return Move(player, _ACTIONS[action], _ROWS[row] if row is not None else None, tuple(tiles))


_date_time = DateTime()
_RECORD_FIELDS = frozenset(GameRecordSchema._declared_fields)
_ROUND_FIELDS = frozenset(RecordRoundSchema._declared_fields)
_RECORDED_MOVE_FIELDS = frozenset(RecordedMoveSchema._declared_fields)
_PLAYER_FIELDS = frozenset(RecordPlayerSchema._declared_fields)
_HOLDER_FIELDS = frozenset(RecordHolderSchema._declared_fields)
_STATUSES = frozenset(status.value for status in Status)
_END_REASONS = frozenset(reason.value for reason in EndReason)


def quick_record(payload: Any) -> dict[str, Any] | None:
    """A record that is plainly valid, as ``game_record_schema.load`` would give it, without marshmallow
    (whose nested fields cost a record about twice what replaying it costs: docs/PERFORMANCE.md);
    None for anything else, which then goes through ``game_record_schema`` for the same answer or its
    errors (tests/api/test_api_records.py holds the two to one answer)."""
    if type(payload) is not dict or payload.keys() != _RECORD_FIELDS or payload["format"] != RECORD_FORMAT:
        return None
    players, rounds, clock = payload["players"], payload["rounds"], payload["clock"]
    if type(players) is not list or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        return None
    seated = [_quick_player(player) for player in players]
    if None in seated:
        return None
    if clock is not None:  # read as the schema reads it
        try:
            clock = clock_settings(clock, shown=True)
        except InvalidClock:
            return None
    if type(rounds) is not list or not 1 <= len(rounds) <= MAX_RECORD_ROUNDS:
        return None
    played = [_quick_round(recorded) for recorded in rounds]
    winners, end_reason, scores = payload["winners"], payload["end_reason"], payload["scores"]
    if (
        None in played
        or type(payload["status"]) is not str
        or payload["status"] not in _STATUSES
        or (end_reason is not None and (type(end_reason) is not str or end_reason not in _END_REASONS))
    ):
        return None
    if not _whole(payload["target_score"], 1, MAX_TARGET_SCORE) or not _wholes(
        winners, 0, MAX_PLAYERS, MAX_SEAT
    ):
        return None
    if not _wholes(scores, MIN_PLAYERS, MAX_PLAYERS, MAX_SCORE):
        return None
    return {**payload, "players": seated, "rounds": played, "clock": clock}


def _quick_player(player: Any) -> dict[str, Any] | None:
    if type(player) is not dict or "name" not in player or not _PLAYER_FIELDS.issuperset(player):
        return None
    name, bot = player["name"], player.get("bot")
    if type(name) is not str or not is_player_name(name):
        return None
    if bot is not None and (type(bot) is not str or not 1 <= len(bot) <= MAX_BOT_NAME_LENGTH):
        return None
    holders = player.get("holders")
    if holders is None:
        return {"name": name, "bot": bot, "holders": None}
    if type(holders) is not list or not 1 <= len(holders) <= MAX_RECORD_HOLDERS:
        return None
    held = [_quick_holder(holder) for holder in holders]
    return None if None in held else {"name": name, "bot": bot, "holders": held}


def _quick_holder(holder: Any) -> dict[str, Any] | None:
    if type(holder) is not dict or not {"name", "from_version"} <= holder.keys() <= _HOLDER_FIELDS:
        return None
    name, until, left = holder["name"], holder.get("until_version"), holder.get("left", False)
    if (
        type(name) is not str
        or not is_player_name(name)
        or not _whole(holder["from_version"], 1, MAX_VERSION)
    ):
        return None
    if (until is not None and not _whole(until, 1, MAX_VERSION)) or type(left) is not bool:
        return None
    return {"name": name, "from_version": holder["from_version"], "until_version": until, "left": left}


def _quick_round(recorded: Any) -> dict[str, Any] | None:
    if type(recorded) is not dict or recorded.keys() != _ROUND_FIELDS:
        return None
    hands, box, moves = recorded["hands"], recorded["box"], recorded["moves"]
    if not _whole(recorded["round"], 1, MAX_RECORD_ROUNDS) or not _whole(recorded["starter"], 0, MAX_SEAT):
        return None
    if type(hands) is not list or not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
        return None
    if not all(hand is None or _codes(hand, MAX_HAND_SIZE) for hand in hands) or not (
        box is None or _codes(box, MAX_BOX_SIZE)
    ):
        return None
    if type(moves) is not list or len(moves) > MAX_RECORD_MOVES_PER_ROUND:
        return None
    played = [_quick_recorded_move(move) for move in moves]
    if None in played:
        return None
    return {**recorded, "hands": [None if hand is None else list(hand) for hand in hands],
            "box": None if box is None else list(box), "moves": played}  # fmt: skip


def _quick_recorded_move(recorded: Any) -> dict[str, Any] | None:
    if type(recorded) is not dict or "seat" not in recorded or "move" not in recorded:
        return None
    if not _RECORDED_MOVE_FIELDS.issuperset(recorded) or not _whole(recorded["seat"], 0, MAX_SEAT):
        return None
    move, at, timed_out = quick_move(recorded["move"]), recorded.get("at"), recorded.get("timed_out", False)
    takes_back = recorded.get("takes_back")
    if (
        move is None
        or (at is not None and (type(at) is not str or len(at) > MAX_TIME_LENGTH or not _is_date_time(at)))
        or type(timed_out) is not bool
        or (takes_back is not None and not _whole(takes_back, 0, MAX_RECORD_MOVES_PER_ROUND - 1))
    ):
        return None
    return {
        "seat": recorded["seat"],
        "move": move,
        "at": at,
        "timed_out": timed_out,
        "takes_back": takes_back,
    }


def _is_date_time(value: str) -> bool:
    try:
        _date_time(value)
    except ValidationError:
        return False
    return True


def _whole(value: Any, least: int, most: int) -> bool:
    return type(value) is int and least <= value <= most


def _wholes(values: Any, shortest: int, longest: int, most: int) -> bool:
    return (
        type(values) is list
        and shortest <= len(values) <= longest
        and all(_whole(value, 0, most) for value in values)
    )


def _codes(values: Any, longest: int) -> bool:
    return (
        type(values) is list
        and len(values) <= longest
        and all(type(code) is str and 1 <= len(code) <= MAX_TILE_CODE_LENGTH for code in values)
    )


create_game_schema = CreateGameSchema()
create_table_schema = CreateTableSchema()
adjudicate_schema = AdjudicateSchema()
events_query_schema = EventsQuerySchema()
list_games_query_schema = ListGamesQuerySchema()
player_turns_query_schema = PlayerTurnsQuerySchema()
player_in_path_schema = PlayerInPathSchema()
create_webhook_schema = CreateWebhookSchema()
list_deliveries_query_schema = ListDeliveriesQuerySchema()
stream_query_schema = StreamQuerySchema()
legal_moves_query_schema = LegalMovesQuerySchema()
hint_query_schema = HintQuerySchema()
game_record_schema = GameRecordSchema()
seat_holder_schema = SeatHolderSchema()
invitation_schema = InvitationSchema()
make_offer_schema = MakeOfferSchema()
answer_offer_schema = AnswerOfferSchema()
game_query_schema = GameQuerySchema()
leaderboard_query_schema = LeaderboardQuerySchema()
prediction_schema = PredictionSchema()

REQUEST_BODY_SCHEMAS: dict[str, Schema] = {
    "CreateGameRequest": create_game_schema,
    "CreateTableRequest": create_table_schema,
    "Move": move_schema,
    "AdjudicateRequest": adjudicate_schema,
    "CreateWebhookRequest": create_webhook_schema,
    "GameRecord": game_record_schema,
    "SeatHolderRequest": seat_holder_schema,
    "InvitationRequest": invitation_schema,
    "MakeOfferRequest": make_offer_schema,
    "AnswerOfferRequest": answer_offer_schema,
    "PredictionRequest": prediction_schema,
}
"""Contract component name -> the schema that loads it (the drift test walks this)."""

QUERY_SCHEMAS: dict[str, Schema] = {
    "listGames": list_games_query_schema,
    "listEvents": events_query_schema,
    "streamEvents": stream_query_schema,
    "listLegalMoves": legal_moves_query_schema,
    "getHint": hint_query_schema,
    "getGame": game_query_schema,
    "listDeliveries": list_deliveries_query_schema,
    "listPlayerTurns": player_turns_query_schema,
    "getLeaderboard": leaderboard_query_schema,
}
"""operationId -> the schema that loads its query parameters."""
