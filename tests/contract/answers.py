"""What the contract says each operation may answer: every status, and the problem codes of each.

Read from openapi.yaml itself, so that the functional tests hold every response they
provoke to the contract directly (tests/api/conftest.py) and nothing restates it.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from service.api.contract import load_contract
from service.api.problems import ApiCode

Answers = dict[int, frozenset[str]]

ANY_REQUEST: Answers = {
    400: frozenset({ApiCode.BAD_REQUEST}),
    404: frozenset({ApiCode.NOT_FOUND}),
    405: frozenset({ApiCode.METHOD_NOT_ALLOWED}),
}
"""Answers that come before any operation is chosen: routing, and HTTP-level refusals (the prose)."""


def resolve(node: Any) -> Any:
    """Follow ``$ref``s within the contract's components."""
    components = load_contract().document["components"]
    while isinstance(node, dict) and "$ref" in node:
        *_, section, name = node["$ref"].split("/")
        node = components[section][name]
    return node


def enum_values(schema: Any) -> frozenset[str]:
    """The strings a schema allows: its enum, or the union of its alternatives' (anyOf, oneOf)."""
    schema = resolve(schema)
    if "enum" in schema:
        return frozenset(schema["enum"])
    parts = schema.get("anyOf") or schema.get("oneOf") or []
    return frozenset(value for part in parts for value in enum_values(part))


def problem_codes(response: dict[str, Any]) -> frozenset[str]:
    """The codes a problem response's schema allows (its own narrowing of ``Problem.code``)."""
    schema = resolve(resolve(response)["content"]["application/problem+json"]["schema"])
    for part in schema.get("allOf", [schema]):
        code = resolve(part).get("properties", {}).get("code")
        if code is not None and enum_values(code):
            return enum_values(code)
    raise AssertionError(f"no code enum in {schema}")


@cache
def operation_answers() -> dict[str, Answers]:
    """operationId -> {status: the problem codes it may carry (none for a success)}."""
    found = {}
    for _, _, operation in load_contract().operations():
        responses = operation["responses"]
        found[operation["operationId"]] = {
            int(status): problem_codes(response) if int(status) >= 400 else frozenset()
            for status, response in responses.items()
        }
    return found


@cache
def header_patterns() -> dict[tuple[str, int], dict[str, re.Pattern[str]]]:
    """(operationId, status) -> {header name in lower case: the pattern its schema gives it}."""
    found: dict[tuple[str, int], dict[str, re.Pattern[str]]] = {}
    for _, _, operation in load_contract().operations():
        for status, response in operation["responses"].items():
            headers = resolve(response).get("headers", {})
            found[(operation["operationId"], int(status))] = {
                name.lower(): re.compile(schema["pattern"])
                for name, header in headers.items()
                if "pattern" in (schema := resolve(resolve(header).get("schema", {})))
            }
    return found
