"""``make contract-check``: openapi.yaml against the released contract, and the announcement a break needs.

Two readers find breaking changes. Optic (``optic diff --check``, locked in clients/typescript)
applies its breaking-change rules operation by operation: a removed operation, parameter or
response property, a new required request field, a narrowed request type, a widened answer.
``enum_changes`` adds what docs/VERSIONING.md counts as breaking and Optic does not: any value
added to or removed from an ``enum``, and any ``oneOf`` branch added or removed, anywhere (a
generated client's enums are strict, and most of ours travel both ways). Optic also skips
``allOf`` branches without a ``type`` (our problems' ``code`` narrowings): the enum reader sees them.
Optic reads both documents without their examples, which are no part of their shape.

A breaking change passes only when ``info.version`` is raised above the released one and
CHANGELOG.md has a ``## <that version>`` section naming each change: the operation
(``POST /v1/games``) for Optic's, with each property its findings name (```table```), the schema
(``EndReason``) or operation for an enum's. An operation Optic flags only for enum values is left
to the enum reader, which names the enum itself.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parent.parent
RELEASED = REPO / "contract" / "released" / "v1.yaml"
CURRENT = REPO / "openapi.yaml"
CHANGELOG = REPO / "CHANGELOG.md"
OPTIC = REPO / "clients" / "typescript" / "node_modules" / ".bin" / "optic"
OPTIC_NOISE = "invalid allOf variant"
"""Optic's warning for each ``allOf`` branch it skips (see above): hundreds of lines, nothing to act on."""
FLAGGED_OPERATION = re.compile(r"^x (GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS) (\S+?):(.*)$", re.MULTILINE)
FINDING = re.compile(r"^\s+x \[([^\]]+)\](.*)$", re.MULTILINE)
"""One of Optic's findings under an operation: ``x [<its rule>] <what>``, naming properties in quotes."""
ENUM_RULE = "request and response property enums"
"""Optic's rule for enum values, which ``enum_changes`` reads too and names by the enum's own schema."""
METHODS = frozenset({"get", "put", "post", "delete", "patch", "head", "options", "trace"})


@dataclass(frozen=True, slots=True)
class BreakingChange:
    named_as: str
    """What the CHANGELOG section must name: an operation (``POST /v1/games``) or a schema."""
    what: str
    properties: frozenset[str] = frozenset()
    """The properties Optic's findings name (``table``), which the section must name too, in backticks: an
    operation announced for one change does not let another of its changes pass."""

    def named_in(self, section: str) -> bool:
        return self.named_as in section and all(f"`{name}`" in section for name in self.properties)


@dataclass(frozen=True, slots=True)
class OpticReport:
    changes: list[BreakingChange]
    text: str


def without_examples(node: Any, parent: str = "") -> Any:
    """A document without its examples (``example``, ``examples``, ``components/examples``), which are not its
    shape: Optic would list every recorded example as a change of its operation."""
    if isinstance(node, list):
        return [without_examples(item) for item in node]
    if not isinstance(node, dict):
        return node
    dropped = () if parent == "properties" else ("example", "examples")
    return {key: without_examples(value, key) for key, value in node.items() if key not in dropped}


def optic_changes(released: dict[str, Any], current: dict[str, Any]) -> OpticReport:
    """Optic's verdict on the two documents (without their examples): the operations it flags, and its
    report without its noise."""
    if not OPTIC.exists():
        raise SystemExit(f"{OPTIC.relative_to(REPO)} is missing: run `make node-modules`")
    with tempfile.TemporaryDirectory(prefix="restart-contract-check-") as folder:
        paths = [Path(folder) / "released.yaml", Path(folder) / "openapi.yaml"]
        for path, document in zip(paths, (released, current), strict=True):
            path.write_text(yaml.safe_dump(without_examples(document), sort_keys=False))
        return _optic(*paths)


def _optic(released: Path, current: Path) -> OpticReport:
    command = [str(OPTIC), "diff", str(released), str(current), "--check", "--validation", "loose"]
    env = {**os.environ, "OPTIC_TELEMETRY_LEVEL": "off", "NO_COLOR": "1", "FORCE_COLOR": "0"}
    ran = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    warnings = [line for line in ran.stderr.splitlines() if line.strip() and OPTIC_NOISE not in line]
    text = "\n".join([*warnings, ran.stdout.rstrip()])
    findings = list(_flagged(ran.stdout))
    if ran.returncode != 0 and not findings:
        raise SystemExit(f"optic failed (exit {ran.returncode}) without naming a change:\n{text}")
    changes = [
        BreakingChange(operation, "flagged by Optic (above)", frozenset(properties))
        for operation, rules, properties in findings
        if rules - {ENUM_RULE}
    ]
    return OpticReport(changes, text)


def _flagged(report: str) -> Iterator[tuple[str, set[str], set[str]]]:
    """Each operation Optic flags, with the rules of its findings and the properties those name. An
    operation flagged only for enum values is left to ``enum_changes``, which names the enum
    (``ProblemCode``): a value added to an enum every problem shares would otherwise make every
    operation a change to announce, and an announcement naming them all would let any other break
    of theirs pass unseen."""
    starts = list(FLAGGED_OPERATION.finditer(report))
    ends = [following.start() for following in starts[1:]] + [len(report)] if starts else []
    for start, end in zip(starts, ends, strict=True):
        block = re.split(r"^\S", report[start.end() : end], maxsplit=1, flags=re.MULTILINE)[0]
        findings = FINDING.findall(block)
        rules = {rule for rule, _ in findings} or {"(no finding named)"}
        removed = start[3].strip() == "removed"  # the operation itself: naming it is enough
        properties = {
            name
            for rule, what in findings
            if rule != ENUM_RULE and not removed
            for name in re.findall(r"'([^']+)'", what)
        }
        yield f"{start[1]} {start[2]}", rules, properties


def _owner(pointer: tuple[str, ...]) -> str:
    """The name a reader of CHANGELOG.md knows a place by: its component, or its operation."""
    if pointer[:1] == ("components",) and len(pointer) >= 3:
        return pointer[2]
    if pointer[:1] == ("paths",) and len(pointer) >= 3 and pointer[2] in METHODS:
        return f"{pointer[2].upper()} {pointer[1]}"
    return "/".join(pointer[:2])


def _choices(node: Any, pointer: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], str, list[str]]]:
    """(where, "enum" or "oneOf", the values or branches) for every enum and oneOf of a document."""
    if isinstance(node, list):
        for index, item in enumerate(node):
            yield from _choices(item, (*pointer, str(index)))
        return
    if not isinstance(node, dict) or pointer[:2] == ("components", "examples"):
        return
    if isinstance(node.get("enum"), list):
        yield pointer, "enum", [json.dumps(value) for value in node["enum"]]
    if isinstance(node.get("oneOf"), list):
        yield pointer, "oneOf", [json.dumps(branch, sort_keys=True) for branch in node["oneOf"]]
    for key, value in node.items():
        if key not in ("example", "examples") and not str(key).startswith("x-"):
            yield from _choices(value, (*pointer, str(key)))


def enum_changes(released: dict[str, Any], current: dict[str, Any]) -> list[BreakingChange]:
    """Values added to or removed from an enum, and branches to or from a oneOf, where both have it."""
    before = {(where, kind): values for where, kind, values in _choices(released)}
    changes = []
    for where, kind, values in _choices(current):
        old = before.get((where, kind))
        if old is None:
            continue  # a new schema or operation: additive, and Optic judges where it is used
        label = "/".join(where)
        for added in (value for value in values if value not in old):
            changes.append(BreakingChange(_owner(where), f"{kind} at {label}: {added} added"))
        for removed in (value for value in old if value not in values):
            changes.append(BreakingChange(_owner(where), f"{kind} at {label}: {removed} removed"))
    return changes


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text)[:3])


def changelog_section(changelog: str, version: str) -> str | None:
    """The text of CHANGELOG.md's ``## <version>`` section (up to the next ``## ``), or None."""
    heading = re.compile(rf"^## \[?{re.escape(version)}\]?(?=[\s(]|$).*$", re.MULTILINE)
    found = heading.search(changelog)
    if found is None:
        return None
    rest = changelog[found.end() :]
    following = re.search(r"^## ", rest, re.MULTILINE)
    return rest[: following.start()] if following else rest


def refusals(
    changes: Sequence[BreakingChange], released_version: str, version: str, changelog: str
) -> list[str]:
    """Why these breaking changes may not pass as they stand; empty when they are announced."""
    if not changes:
        return []
    if _version(version) <= _version(released_version):
        return [f"info.version {version} is not above the released {released_version}: raise it"]
    section = changelog_section(changelog, version)
    if section is None:
        return [f"CHANGELOG.md has no `## {version}` section announcing the breaking changes"]
    unnamed = sorted({_naming(change) for change in changes if not change.named_in(section)})
    return [f"CHANGELOG.md's `## {version}` section does not name {name}" for name in unnamed]


def _naming(change: BreakingChange) -> str:
    return " and ".join([change.named_as, *(f"`{name}`" for name in sorted(change.properties))])


def check(released: Path, current: Path, changelog: Path) -> int:
    released_doc, current_doc = (yaml.safe_load(path.read_text()) for path in (released, current))
    report = optic_changes(released_doc, current_doc)
    print(f"Optic, {released} against {current} (both without their examples):\n{report.text}")
    choices = enum_changes(released_doc, current_doc)
    for change in choices:
        print(f"x {change.named_as}: {change.what}")
    changes = report.changes + choices
    released_version, version = released_doc["info"]["version"], current_doc["info"]["version"]
    refused = refusals(changes, released_version, version, changelog.read_text())
    if not changes:
        print(f"contract-check: no breaking change against {released.name} ({released_version})")
    elif not refused:
        names = ", ".join(sorted({change.named_as for change in changes}))
        print(f"contract-check: breaking changes announced in {version}: {names}")
    for reason in refused:
        print(f"contract-check: FAILED: {reason}")
    return 1 if refused else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m harness.contract_check", description=__doc__)
    parser.add_argument("--released", type=Path, default=RELEASED)
    parser.add_argument("--current", type=Path, default=CURRENT)
    parser.add_argument("--changelog", type=Path, default=CHANGELOG)
    arguments = parser.parse_args(argv)
    return check(arguments.released, arguments.current, arguments.changelog)


if __name__ == "__main__":
    sys.exit(main())
