"""Lua scripts whose keys and arguments have names, and the one way to call each.

A script declares the names of its KEYS and ARGV in order (and of a trailing list of
arguments); its source starts with ``local <name> = KEYS[i]`` for each, so the body uses
names only, and a call is built from the same names (``Script.call``): every declared key
(from a mapping that may name more, such as all of a game's keys), and exactly the
declared arguments. Positions are written once, by this module: the Lua and the
Python cannot disagree about them. tests/store/test_scripts.py checks every script.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Call:
    """One script call: the keys and the arguments in the script's order."""

    script: Script
    keys: list[str]
    args: list[Any]

    def command(self) -> tuple[Any, ...]:
        """``EVALSHA`` with the script's digest (``EVAL`` with its source after a NOSCRIPT)."""
        return ("EVALSHA", self.script.sha, len(self.keys), *self.keys, *self.args)

    def with_source(self) -> tuple[Any, ...]:
        return ("EVAL", self.script.source, len(self.keys), *self.keys, *self.args)


@dataclass(frozen=True)
class Script:
    name: str
    keys: tuple[str, ...]
    args: tuple[str, ...]
    body: str
    rest: str | None = None
    """The name of a Lua table holding every argument after ``args`` (a variable number)."""
    functions: tuple[str, ...] = ()
    """Lua functions the body calls, defined before it."""
    flags: str = ""
    """``allow-oom``: a script that only frees memory may run when Redis is full."""
    source: str = field(init=False)
    sha: str = field(init=False)

    def __post_init__(self) -> None:
        # "#!lua": Redis >= 7 refuses a writing script up front when out of memory, rather than halfway.
        lines = ["#!lua" + (f" flags={self.flags}" if self.flags else ""), *self.functions]
        lines += [f"local {name} = KEYS[{index}]" for index, name in enumerate(self.keys, start=1)]
        lines += [f"local {name} = ARGV[{index}]" for index, name in enumerate(self.args, start=1)]
        if self.rest is not None:
            lines.append(f"local {self.rest} = {{unpack(ARGV, {len(self.args) + 1})}}")
        source = "\n".join([*lines, self.body.strip(), ""])
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "sha", hashlib.sha1(source.encode()).hexdigest())

    def call(self, keys: Mapping[str, str], args: Mapping[str, Any], rest: Sequence[Any] = ()) -> Call:
        """The call with the declared keys (``keys`` may name more) and exactly the declared arguments."""
        if not set(self.keys) <= set(keys) or set(args) != set(self.args):
            raise TypeError(
                f"script {self.name} takes keys {self.keys} and arguments {self.args}, "
                f"not {tuple(keys)} and {tuple(args)}"
            )
        if rest and self.rest is None:
            raise TypeError(f"script {self.name} takes no further arguments")
        return Call(self, [keys[name] for name in self.keys], [*(args[name] for name in self.args), *rest])
