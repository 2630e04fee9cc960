"""No drift between openapi.yaml and the code: one fails when the other changes alone.

Checked both ways: the routes and methods, the operation ids, the problem codes (the
contract's enum is exactly what the service emits; which operation answers what is
checked on every response the functional tests provoke, tests/api/conftest.py), the
request schemas (fields, required, types, nullability, ranges, lengths, enums, patterns, date-time
formats, defaults; nested objects field by field, in lists too),
the query parameters, the header and path formats, the constants the prose quotes, and
that every example in the contract is valid against its own schema.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import jsonschema_rs
import pytest
from marshmallow import RAISE, Schema, fields, missing
from marshmallow.validate import Equal, Length, OneOf, Range
from schemathesis.specs.openapi.definitions import OPENAPI_31_VALIDATOR

from service.api import inputs
from service.api.contract import load_contract, operation_ids, routes
from service.api.idempotency import KEPT_REFUSALS
from service.api.language import LANGUAGES
from service.api.problems import ALL_CODES, PROBLEM_TYPE_BASE
from service.api.schemas import (
    MAX_EVENT_SEQ,
    MAX_EVENTS_PAGE,
    MAX_RECORD_MOVES_PER_ROUND,
    MAX_RECORD_ROUNDS,
    QUERY_SCHEMAS,
    REQUEST_BODY_SCHEMAS,
    DateTime,
    FullMatch,
    SeatField,
    ShownClockField,
    TableSeatField,
)
from service.app import create_app
from service.play import access
from service.play.holders import is_player_reference
from service.play.moves import MAX_EVENTS_PER_ANSWERED_MOVE
from service.play.timeouts import CLOCK_FIELDS, LATER_VALUE_PATTERN, MODE_FIELDS, WHOLE_FIELDS
from service.rules import Illegal
from service.rules.clock import DEFAULT_ABSENT_AFTER, PASS
from service.rules.events import MAX_EVENTS_PER_MOVE
from service.rules.legal import MAX_LEGAL_MOVES
from service.rules.record import Flawed
from service.rules.state import MAX_PLAYERS
from service.rules.tiles import ALL_TILES
from service.settings import Settings
from service.store.base import IDEMPOTENCY_TTL
from service.store.config import Expiry
from service.store.memory import MemoryStore
from tests.contract.answers import ANY_REQUEST, enum_values, operation_answers, problem_codes, resolve

SPEC = load_contract().document
COMPONENTS = SPEC["components"]


APP = create_app(store=MemoryStore())


def spec_operations() -> Iterator[tuple[str, str, dict[str, Any]]]:
    return load_contract().operations()


def flask_routes() -> dict[tuple[str, str], str]:
    return routes(APP)


def test_the_contract_is_a_valid_openapi_31_document() -> None:
    OPENAPI_31_VALIDATOR.validate(SPEC)
    assert SPEC["openapi"].startswith("3.1")


def test_every_route_is_in_the_contract_with_its_methods_and_nothing_else() -> None:
    in_spec = {(path, method) for path, method, _ in spec_operations()}
    assert set(flask_routes()) == in_spec


def test_every_route_has_its_operation_id() -> None:
    ids = operation_ids(APP, load_contract())
    assert set(ids) == set(flask_routes().values())
    assert len(set(ids.values())) == len(ids)


@pytest.mark.parametrize("operation_id", sorted(operation_answers()))
def test_each_problem_answer_names_its_codes(operation_id: str) -> None:
    (operation,) = [op for _, _, op in spec_operations() if op["operationId"] == operation_id]
    for status, response in operation["responses"].items():
        if int(status) >= 400:
            assert problem_codes(response) <= ALL_CODES, (operation_id, status)


def test_the_problem_code_enum_is_exactly_the_codes_the_service_emits() -> None:
    assert enum_values(COMPONENTS["schemas"]["ProblemCode"]) == ALL_CODES
    answers = operation_answers().values()
    emitted = {code for answer in answers for codes in answer.values() for code in codes}
    emitted |= {code for codes in ANY_REQUEST.values() for code in codes}
    assert emitted == set(ALL_CODES)
    assert enum_values(COMPONENTS["schemas"]["IllegalCode"]) == set(Illegal)


def test_a_records_flaw_codes_are_its_own_and_the_engines() -> None:
    """A verdict's ``code`` is a record's flaw or the engine's refusal of one of its moves (unknown_tile
    also for a hand's code): the contract's enum is exactly those."""
    assert enum_values(COMPONENTS["schemas"]["RecordFlawCode"]) == set(Flawed) | set(Illegal)


def test_an_illegal_move_may_carry_every_code_of_the_engine() -> None:
    """The move's 422 lists the engine's codes itself (a flat enum, as generators need): none left out."""
    assert operation_answers()["applyMove"][422] >= set(Illegal)


def _field_type(field: fields.Field) -> str:
    for kind, name in (
        (fields.Boolean, "boolean"),
        (fields.Integer, "integer"),
        (fields.String, "string"),
        (fields.List, "array"),
        (fields.Dict, "object"),
        (fields.Nested, "object"),
    ):
        if isinstance(field, kind):
            return name
    raise AssertionError(f"unmapped field {field!r}")


def _expected_keywords(field: fields.Field) -> dict[str, Any]:
    """The JSON Schema keywords a marshmallow field's validators amount to."""
    kind = _field_type(field)
    expected: dict[str, Any] = {}
    for validator in field.validators:
        if isinstance(validator, Range):
            expected.update(minimum=validator.min, maximum=validator.max)
        elif isinstance(validator, Length):
            low, high = ("minItems", "maxItems") if kind == "array" else ("minLength", "maxLength")
            expected.update({low: validator.min, high: validator.max})
        elif isinstance(validator, OneOf):
            expected["enum"] = [*validator.choices, *([None] if field.allow_none else [])]
        elif isinstance(validator, FullMatch):
            expected["pattern"] = validator.regex.pattern
        elif isinstance(validator, DateTime):
            expected["format"] = "date-time"
        elif isinstance(validator, Equal):
            expected["const"] = validator.comparable
        else:
            raise AssertionError(f"unmapped validator {validator!r}")
    return {key: value for key, value in expected.items() if value is not None}


def _spec_keywords(schema: dict[str, Any]) -> dict[str, Any]:
    keys = ("minimum", "maximum", "minItems", "maxItems", "minLength", "maxLength", "enum", "pattern")
    found = {key: schema[key] for key in (*keys, "const") if key in schema}  # const: an OpenSeat's open
    if schema.get("format") == "date-time":  # a string's format the code checks (an integer's is its range)
        found["format"] = "date-time"
    return found


LATER_VALUE = {"$ref": "#/components/schemas/LaterValue"}
"""The branch that opens a set (docs/VERSIONING.md): what the service accepts is the other branch's enum."""


def _nullable(schema: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """``oneOf: [X, {type: 'null'}]`` (how the contract writes "X or null") -> (X, True); an open set,
    ``anyOf: [X, LaterValue]`` (or null too), -> its known values, X."""
    parts = schema.get("oneOf") or schema.get("anyOf") or []
    others = [part for part in parts if part not in ({"type": "null"}, LATER_VALUE)]
    if parts and len(others) == 1:
        return resolve(others[0]), {"type": "null"} in parts
    return schema, False


def _compare_field(where: str, field: fields.Field, schema: dict[str, Any]) -> None:
    if isinstance(field, SeatField):  # a name, a person's seat or a bot's: oneOf the three shapes
        name, person, bot = (resolve(branch) for branch in resolve(schema)["oneOf"])
        _compare_field(f"{where}(name)", SeatField._name, name)
        _compare_schema(f"{where}(person)", SeatField._person, person)
        _compare_schema(f"{where}(bot)", SeatField._bot, bot)
        return
    if isinstance(field, TableSeatField):  # a table's seat: any seat of a creation's, or an open one
        *taken, left_open = resolve(schema)["oneOf"]
        _compare_field(f"{where}(taken)", TableSeatField._taken, {"oneOf": taken})
        _compare_schema(f"{where}(open)", TableSeatField._open, left_open)
        return
    if isinstance(field, ShownClockField):  # read by the clock's one reader: test_a_records_clock_...
        assert field.required and field.allow_none, where
        return
    schema, nullable = _nullable(resolve(schema))
    if isinstance(field, fields.Nested):  # an object of its own: its fields, one by one
        assert nullable == field.allow_none, where
        _compare_schema(where, field.schema, schema)
        return
    assert nullable == field.allow_none or "enum" in schema, where
    if "enum" not in schema:
        assert schema.get("type") == _field_type(field), where
    keywords = _spec_keywords(schema)
    if nullable and "enum" in keywords:
        keywords["enum"] = [*keywords["enum"], None]
    assert keywords == _expected_keywords(field), where
    default = field.load_default
    if default is not missing:
        assert schema.get("default") == (default() if callable(default) else default), where
    if isinstance(field, fields.List):
        _compare_field(f"{where}[]", field.inner, schema["items"])


def _compare_schema(name: str, schema: Schema, spec: dict[str, Any]) -> None:
    spec = resolve(spec)
    assert set(schema.fields) == set(spec["properties"]), name
    required = {field_name for field_name, field in schema.fields.items() if field.required}
    assert required == set(spec.get("required", [])), name
    assert (schema.unknown == RAISE) == (spec.get("additionalProperties") is False), name
    for field_name, field in schema.fields.items():
        _compare_field(f"{name}.{field_name}", field, spec["properties"][field_name])


def _clock_ranges(spec: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """Each whole-number field's range, wherever its integer branch is (``X`` or ``oneOf: [X, null]``)."""
    ranges = {}
    for name, prop in spec["properties"].items():
        whole, _ = _nullable(prop)
        if whole.get("type") == "integer":
            ranges[name] = (whole["minimum"], whole["maximum"])
    return ranges


def test_the_clock_a_creation_takes_is_the_contracts() -> None:
    """``clock`` is an object the play room reads itself (its refusals are invalid_clock): its fields,
    ranges and defaults are the contract's ClockRequest."""
    spec = COMPONENTS["schemas"]["ClockRequest"]
    assert set(spec["properties"]) == CLOCK_FIELDS and spec["additionalProperties"] is False
    assert _clock_ranges(spec) == WHOLE_FIELDS and not spec.get("required")
    defaults = {name: prop.get("default") for name, prop in spec["properties"].items()}
    assert defaults == {"turn_seconds": None, "bank_seconds": None, "increment_seconds": 0,
                        "on_timeout": PASS, "absent_after": DEFAULT_ABSENT_AFTER}  # fmt: skip


def test_a_records_clock_is_read_as_the_contracts_record_clock() -> None:
    """A record's clock is read by the same reader, as shown: every field, null where the mode has none,
    ``on_timeout`` any later value (the contract's RecordClock)."""
    spec = COMPONENTS["schemas"]["RecordClock"]
    assert set(spec["properties"]) == CLOCK_FIELDS == set(spec["required"])
    assert spec["additionalProperties"] is False and _clock_ranges(spec) == WHOLE_FIELDS
    nullable = {name for name, prop in spec["properties"].items() if _nullable(prop)[1]}
    assert nullable == MODE_FIELDS
    assert LATER_VALUE in spec["properties"]["on_timeout"]["anyOf"]
    assert resolve(LATER_VALUE)["pattern"] == LATER_VALUE_PATTERN


@pytest.mark.parametrize("name", sorted(REQUEST_BODY_SCHEMAS))
def test_request_schemas_match_the_contract(name: str) -> None:
    _compare_schema(name, REQUEST_BODY_SCHEMAS[name], COMPONENTS["schemas"][name])


def _request_schema_names() -> set[str]:
    names = set()
    for _, _, operation in spec_operations():
        body = operation.get("requestBody")
        if body:
            names.add(body["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1])
    return names


def test_every_request_body_of_the_contract_has_its_schema() -> None:
    assert _request_schema_names() == set(REQUEST_BODY_SCHEMAS)


@pytest.mark.parametrize("operation_id", sorted(QUERY_SCHEMAS))
def test_query_parameters_match_the_contract(operation_id: str) -> None:
    (operation,) = [op for _, _, op in spec_operations() if op["operationId"] == operation_id]
    params = {p["name"]: p for p in map(resolve, operation["parameters"]) if p["in"] == "query"}
    schema = QUERY_SCHEMAS[operation_id]
    assert set(params) == set(schema.fields)
    for name, field in schema.fields.items():
        assert params[name].get("required", False) == field.required
        _compare_field(f"{operation_id}?{name}", field, params[name]["schema"])


def test_operations_without_query_schemas_take_no_query() -> None:
    for _, _, operation in spec_operations():
        in_query = [p for p in map(resolve, operation.get("parameters", [])) if p["in"] == "query"]
        assert bool(in_query) == (operation["operationId"] in QUERY_SCHEMAS)


PROBES = [
    "", "*", "1", "12", '"1"', '"12"', 'W/"1"', '"1', '1"', "a", " 1", "1 ", "-1", "1" * 18, "1" * 19,
    '"' + "9" * 18 + '"', "x" * 255, "x" * 256, "é", "ab cd", "\t", "~", "{}", "a" * 22, "a" * 21, "a" * 23,
    "abc_DEF-123456789012345", "abc_DEF-12345678901234", "abc/DEF-12345678901234", "abc{DEF}12345678901234",
]  # fmt: skip


def _spec_accepts(pattern: str, value: str) -> bool:
    return jsonschema_rs.validator_for({"type": "string", "pattern": pattern}).is_valid(value)


def _code_accepts(check: Any, value: str) -> bool:
    """A check accepts by returning (anything but False) and refuses by raising or returning False."""
    try:
        return check(value) is not False
    except Exception:
        return False


@pytest.mark.parametrize(
    ("pattern", "check"),
    [
        (
            COMPONENTS["parameters"]["IfMatch"]["schema"]["pattern"],
            lambda v: inputs.expected_version(v),
        ),
        (
            COMPONENTS["parameters"]["IdempotencyKey"]["schema"]["pattern"],
            lambda v: inputs.idempotency_key(v),
        ),
        (COMPONENTS["schemas"]["GameId"]["pattern"], access.is_game_id),
        (COMPONENTS["schemas"]["PlayerReference"]["pattern"], is_player_reference),
    ],
    ids=["If-Match", "Idempotency-Key", "game_id", "player"],
)
def test_header_and_path_formats_accept_the_same_strings_as_the_code(pattern: str, check: Any) -> None:
    for probe in PROBES:
        assert _spec_accepts(pattern, probe) == _code_accepts(check, probe), repr(probe)


def test_game_ids_the_service_makes_match_the_contract() -> None:
    pattern = COMPONENTS["schemas"]["GameId"]["pattern"]
    assert all(_spec_accepts(pattern, access.new_game_id()) for _ in range(50))


def test_tokens_the_service_issues_match_the_contract() -> None:
    validator = jsonschema_rs.validator_for(COMPONENTS["schemas"]["GameToken"])
    for _ in range(20):
        issued = access.issue_tokens([True, True, False, True])
        assert issued.players[2] is None  # a seat the service plays has no token
        tokens = (issued.admin, *(token for token in issued.players if token), issued.spectator)
        assert all(validator.is_valid(token) for token in tokens)


def _property(schema: str, name: str) -> dict[str, Any]:
    return resolve(COMPONENTS["schemas"][schema]["properties"][name])


def test_the_lists_bounds_are_the_engines() -> None:
    """Every ``maxItems`` of an answer is a bound the engine proves (tests/rules/test_bounds.py) or sets."""
    assert COMPONENTS["schemas"]["Tiles"]["maxItems"] == len(ALL_TILES)
    assert _property("LegalMoves", "moves")["maxItems"] == MAX_LEGAL_MOVES
    assert _property("MoveResult", "events")["maxItems"] == MAX_EVENTS_PER_ANSWERED_MOVE
    assert _property("Adjudged", "events")["maxItems"] == MAX_EVENTS_PER_MOVE
    assert _property("EventsPage", "events")["maxItems"] == MAX_EVENTS_PAGE
    assert _property("Sequence", "seq")["maximum"] == MAX_EVENT_SEQ
    per_seat = [("GameView", "winners"), ("GameView", "hands"), ("GameSummary", "winners")]
    per_seat += [("GameOver", "winners"), ("RoundDealt", "hand_sizes"), ("RoundScored", "minus_points")]
    per_seat += [("RoundScored", "totals"), ("Snapshot", "winners"), ("Snapshot", "players")]
    per_seat += [("GameRecord", "players"), ("GameRecord", "winners"), ("GameRecord", "scores")]
    per_seat += [("RecordRound", "hands"), ("RecordVerdict", "winners"), ("RecordVerdict", "scores")]
    assert {_property(*where)["maxItems"] for where in per_seat} == {MAX_PLAYERS}


def test_a_verdict_points_within_the_records_bounds() -> None:
    verdict = COMPONENTS["schemas"]["RecordVerdict"]["properties"]
    assert verdict["rounds"]["maximum"] == MAX_RECORD_ROUNDS
    assert verdict["round"]["oneOf"][0]["maximum"] == MAX_RECORD_ROUNDS
    assert verdict["move_index"]["oneOf"][0]["maximum"] == MAX_RECORD_MOVES_PER_ROUND


def test_the_prose_quotes_the_constants_of_the_code() -> None:
    prose = SPEC["info"]["description"]
    assert PROBLEM_TYPE_BASE + "<code>" in prose
    assert f"**{Expiry().idle // 86400} days**" in prose
    assert f"**{Expiry().finished // 86400} day**" in prose
    assert f"kept for {IDEMPOTENCY_TTL // 3600} hours" in prose
    assert f"over {Settings().max_body_bytes // 1024} KiB" in prose
    record_mib = Settings().max_record_bytes // (1024 * 1024)
    assert f"may have {record_mib} MiB" in prose
    (verify,) = [op for _, _, op in spec_operations() if op["operationId"] == "verifyRecord"]
    assert f"over {record_mib} MiB" in verify["responses"]["413"]["description"]
    first, second, last = sorted(KEPT_REFUSALS)
    assert f"a {first}, {second} or {last} refusal" in prose
    limits = Settings().limits
    assert f"**requests**: {limits.requests_per_second} per second" in prose
    assert f"**games**: {limits.games_per_minute} game creations per minute" in prose
    assert f"**unfinished games at once**: {limits.max_open_games:,}" in prose
    assert f"({limits.auth_failures_per_minute} per minute;" in prose


def test_the_languages_of_the_contract_are_the_services() -> None:
    assert COMPONENTS["headers"]["ContentLanguage"]["schema"]["enum"] == list(LANGUAGES)
    taking = {op["operationId"] for _, _, op in spec_operations() if _takes_accept_language(op)}
    assert taking == {op["operationId"] for _, _, op in spec_operations()}


def _takes_accept_language(operation: dict[str, Any]) -> bool:
    return {"$ref": "#/components/parameters/AcceptLanguage"} in operation.get("parameters", [])


def _examples() -> Iterator[tuple[str, Any, Any]]:
    """(where, example value, schema) for every example the contract gives."""
    for path, method, operation in spec_operations():
        where = f"{method} {path}"
        media = [("request", operation.get("requestBody", {}).get("content", {}))]
        media += [
            (status, resolve(response).get("content", {}))
            for status, response in operation["responses"].items()
        ]
        for part, content in media:
            for media_type in content.values():
                if "example" in media_type:
                    yield f"{where} {part}", media_type["example"], media_type["schema"]
                for name, example in media_type.get("examples", {}).items():
                    yield f"{where} {part} {name}", resolve(example)["value"], media_type["schema"]


@pytest.mark.parametrize(("where", "example", "schema"), list(_examples()), ids=lambda value: str(value)[:50])
def test_every_example_is_valid_against_its_schema(where: str, example: Any, schema: dict[str, Any]) -> None:
    validator = jsonschema_rs.Draft202012Validator({**schema, "components": COMPONENTS})
    errors = [error.message for error in validator.iter_errors(example)]
    assert not errors, f"{where}: {errors}"
