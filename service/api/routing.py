"""Which operation a request asks for, known before any handler runs (``service.api.admission``).

Built once from Flask's own map (its rules are the one list of routes) and the contract
(each route's ``operationId`` and whether it takes credentials): one regular expression
holds every rule, so a request is routed by one match, and Flask routes it again only
when Flask answers it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from flask import Flask

from service.api.contract import IMPLICIT_METHODS
from service.api.metrics import UNMATCHED

_PARAMETER = re.compile(r"<(?:(\w+):)?(\w+)>")
_PATTERNS = {"path": ".+", "int": "[0-9]+", None: "[^/]+"}
"""Werkzeug's converters as the rules here use them."""


@dataclass(frozen=True, slots=True)
class Route:
    """An operation of the app, as a request's method and path reach it."""

    operation: str
    """The contract's ``operationId`` (the metrics' label), else the endpoint's name, else ``unmatched``."""
    endpoint: str | None
    """The Flask endpoint whose view answers; None when Flask answers by itself (OPTIONS, 404, 405)."""
    credentialed: bool
    """The operation takes credentials (the contract gives it a ``security``)."""
    game_segment: int | None
    """Where the path holds ``{game_id}``, counted in ``path.split("/")``."""

    def game_id(self, path: str) -> str | None:
        return None if self.game_segment is None else path.split("/")[self.game_segment]


NO_ROUTE = Route(UNMATCHED, None, False, None)


class Router:
    def __init__(self, app: Flask, operation_ids: dict[str, str], credentialed: frozenset[str]) -> None:
        """``operation_ids``: endpoint -> its ``operationId``; ``credentialed``: the endpoints that take
        credentials."""
        self.by_method: list[dict[str, Route]] = []
        patterns: dict[str, int] = {}
        for rule in app.url_map.iter_rules():
            index = patterns.setdefault(rule.rule, len(patterns))
            if index == len(self.by_method):
                self.by_method.append({})
            segments = rule.rule.split("/")
            game_segment = segments.index("<game_id>") if "<game_id>" in segments else None
            route = Route(
                operation_ids.get(rule.endpoint, rule.endpoint),
                rule.endpoint,
                rule.endpoint in credentialed,
                game_segment,
            )
            for method in (rule.methods or set()) - IMPLICIT_METHODS:
                self.by_method[index][method] = route
                if method == "GET":
                    self.by_method[index]["HEAD"] = route
            # Flask answers OPTIONS by itself (or CORS, a preflight): no view runs, no credential is read.
            self.by_method[index].setdefault("OPTIONS", replace(route, endpoint=None, credentialed=False))
        alternatives = (
            f"(?P<r{index}>{_PARAMETER.sub(lambda found: _PATTERNS[found.group(1)], re.escape(rule))})"
            for rule, index in patterns.items()
        )
        self.expression = re.compile("|".join(alternatives))

    def route(self, method: str, path: str) -> Route:
        """The operation ``method`` and ``path`` ask for; ``NO_ROUTE`` when none (Flask: 404, 405)."""
        found = self.expression.fullmatch(path)
        if found is None or found.lastgroup is None:
            return NO_ROUTE
        return self.by_method[int(found.lastgroup[1:])].get(method, NO_ROUTE)
