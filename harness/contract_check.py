"""``make contract-check``: openapi.yaml against the newest release, and the announcement a break needs.

Two readers find breaking changes. Optic (``optic diff --check``, locked in clients/typescript)
applies its breaking-change rules operation by operation: a removed operation, parameter or
response property, a new required request field, a narrowed request type, a widened answer.
``enum_changes`` adds what docs/VERSIONING.md counts as breaking and Optic does not see: a value
removed from an ``enum`` or a branch from a ``oneOf`` or ``anyOf``, anywhere, and one added where
the set is closed (``Openness`` says where a set is open: a client generated from the contract reads
a value added there). Optic also skips ``allOf`` branches without a ``type`` (our problems' ``code``
lists): the enum reader sees them.
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
RELEASED_DIR = REPO / "contract" / "released"
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
    """(where, "enum", "oneOf" or "anyOf", the values or branches) for every choice of a document. An enum
    under ``not`` is left out: it is the complement of an open union's known branches, which are read."""
    if isinstance(node, list):
        for index, item in enumerate(node):
            yield from _choices(item, (*pointer, str(index)))
        return
    if not isinstance(node, dict) or pointer[:2] == ("components", "examples") or pointer[-1:] == ("not",):
        return
    if isinstance(node.get("enum"), list):
        yield pointer, "enum", [json.dumps(value) for value in node["enum"]]
    for kind in ("oneOf", "anyOf"):
        if isinstance(node.get(kind), list):
            yield pointer, kind, [_branch(branch) for branch in node[kind]]
    for key, value in node.items():
        if key not in ("example", "examples") and not str(key).startswith("x-"):
            yield from _choices(value, (*pointer, str(key)))


def _branch(branch: Any) -> str:
    """A union's branch as the union reader compares it: an inline enum's values are left to the enum
    reader (a value added to it is not a branch removed and another added)."""
    if isinstance(branch, dict) and "enum" in branch:
        branch = {**branch, "enum": "(read as an enum)"}
    return json.dumps(branch, sort_keys=True)


class Openness:
    """Where a document lets a value or a branch be added without breaking a client generated from it
    (docs/VERSIONING.md, "Open sets"):

    - a set a client sends and never reads (a request's enum);
    - an open set: an ``anyOf`` with a branch for values added later (a plain string, no enum);
    - an open union: a ``oneOf`` or ``anyOf`` with a catch-all branch (an object whose discriminating
      property is a string that excludes the known ones, with ``not``);
    - a named enum whose every use is one of these.
    """

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self.schemas: dict[str, Any] = document.get("components", {}).get("schemas", {})
        self.uses: dict[str, list[tuple[str, ...]]] = {}
        self._collect_uses(document, ())
        self.read = self._read_by_clients()

    def _collect_uses(self, node: Any, pointer: tuple[str, ...]) -> None:
        if isinstance(node, list):
            for index, item in enumerate(node):
                self._collect_uses(item, (*pointer, str(index)))
        elif isinstance(node, dict) and pointer[:2] != ("components", "examples"):
            reference = node.get("$ref")
            if isinstance(reference, str) and reference.startswith(SCHEMA_REF):
                self.uses.setdefault(reference.removeprefix(SCHEMA_REF), []).append(pointer)
            for key, value in node.items():
                self._collect_uses(value, (*pointer, str(key)))

    def _read_by_clients(self) -> set[str]:
        """The component schemas a client may read: reachable from an answer or from a webhook's body."""
        read: set[str] = set()
        pending = {name for name, pointers in self.uses.items() if any(map(_read_root, pointers))}
        while pending:
            name = pending.pop()
            read.add(name)
            pending |= {
                used for used, pointers in self.uses.items()
                if used not in read and any(p[:3] == ("components", "schemas", name) for p in pointers)
            }  # fmt: skip
        return read

    def _read_at(self, pointer: tuple[str, ...]) -> bool:
        if pointer[:2] == ("components", "schemas"):
            return len(pointer) > 2 and pointer[2] in self.read
        return _read_root(pointer)

    def node(self, pointer: tuple[str, ...]) -> Any:
        node: Any = self.document
        for key in pointer:
            node = node[int(key)] if isinstance(node, list) else node[key]
        return node

    def resolve(self, node: Any) -> Any:
        while isinstance(node, dict) and isinstance(node.get("$ref"), str):
            node = self.schemas.get(node["$ref"].removeprefix(SCHEMA_REF), {})
        return node

    def is_later_branch(self, branch: Any) -> bool:
        """A branch for values added later: a string that lists none (``LaterValue``)."""
        branch = self.resolve(branch)
        return branch.get("type") == "string" and "enum" not in branch and "not" not in branch

    def is_catch_all(self, branch: Any) -> bool:
        """A union's branch for kinds added later: an object whose property excludes the known kinds."""
        branch = self.resolve(branch)
        parts = branch.get("allOf", [])
        if parts:
            return any(self.is_catch_all(part) for part in parts)
        properties = branch.get("properties", {})
        return any(isinstance(value, dict) and "not" in value for value in properties.values())

    def accepts_new(self, pointer: tuple[str, ...], kind: str) -> bool:
        """Whether a value (an enum) or a branch (a union) may be added at ``pointer``."""
        if not self._read_at(pointer):
            return True
        node = self.node(pointer)
        if kind in ("oneOf", "anyOf"):
            branches = node[kind]
            return any(self.is_catch_all(branch) or self.is_later_branch(branch) for branch in branches)
        if self._open_use(pointer):
            return True
        named = pointer[:2] == ("components", "schemas") and len(pointer) == 3
        uses = self.uses.get(pointer[2], []) if named else []
        return bool(uses) and all(map(self._open_use, uses))

    def opened(self, pointer: tuple[str, ...], values: list[str]) -> bool:
        """Whether an enum that stood at ``pointer`` is now an open set of at least its values (or the
        place is gone, which Optic judges)."""
        try:
            node = self.node(pointer)
        except (KeyError, IndexError):
            return True
        branches = node.get("anyOf", []) if isinstance(node, dict) else []
        known = {json.dumps(value) for branch in branches for value in self.resolve(branch).get("enum", [])}
        return set(values) <= known and any(self.is_later_branch(branch) for branch in branches)

    def _open_use(self, pointer: tuple[str, ...]) -> bool:
        """An enum (or a reference to one) used where a later value is welcome: beside a later branch
        of an ``anyOf``, under ``not``, or where clients only send it."""
        if not self._read_at(pointer) or pointer[-1:] == ("not",):
            return True
        if len(pointer) >= 2 and pointer[-2] == "anyOf":
            return any(self.is_later_branch(branch) for branch in self.node(pointer[:-1]))
        return False


SCHEMA_REF = "#/components/schemas/"


ANSWER_PARTS = (("components", "responses"), ("components", "headers"))


def _read_root(pointer: tuple[str, ...]) -> bool:
    """A place outside the schemas that clients read: an answer (its body or a header), or a webhook's
    body, which the service sends to its receivers."""
    if pointer[:1] == ("paths",):
        return not _sent_by_clients(pointer)
    return pointer[:1] == ("webhooks",) or pointer[:2] in ANSWER_PARTS


def _sent_by_clients(pointer: tuple[str, ...]) -> bool:
    """A place in an operation that only clients send: its request body or its parameters (a webhook's
    request body is sent by the service: its receivers read it)."""
    return pointer[:1] == ("paths",) and ("requestBody" in pointer or "parameters" in pointer)


def enum_changes(released: dict[str, Any], current: dict[str, Any]) -> list[BreakingChange]:
    """Values added to or removed from an enum, and branches to or from a oneOf or anyOf, where both
    have it; an addition where the current document keeps the set open is compatible (``Openness``)."""
    before = {(where, kind): values for where, kind, values in _choices(released)}
    openness = Openness(current)
    changes = []
    for where, kind, values in _choices(current):
        old = before.get((where, kind))
        if old is None:
            continue  # a new schema or operation: additive, and Optic judges where it is used
        label = "/".join(where)
        added = [value for value in values if value not in old]
        if added and not openness.accepts_new(where, kind):
            changes += [BreakingChange(_owner(where), f"{kind} at {label}: {value} added") for value in added]
        for removed in (value for value in old if value not in values):
            changes.append(BreakingChange(_owner(where), f"{kind} at {label}: {removed} removed"))
    now = {(where, kind) for where, kind, _ in _choices(current)}
    for (where, kind), old in before.items():
        if kind == "enum" and (where, kind) not in now and not openness.opened(where, old):
            changes.append(BreakingChange(_owner(where), f"enum at {'/'.join(where)}: replaced"))
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


def releases() -> list[Path]:
    """The released contracts, oldest first: ``contract/released/v<its info.version>.yaml``."""
    return sorted(RELEASED_DIR.glob("v*.yaml"), key=lambda path: _version(path.stem))


def newest_release() -> Path:
    """What openapi.yaml is held to: each release was held to the one before it when it was made."""
    return releases()[-1]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m harness.contract_check", description=__doc__)
    parser.add_argument("--released", type=Path, help="default: the newest in contract/released")
    parser.add_argument("--current", type=Path, default=CURRENT)
    parser.add_argument("--changelog", type=Path, default=CHANGELOG)
    arguments = parser.parse_args(argv)
    return check(arguments.released or newest_release(), arguments.current, arguments.changelog)


if __name__ == "__main__":
    sys.exit(main())
