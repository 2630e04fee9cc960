"""The rooms of service/ and what each may import (docs/ARCHITECTURE.md): crossing a wall fails here."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

SERVICE = Path(__file__).resolve().parent.parent / "service"

ALLOWED: dict[str, tuple[str, ...]] = {
    "rules": ("service.rules",),
    "store": ("service.store", "service.greenlets", "redis", "hiredis"),
    "play": ("service.play", "service.rules", "service.store", "service.encoding"),
    "api": (
        "service.api", "service.play", "service.rules", "service.store", "service.encoding",
        "service.settings", "service.greenlets", "flask", "werkzeug", "marshmallow", "prometheus_client",
        "yaml", "gunicorn", "babel", "gevent",
    ),
    "web": (),  # static files only: the page's code is JavaScript
}  # fmt: skip
"""Per room, the packages it may import besides the standard library."""


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def outside_the_room(path: Path, allowed: tuple[str, ...]) -> list[str]:
    return sorted(
        name
        for name in imported(path)
        if name.split(".")[0] not in sys.stdlib_module_names
        and name != "__future__"
        and not any(name == room or name.startswith(room + ".") for room in allowed)
    )


@pytest.mark.parametrize("room", sorted(ALLOWED))
def test_each_room_imports_only_what_it_may(room: str) -> None:
    crossings = {
        str(path.relative_to(SERVICE)): outside_the_room(path, ALLOWED[room])
        for path in sorted((SERVICE / room).rglob("*.py"))
    }
    assert {path: names for path, names in crossings.items() if names} == {}


def test_the_shared_modules_depend_on_no_room_but_configuration() -> None:
    assert outside_the_room(SERVICE / "encoding.py", ()) == ["orjson"]
    assert outside_the_room(SERVICE / "settings.py", ("service.store.config", "service.play.limits")) == []
