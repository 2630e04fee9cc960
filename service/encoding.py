"""JSON in and out, the same way everywhere.

orjson does the work on every request's path (a snapshot read, written and answered per
move): it is several times faster than the standard library. What orjson refuses
but JSON allows goes to the standard library instead: a lone surrogate that a client
sent as ``\ud800`` in a name (kept as that escape, never as bytes that cannot be
encoded) and integers beyond 64 bits. Output is compact UTF-8. Input refuses what JSON
does not have (NaN, Infinity) and documents nested deeper than ``MAX_DEPTH``: a hostile body nested a thousand
levels deep would otherwise make a later recursive walk (repr, re-encoding) fail
with RecursionError.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import orjson

MAX_DEPTH = 64


def dumps(value: Any, default: Callable[[Any], Any] | None = None) -> str:
    """``value`` as compact JSON; ``default`` turns what JSON has no type for into something it has."""
    try:
        return orjson.dumps(value, default=default).decode()
    except TypeError:  # orjson.JSONEncodeError: a lone surrogate, or an integer over 64 bits
        return json.dumps(value, separators=(",", ":"), ensure_ascii=True, default=default)


def loads_trusted(text: str | bytes) -> Any:
    """Parse JSON this service wrote itself: no depth walk needed."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:  # a lone surrogate escape, or an integer over 64 bits
        return json.loads(text)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def loads(text: str | bytes) -> Any:
    """Parse strict JSON; raise ValueError for anything else, including nesting over ``MAX_DEPTH``."""
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        value = _loads_standard(text)
    _check_depth(value)
    return value


def _loads_standard(text: str | bytes) -> Any:
    """The standard library's reading, for what orjson refuses; it has the final word."""
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except RecursionError as error:
        raise ValueError(f"nested deeper than {MAX_DEPTH} levels") from error


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
