"""JSON in and out, the same way everywhere.

Output is compact and pure ASCII (``ensure_ascii``), so a lone surrogate a client sent
in a name survives the round trip through any store or log as an escape, never as
bytes that cannot be encoded. Input refuses what JSON does not have (NaN, Infinity)
and documents nested deeper than ``MAX_DEPTH``: a hostile body nested a thousand
levels deep would otherwise make a later recursive walk (repr, re-encoding) fail
with RecursionError.
"""

from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 64
_encoder = json.JSONEncoder(separators=(",", ":"), ensure_ascii=True)


def dumps(value: Any) -> str:
    return _encoder.encode(value)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def loads(text: str | bytes) -> Any:
    """Parse strict JSON; raise ValueError for anything else, including nesting over ``MAX_DEPTH``."""
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError as error:
        raise ValueError(f"nested deeper than {MAX_DEPTH} levels") from error
    _check_depth(value)
    return value


def _check_depth(value: Any) -> None:
    """Walk containers iteratively (so the walk itself cannot recurse too deep)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        if depth > MAX_DEPTH:
            raise ValueError(f"nested deeper than {MAX_DEPTH} levels")
        stack.extend((child, depth + 1) for child in item if isinstance(child, (dict, list)))
