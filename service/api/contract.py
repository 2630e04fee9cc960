"""The committed contract (openapi.yaml), read once at startup: served as YAML and JSON, and read by the code.

The file ships inside the package (``service/api/openapi.yaml`` links to the one at
the repository's top, and setuptools copies the target into wheels), so an installed
service serves the very contract it was tested against. What the contract states, the
code reads rather than restates: each route's ``operationId`` (the label of its metrics).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

import yaml
from flask import Flask

from service.encoding import dumps

IMPLICIT_METHODS = frozenset({"HEAD", "OPTIONS"})
"""Methods Flask answers by itself on every route; the contract does not list them."""


@dataclass(frozen=True, slots=True)
class Contract:
    yaml_text: str
    document: dict[str, Any]
    json_text: str

    def operations(self) -> Iterator[tuple[str, str, dict[str, Any]]]:
        """(path, METHOD, operation) for every operation of the contract."""
        for path, item in self.document["paths"].items():
            for method, operation in item.items():
                yield path, method.upper(), operation


@cache
def load_contract() -> Contract:
    text = files("service.api").joinpath("openapi.yaml").read_text(encoding="utf-8")
    document = yaml.safe_load(text)
    return Contract(text, document, dumps(document))


def routes(app: Flask) -> dict[tuple[str, str], str]:
    """(path as the contract writes it, METHOD) -> endpoint, for every route of ``app`` but static files."""
    found = {}
    for rule in app.url_map.iter_rules():
        if rule.endpoint.endswith("static"):
            continue
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
        for method in (rule.methods or set()) - IMPLICIT_METHODS:
            found[(path, method)] = rule.endpoint
    return found


def credentialed(app: Flask, contract: Contract) -> frozenset[str]:
    """The endpoints of the operations that take credentials (a ``security`` of their own)."""
    endpoints = routes(app)
    return frozenset(
        endpoints[(path, method)]
        for path, method, operation in contract.operations()
        if operation.get("security") and (path, method) in endpoints
    )


def operation_ids(app: Flask, contract: Contract) -> dict[str, str]:
    """Endpoint -> the contract's ``operationId`` for the same path and method."""
    endpoints = routes(app)
    return {
        endpoints[(path, method)]: operation["operationId"]
        for path, method, operation in contract.operations()
        if (path, method) in endpoints
    }
