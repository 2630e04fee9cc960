"""Lua scripts whose keys and arguments have names, and the one way to call each.

A script declares the names of its KEYS and ARGV in order (and of a trailing list of
arguments); its source starts with ``local <name> = KEYS[i]`` for each, so the body uses
names only, and a call is built from the same names (``Script.call``): every declared key
(from a mapping that may name more, such as all of a game's keys), and exactly the
declared arguments. Positions are written once, by this module: the Lua and the
Python cannot disagree about them. tests/store/test_scripts.py checks every script.

A script lives in ``lua/<name>.lua``, read whole: a header of comment lines says what it does
and declares its names (``-- keys:``, ``-- args:``, ``-- rest:``), the functions it calls
(``-- uses:``, each in ``lua/functions/<function>.lua``) and its ``-- flags:``; the body
follows (``Script.load``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from service.store.client_apps import CLOCK_DISORDER, LIMIT_FIELDS

LUA = Path(__file__).with_name("lua")
CONSTANTS: Mapping[str, object] = {
    "LIMIT_NAMES": ", ".join(f"'{name}'" for name in LIMIT_FIELDS),
    "CLOCK_DISORDER": CLOCK_DISORDER,
}
"""The Python values a Lua file names as ``__NAME__``: written once, here."""
HEADER = re.compile(r"-- (keys|args|rest|uses|flags):(.*)")
"""A header line that declares something: its kind and the names, space-separated."""


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

    @classmethod
    def load(cls, name: str, folder: Path = LUA) -> Script:
        """The script of ``<folder>/<name>.lua`` (by default this package's ``lua/``), with the
        functions its header names (from ``<folder>/functions/``)."""
        declared: dict[str, list[str]] = {"keys": [], "args": [], "rest": [], "uses": [], "flags": []}
        body = []
        for line in _text(folder / f"{name}.lua").splitlines():
            found = HEADER.fullmatch(line)
            if found is None:
                body.append(line)
            else:
                declared[found.group(1)] += found.group(2).split()
        functions = tuple(_text(folder / "functions" / f"{used}.lua") for used in declared["uses"])
        rest = declared["rest"][0] if declared["rest"] else None
        flags = " ".join(declared["flags"])
        names = tuple(declared["keys"]), tuple(declared["args"])
        return cls(name, *names, "\n".join(body), rest, functions, flags)

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


def _text(path: Path) -> str:
    """A Lua file's text, each ``__NAME__`` of ``CONSTANTS`` replaced by its value; a name left
    unreplaced is an error now, not a Lua syntax error at the first call."""
    text = path.read_text()
    for name, value in CONSTANTS.items():
        text = text.replace(f"__{name}__", str(value))
    left = re.search(r"__[A-Z_]+__", text)
    if left is not None:
        raise ValueError(f"{path.name} names the constant {left.group()}, which it was not given")
    return text
