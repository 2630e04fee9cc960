"""Writing recorded examples into openapi.yaml's text, and touching nothing else of the hand-written file.

Each recorded answer becomes ``components/examples/<operation>.<status>.<name>`` (a request body:
``<operation>.<name>``), written between the markers ``BEGIN`` and ``END``; the media type it belongs
to gets an ``examples`` entry of references to those (the ``examples`` or ``example`` it had is
replaced). A status whose response is a shared one (``$ref: '#/components/responses/NotFound'``)
has its examples on that response. Lines are edited in place: comments, order and quoting of the
rest of the file stay as they were written.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from harness.examples.recorder import Played

BEGIN = "# BEGIN RECORDED EXAMPLES: `make examples` writes this section from real answers (harness/examples)."
END = "# END RECORDED EXAMPLES"
Pointer = tuple[str, ...]


@dataclass(frozen=True)
class Example:
    component: str
    """Its name under ``components/examples``."""
    name: str
    """Its name in the ``examples`` of its media type."""
    summary: str
    value: Any
    media_type: Pointer
    """Where it is shown: the pointer of a media type object in the document."""


def _operation(document: dict[str, Any], operation_id: str) -> tuple[str, str, dict[str, Any]]:
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if isinstance(operation, dict) and operation.get("operationId") == operation_id:
                return path, method, operation
    raise LookupError(f"no operation {operation_id} in the contract")


def response_media_type(document: dict[str, Any], operation_id: str, status: int, media_type: str) -> Pointer:
    """The media type object that documents this answer: the operation's own, or its shared response's."""
    path, method, operation = _operation(document, operation_id)
    response = operation["responses"].get(str(status))
    if response is None:
        raise LookupError(f"{operation_id} does not document {status}")
    if "$ref" in response:
        name = response["$ref"].rsplit("/", 1)[-1]
        where: Pointer = ("components", "responses", name)
        response = document["components"]["responses"][name]
    else:
        where = ("paths", path, method, "responses", str(status))
    if media_type not in response.get("content", {}):
        raise LookupError(f"{operation_id} {status} documents no {media_type} body")
    return (*where, "content", media_type)


def request_media_type(document: dict[str, Any], operation_id: str) -> Pointer | None:
    path, method, operation = _operation(document, operation_id)
    if "requestBody" not in operation:
        return None
    return ("paths", path, method, "requestBody", "content", "application/json")


def examples_of(played: Iterable[Played], document: dict[str, Any]) -> list[Example]:
    found = []
    for each in played:
        step, answer = each.step, each.answer
        request_at = request_media_type(document, step.operation)
        if request_at is not None and step.shows_request and not isinstance(each.request.body, bytes):
            found.append(Example(step.key, step.name, step.summary, each.request.body, request_at))
        value = step.shown(answer.body) if step.shown else answer.body
        at = response_media_type(document, step.operation, answer.status, answer.media_type)
        found.append(
            Example(f"{step.operation}.{answer.status}.{step.name}", step.name, step.summary, value, at)
        )
    return found


class _Dumper(yaml.SafeDumper):
    """Block mappings; a list of plain values on one line (a hand, a row); text with line breaks as ``|``."""


def _represent_list(dumper: yaml.SafeDumper, items: list[Any]) -> yaml.Node:
    plain = all(not isinstance(item, (list, dict)) for item in items)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", items, flow_style=plain)


def _represent_text(dumper: yaml.SafeDumper, text: str) -> yaml.Node:
    style = "|" if "\n" in text else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


_Dumper.add_representer(list, _represent_list)
_Dumper.add_representer(str, _represent_text)


def generated_section(examples: Sequence[Example], indent: int) -> list[str]:
    """The examples as one YAML mapping, indented to sit under ``components/examples``."""
    entries = {
        example.component: {"summary": example.summary, "value": example.value} for example in examples
    }
    text = yaml.dump(entries, Dumper=_Dumper, sort_keys=False, width=110 - indent, allow_unicode=True)
    # A text that ends with blank lines (a stream's frames) is kept with `|+`, after which PyYAML ends
    # the document with `...`: the section goes on with the rest of the file instead.
    lines = [line for line in text.splitlines() if line != "..."]
    return [" " * indent + line if line else line for line in lines]


def _node(root: yaml.MappingNode, pointer: Pointer) -> tuple[yaml.Node, yaml.Node]:
    """The (key, value) nodes at ``pointer``."""
    found: tuple[yaml.Node, yaml.Node] | None = None
    node: yaml.Node = root
    for part in pointer:
        assert isinstance(node, yaml.MappingNode), pointer
        found = next(((key, value) for key, value in node.value if key.value == part), None)
        if found is None:
            raise LookupError(f"no {'/'.join(pointer)} in the contract's text")
        node = found[1]
    assert found is not None
    return found


def _block_end(lines: Sequence[str], start: int, indent: int) -> int:
    """The line after the block that starts at ``start`` with a key at ``indent`` (trailing blank lines
    and comments of a lesser indent are not the block's)."""
    end = start + 1
    last = start
    while end < len(lines):
        stripped = lines[end].strip()
        if stripped:
            if len(lines[end]) - len(lines[end].lstrip()) <= indent:
                break
            last = end
        end += 1
    return last + 1


@dataclass(frozen=True)
class _Edit:
    start: int
    end: int
    lines: list[str]


def _references(
    media_type: Pointer, examples: Sequence[Example], text_lines: Sequence[str], root: Any
) -> list[_Edit]:
    """Replace (or add) the ``examples`` of one media type, and drop its single ``example``."""
    _, value = _node(root, media_type)
    assert isinstance(value, yaml.MappingNode) and value.value, media_type
    indent = value.value[0][0].start_mark.column
    block = [f"{' ' * indent}examples:"]
    for example in examples:
        block += [
            f"{' ' * (indent + 2)}{example.name}:",
            f"{' ' * (indent + 4)}$ref: '#/components/examples/{example.component}'",
        ]
    owned = [
        (key.start_mark.line, key.value) for key, _ in value.value if key.value in ("example", "examples")
    ]
    if not owned:
        last_key = value.value[-1][0].start_mark.line
        at = _block_end(text_lines, last_key, indent)
        return [_Edit(at, at, block)]
    edits = []
    for number, (line, _) in enumerate(sorted(owned)):
        end = _block_end(text_lines, line, indent)
        edits.append(_Edit(line, end, block if number == 0 else []))
    return edits


def rewrite(text: str, examples: Sequence[Example]) -> str:
    """openapi.yaml's text with these examples in its generated section, referenced from their media types."""
    lines = text.splitlines()
    markers = [number for number, line in enumerate(lines) if line.strip() in (BEGIN, END)]
    if len(markers) != 2 or lines[markers[0]].strip() != BEGIN:
        raise LookupError(
            f"openapi.yaml needs the two marker lines under components/examples:\n{BEGIN}\n{END}"
        )
    begin, end = markers
    indent = len(lines[begin]) - len(lines[begin].lstrip())
    edits = [_Edit(begin + 1, end, generated_section(examples, indent))]
    root = yaml.compose(text)
    by_media_type: dict[Pointer, list[Example]] = {}
    for example in examples:
        by_media_type.setdefault(example.media_type, []).append(example)
    for media_type, shown in by_media_type.items():
        names = [example.name for example in shown]
        if len(set(names)) != len(names):
            raise ValueError(f"two examples of {'/'.join(media_type)} have one name: {names}")
        edits += _references(media_type, shown, lines, root)
    for edit in sorted(edits, key=lambda edit: edit.start, reverse=True):
        lines[edit.start : edit.end] = edit.lines
    return "\n".join(lines) + "\n"
