"""``make contract-check``: the breaking changes it finds, and the announcement that lets them pass.

Optic itself runs twice (a removed operation fails, the released contract against itself
passes); the rest are the enum reader and the CHANGELOG rule on small documents.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

from harness.contract_check import (
    ENUM_RULE,
    RELEASED,
    BreakingChange,
    _flagged,
    changelog_section,
    check,
    enum_changes,
    refusals,
)

RELEASED_DOC: dict[str, Any] = yaml.safe_load(RELEASED.read_text())
CHANGELOG_1_1 = (
    "# Changelog\n\n## 1.1.0 (2027-01-15)\n\n### Breaking\n- `EndReason` gains `abandoned`\n\n## 1.0.0\n"
)


def _with_end_reasons(*reasons: str) -> dict[str, Any]:
    document = copy.deepcopy(RELEASED_DOC)
    document["components"]["schemas"]["EndReason"]["enum"] = list(reasons)
    return document


def test_a_value_added_to_or_removed_from_an_enum_is_a_change_of_its_schema() -> None:
    added = enum_changes(RELEASED_DOC, _with_end_reasons("hand_emptied", "target_reached", "abandoned"))
    removed = enum_changes(RELEASED_DOC, _with_end_reasons("hand_emptied"))
    assert [change.named_as for change in added] == ["EndReason"] and '"abandoned" added' in added[0].what
    assert [change.named_as for change in removed] == ["EndReason"] and "removed" in removed[0].what


def test_a_new_oneof_branch_is_a_change_and_examples_are_not_read() -> None:
    document = copy.deepcopy(RELEASED_DOC)
    document["components"]["schemas"]["StreamFrame"]["oneOf"].append({"type": "null"})
    document["components"]["examples"]["CreatedGame"]["value"]["enum"] = ["not", "a", "schema"]
    assert [change.named_as for change in enum_changes(RELEASED_DOC, document)] == ["StreamFrame"]


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
    assert check(RELEASED, RELEASED, changelog) == 0


def test_optic_fails_a_removed_operation_until_it_is_announced(tmp_path: Path, capsys: Any) -> None:
    document = copy.deepcopy(RELEASED_DOC)
    del document["paths"]["/v1/games/{game_id}/snapshot"]
    current, changelog = tmp_path / "openapi.yaml", tmp_path / "CHANGELOG.md"
    current.write_text(yaml.safe_dump(document))
    changelog.write_text("# Changelog\n")
    assert check(RELEASED, current, changelog) == 1
    said = capsys.readouterr().out
    assert "x GET /v1/games/{game_id}/snapshot: removed" in said
    assert "FAILED: info.version 1.0.0 is not above the released 1.0.0" in said
    document["info"]["version"] = "2.0.0"
    current.write_text(yaml.safe_dump(document))
    changelog.write_text("## 2.0.0\n### Breaking\n- `GET /v1/games/{game_id}/snapshot` is gone\n")
    assert check(RELEASED, current, changelog) == 0


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
