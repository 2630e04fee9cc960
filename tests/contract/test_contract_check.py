"""``make contract-check``: the breaking changes it finds, what it lets grow, and the announcement that lets a
break pass.

Optic itself runs four times (the released contract against itself passes, a copy with a new code, event
type and optional field passes, a copy without an operation and a code fails until a major release announces
both); the rest are the enum reader and the CHANGELOG rule on small documents.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from harness.contract_check import (
    CURRENT,
    ENUM_RULE,
    BreakingChange,
    _flagged,
    changelog_section,
    check,
    enum_changes,
    newest_release,
    refusals,
    releases,
)

RELEASED = newest_release()
RELEASED_DOC: dict[str, Any] = yaml.safe_load(RELEASED.read_text())
SAMPLE = RELEASED.with_name("v1.3.0.yaml")
"""The release the checker's own tests run Optic over: a real contract, and a fixed one (Optic's diff of
the newest takes three times as long, and grows with every release; ``make contract-check`` runs the
whole check against the newest)."""
SAMPLE_DOC: dict[str, Any] = yaml.safe_load(SAMPLE.read_text())
CHANGELOG_1_1 = (
    "# Changelog\n\n## 1.1.0 (2027-01-15)\n\n### Breaking\n- `EndReason` gains `abandoned`\n\n## 1.0.0\n"
)


def _schemas(document: dict[str, Any]) -> dict[str, Any]:
    schemas: dict[str, Any] = document["components"]["schemas"]
    return schemas


def _grown(document: dict[str, Any]) -> dict[str, Any]:
    """The released contract as a compatible release could grow it: a problem code (on a status that had
    others), an event type, a webhook event type, a bot level, a round's end reason, an optional field."""
    grown = copy.deepcopy(document)
    schemas = _schemas(grown)
    schemas["ProblemCode"]["enum"].append("table_closed")
    schemas["MoveConflictProblem"]["allOf"][1]["properties"]["code"]["anyOf"][0]["enum"].append("table_closed")
    schemas["EventType"]["enum"].append("table_closed")
    schemas["TableClosed"] = {
        "type": "object",
        "required": ["type", "seat"],
        "properties": {"type": {"const": "table_closed"}, "seat": {"$ref": "#/components/schemas/Seat"}},
    }
    schemas["SequencedTableClosed"] = {
        "allOf": [{"$ref": "#/components/schemas/TableClosed"}, {"$ref": "#/components/schemas/Sequence"}]
    }
    schemas["Event"]["oneOf"].insert(-1, {"$ref": "#/components/schemas/TableClosed"})
    schemas["SequencedEvent"]["oneOf"].insert(-1, {"$ref": "#/components/schemas/SequencedTableClosed"})
    schemas["WebhookEventType"]["enum"].append("game.paused")
    schemas["BotLevel"]["enum"].append("master")
    schemas["RoundScoredReason"]["enum"].append("timed_out")
    schemas["GameView"]["properties"]["table"] = {"type": ["object", "null"], "maxProperties": 10}
    return grown


def test_what_an_open_set_grows_by_is_compatible() -> None:
    assert enum_changes(RELEASED_DOC, _grown(RELEASED_DOC)) == []


@pytest.mark.parametrize(
    ("schema", "value"), [("Colour", "purple"), ("GameStatus", "paused"), ("TilesRemoved", "glue")]
)
def test_a_value_added_to_a_closed_set_is_a_change_of_its_schema(schema: str, value: str) -> None:
    document = copy.deepcopy(RELEASED_DOC)
    closed = _schemas(document)[schema]
    (closed.get("properties", {}).get("purple") or closed)["enum"].append(value)
    (change,) = enum_changes(RELEASED_DOC, document)
    assert change.named_as == schema and f'"{value}" added' in change.what


def test_a_removed_value_or_branch_and_a_closed_set_are_changes() -> None:
    document = copy.deepcopy(RELEASED_DOC)
    schemas = _schemas(document)
    schemas["ProblemCode"]["enum"].remove("not_ascending")
    schemas["MoveConflictProblem"]["allOf"][1]["properties"]["code"]["anyOf"][0]["enum"].remove(
        "concurrent_update"
    )
    schemas["Event"]["oneOf"].remove({"$ref": "#/components/schemas/Passed"})
    schemas["Refusal"]["properties"]["code"]["anyOf"].remove({"$ref": "#/components/schemas/LaterValue"})
    changes = enum_changes(RELEASED_DOC, document)
    found = {(change.named_as, change.what.split(": ", 1)[1]) for change in changes}
    assert found == {
        ("ProblemCode", '"not_ascending" removed'),
        ("MoveConflictProblem", '"concurrent_update" removed'),
        ("Event", '{"$ref": "#/components/schemas/Passed"} removed'),
        ("Refusal", '{"$ref": "#/components/schemas/LaterValue"} removed'),
    }


def test_a_new_branch_of_a_closed_union_is_a_change_and_examples_are_not_read() -> None:
    document = copy.deepcopy(RELEASED_DOC)
    _schemas(document)["Verdict"]["oneOf"].append({"type": "null"})
    document["components"]["examples"]["createGame.threePlayers"]["value"]["enum"] = ["not", "a", "schema"]
    assert [change.named_as for change in enum_changes(RELEASED_DOC, document)] == ["Verdict"]


def test_a_closed_enum_opened_keeps_its_values() -> None:
    closed = {"components": {"schemas": {"Thing": {"properties": {"reason": {"enum": ["a", "b"]}}}}},
              "paths": {"/t": {"get": {"responses": {"200": {"content": {"application/json": {
                  "schema": {"$ref": "#/components/schemas/Thing"}}}}}}}}}  # fmt: skip
    opened, narrowed = copy.deepcopy(closed), copy.deepcopy(closed)
    later = {"type": "string", "maxLength": 64}
    _schemas(opened)["Thing"]["properties"]["reason"] = {"anyOf": [{"enum": ["a", "b"]}, later]}
    _schemas(narrowed)["Thing"]["properties"]["reason"] = {"anyOf": [{"enum": ["a"]}, later]}
    assert enum_changes(closed, opened) == []
    assert [change.what for change in enum_changes(closed, narrowed)] == [
        "enum at components/schemas/Thing/properties/reason: replaced"
    ]


def test_the_releases_are_named_by_their_versions_and_openapi_yaml_is_the_newest() -> None:
    versions = [yaml.safe_load(path.read_text())["info"]["version"] for path in releases()]
    assert [path.name for path in releases()] == [f"v{version}.yaml" for version in versions]
    assert versions[:3] == ["1.0.0", "1.1.0", "1.2.0"]
    assert yaml.safe_load(CURRENT.read_text())["info"]["version"] == versions[-1]


def test_a_copy_with_a_new_code_event_type_and_field_passes_the_whole_check(tmp_path: Path) -> None:
    current, changelog = tmp_path / "openapi.yaml", tmp_path / "CHANGELOG.md"
    current.write_text(yaml.safe_dump(_grown(SAMPLE_DOC), sort_keys=False))
    changelog.write_text("# Changelog\n")
    assert check(SAMPLE, current, changelog) == 0


def _listing(*statuses: str) -> dict[str, Any]:
    return {"paths": {"/v1/games": {"get": {"parameters": [{"schema": {"enum": list(statuses)}}]}}}}


def test_an_inline_enum_of_an_operation_is_named_by_its_operation() -> None:
    (change,) = enum_changes(_listing("playing", "finished"), _listing("playing"))
    assert change.named_as == "GET /v1/games"


def test_a_breaking_change_passes_only_with_a_raised_version_and_a_section_naming_it() -> None:
    change = [BreakingChange("EndReason", "enum value added")]
    assert refusals([], "1.0.0", "1.0.0", "") == []
    assert "not above the released 1.0.0" in refusals(change, "1.0.0", "1.0.0", CHANGELOG_1_1)[0]
    assert "no `## 1.2.0` section" in refusals(change, "1.0.0", "1.2.0", CHANGELOG_1_1)[0]
    assert refusals(change, "1.0.0", "1.1.0", CHANGELOG_1_1) == []
    unnamed = refusals([*change, BreakingChange("POST /v1/games", "")], "1.0.0", "1.1.0", CHANGELOG_1_1)
    assert unnamed == ["CHANGELOG.md's `## 1.1.0` section does not name POST /v1/games"]


def test_a_section_ends_at_the_next_version() -> None:
    section = changelog_section(CHANGELOG_1_1, "1.1.0")
    assert section is not None and "EndReason" in section and "1.0.0" not in section
    assert changelog_section(CHANGELOG_1_1, "1.1") is None


def test_the_released_contract_against_itself_passes(tmp_path: Path) -> None:
    changelog = tmp_path / "CHANGELOG.md"
    changelog.write_text("# Changelog\n")
    assert check(SAMPLE, SAMPLE, changelog) == 0


def test_a_removed_operation_and_a_removed_code_fail_until_announced(tmp_path: Path, capsys: Any) -> None:
    document = copy.deepcopy(SAMPLE_DOC)
    del document["paths"]["/v1/games/{game_id}/snapshot"]
    _schemas(document)["ProblemCode"]["enum"].remove("concurrency_limited")
    current, changelog = tmp_path / "openapi.yaml", tmp_path / "CHANGELOG.md"
    current.write_text(yaml.safe_dump(document))
    changelog.write_text("# Changelog\n")
    assert check(SAMPLE, current, changelog) == 1
    said = capsys.readouterr().out
    assert "x GET /v1/games/{game_id}/snapshot: removed" in said
    assert 'x ProblemCode: enum at components/schemas/ProblemCode: "concurrency_limited" removed' in said
    version = SAMPLE_DOC["info"]["version"]
    assert f"FAILED: info.version {version} is not above the released {version}" in said
    document["info"]["version"] = "2.0.0"
    current.write_text(yaml.safe_dump(document))
    changelog.write_text(
        "## 2.0.0\n### Breaking\n- `GET /v1/games/{game_id}/snapshot` is gone\n- `ProblemCode` loses one\n"
    )
    assert check(SAMPLE, current, changelog) == 0


OPTIC_REPORT = """\
✔ GET /v1/bots: added

x GET /healthz:
  - response 500:
    - body application/problem+json:
      - property /schema/properties/code: changed
        x [request and response property enums] cannot add enum options 'bot_seat' from 'code' property.
x DELETE /v1/games/{game_id}:
  - response 404:
      - property /schema/properties/code: changed
        x [request and response property enums] cannot add enum options 'bot_seat' from 'code' property.
      - property /schema/properties/game: removed
        x [response property removal] cannot remove response property 'game'.
x GET /v1/games/{game_id}/snapshot: removed
  - response 200:
        x [response property removal] cannot remove response property 'hand'.

Rerun this command with the --web flag
"""


def test_an_operation_flagged_only_for_enum_values_is_left_to_the_enum_reader() -> None:
    found = {operation: (rules, properties) for operation, rules, properties in _flagged(OPTIC_REPORT)}
    assert found["GET /healthz"] == ({ENUM_RULE}, set())  # named by its enum (ProblemCode) instead
    assert found["DELETE /v1/games/{game_id}"] == ({ENUM_RULE, "response property removal"}, {"game"})
    removed = found["GET /v1/games/{game_id}/snapshot"]  # counts, and naming the operation is enough
    assert removed == ({"response property removal"}, set())


def test_an_announced_operation_lets_only_the_changes_it_names_pass() -> None:
    change = BreakingChange("POST /v1/games", "flagged by Optic", frozenset({"table"}))
    section = "## 1.1.0\n- `POST /v1/games`: `players` takes bot seats\n"
    assert refusals([change], "1.0.0", "1.1.0", section) == [
        "CHANGELOG.md's `## 1.1.0` section does not name POST /v1/games and `table`"
    ]
    assert refusals([change], "1.0.0", "1.1.0", section + "- `POST /v1/games`: `table` is required\n") == []
