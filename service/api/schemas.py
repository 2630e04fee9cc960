"""Request schemas: the wire shapes clients send, turned into values the rules understand.

Each schema is instantiated once, here, at import. The contract (openapi.yaml) states
the same shapes; tests/contract/test_drift.py fails when the two disagree. A schema
checks shape and ranges only: whether a move is legal is the engine's call, so a play
without tiles or a pass with a row reaches the engine and gets its code.
"""

from __future__ import annotations

import re
from typing import Any

from marshmallow import EXCLUDE, Schema, ValidationError, fields, post_load
from marshmallow.validate import Length, OneOf, Range, Validator

from service.play.games import BOT_LEVELS, Seat, check_level
from service.play.webhooks import EVENT_TYPES, MAX_URL_LENGTH
from service.rules import COLOURS, Action, Move, Status
from service.rules.state import (
    DEFAULT_TARGET_SCORE,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MAX_SEED,
    MAX_TARGET_SCORE,
    MIN_PLAYERS,
    NAME_PATTERN,
)

MAX_SEAT = MAX_PLAYERS - 1
MAX_TILE_CODE_LENGTH = 16
MAX_TILES_PER_MOVE = 20
MAX_EVENT_SEQ = 1_000_000_000
MAX_EVENTS_PAGE = 500
DEFAULT_EVENTS_PAGE = 100
MAX_GAMES_PAGE = 100
DEFAULT_GAMES_PAGE = 20
MAX_CURSOR_LENGTH = 20
CURSOR_PATTERN = r"^[0-9]{1,20}$"
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


class StrictInteger(fields.Integer):
    """A JSON Schema integer: a number without a fraction (``3`` or ``3.0``), never a boolean or a string."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


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


class SeatField(fields.Field):  # type: ignore[type-arg]
    """A seat: a person's name, or ``{"name": ..., "bot": <level>}`` for a seat the service plays."""

    _name = fields.String(validate=PLAYER_NAME)
    _bot = BotSeatSchema()

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Seat:
        if isinstance(value, dict):
            seat = self._bot.load(value)
            return Seat(seat["name"], seat["bot"])
        if not isinstance(value, str):
            raise ValidationError("a seat is a player's name or an object {name, bot}")
        return Seat(self._name.deserialize(value))


class CreateGameSchema(Schema):
    players = fields.List(SeatField(), required=True, validate=Length(MIN_PLAYERS, MAX_PLAYERS))
    seed = StrictInteger(validate=Range(0, MAX_SEED))
    target_score = StrictInteger(load_default=DEFAULT_TARGET_SCORE, validate=Range(1, MAX_TARGET_SCORE))
    clock = fields.Dict(load_default=None, allow_none=True)
    """An object read by ``play.timeouts.clock_settings``, whose refusals have a code of their own
    (invalid_clock); its fields are checked against the contract in tests/contract/test_drift.py."""


class AdjudicateSchema(Schema):
    snapshot = fields.Dict(required=True)
    """Checked completely by the engine (``from_snapshot(verify=True)``), which lists every problem."""
    move = fields.Nested(MoveSchema, required=True)


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


create_game_schema = CreateGameSchema()
adjudicate_schema = AdjudicateSchema()
events_query_schema = EventsQuerySchema()
list_games_query_schema = ListGamesQuerySchema()
create_webhook_schema = CreateWebhookSchema()
list_deliveries_query_schema = ListDeliveriesQuerySchema()
stream_query_schema = StreamQuerySchema()
legal_moves_query_schema = LegalMovesQuerySchema()
hint_query_schema = HintQuerySchema()

REQUEST_BODY_SCHEMAS: dict[str, Schema] = {
    "CreateGameRequest": create_game_schema,
    "Move": move_schema,
    "AdjudicateRequest": adjudicate_schema,
    "CreateWebhookRequest": create_webhook_schema,
}
"""Contract component name -> the schema that loads it (the drift test walks this)."""

QUERY_SCHEMAS: dict[str, Schema] = {
    "listGames": list_games_query_schema,
    "listEvents": events_query_schema,
    "streamEvents": stream_query_schema,
    "listLegalMoves": legal_moves_query_schema,
    "getHint": hint_query_schema,
    "listDeliveries": list_deliveries_query_schema,
}
"""operationId -> the schema that loads its query parameters."""
