"""The rooms of service/ and what each may import: the walls are the "may import" column of
docs/ARCHITECTURE.md's table, read here, so the document and the test cannot disagree. Outside
service/, the folders that share the harness (bench/, reliability/, harness/) take nothing from
tests/, and each one's modules import each other without a cycle."""

from __future__ import annotations

import ast
import re
import sys
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SERVICE = REPO / "service"
ARCHITECTURE = REPO / "docs" / "ARCHITECTURE.md"
ANYTHING = "anything"
TOOLS = ("bench", "reliability", "harness")
"""The development's folders beside tests/: tests import them, never the other way round."""


def walls() -> dict[str, tuple[str, ...] | None]:
    """Each room's or shared module's path (under service/) -> what it may import; None: anything."""
    found: dict[str, tuple[str, ...] | None] = {}
    for line in ARCHITECTURE.read_text().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        named = re.fullmatch(r"`service/([\w/.]+?)/?`", cells[0]) if len(cells) == 3 else None
        if named is not None:
            may = cells[2]
            found[named.group(1)] = None if may == ANYTHING else tuple(re.findall(r"`([\w.]+)`", may))
    return found


WALLS = walls()


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def outside_the_wall(path: Path, allowed: tuple[str, ...]) -> list[str]:
    return sorted(
        name
        for name in imported(path)
        if name.split(".")[0] not in sys.stdlib_module_names
        and name != "__future__"
        and not any(name == room or name.startswith(room + ".") for room in allowed)
    )


def modules(room: str) -> list[Path]:
    place = SERVICE / room
    return [place] if place.suffix == ".py" else sorted(place.rglob("*.py"))


def test_the_table_names_every_room_and_shared_module() -> None:
    rooms = {path.name for path in SERVICE.iterdir() if path.is_dir() and not path.name.startswith("__")}
    shared = {path.name for path in SERVICE.glob("*.py") if path.name != "__init__.py"}
    assert set(WALLS) == rooms | shared


@pytest.mark.parametrize("room", sorted(name for name, allowed in WALLS.items() if allowed is not None))
def test_each_room_imports_only_what_it_may(room: str) -> None:
    allowed = WALLS[room]
    assert allowed is not None
    own = "service." + room.removesuffix(".py").replace("/", ".")
    crossings = {
        str(path.relative_to(SERVICE)): outside_the_wall(path, (own, *allowed)) for path in modules(room)
    }
    assert {path: names for path, names in crossings.items() if names} == {}


def test_the_rules_import_nothing_but_the_standard_library() -> None:
    assert WALLS["rules"] == ()


def calls_named(name: str) -> list[str]:
    """Where service/ calls ``name(...)`` (a class made, a function called), as ``path:line``."""
    found = []
    for path in sorted(SERVICE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call):
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if called == name:
                    found.append(f"{path.relative_to(SERVICE)}:{node.lineno}")
    return found


def test_one_place_builds_what_the_store_saves_and_one_loop_retries() -> None:
    """Every change of a game goes through ``play.commit``: it alone builds a ``Save``, and its loop is
    the only one that decides a change of a game again after a lost race. A table (a game not yet
    dealt, ``play.tables``) and a rating pool (``play.rating_games``) are documents of their own, each
    with its own loop in its one module: the three are the only readers of a MAX_ATTEMPTS."""
    assert [where.split(":")[0] for where in calls_named("Save")] == ["play/commit.py"]
    readers = {path.relative_to(SERVICE).as_posix() for path in SERVICE.rglob("*.py")
               if "MAX_ATTEMPTS" in path.read_text()}  # fmt: skip
    assert readers == {"play/commit.py", "play/tables.py", "play/rating_games.py"}
    assert {where.split(":")[0] for where in calls_named("save_table")} == {"play/tables.py"}
    assert [where.split(":")[0] for where in calls_named("save")] == ["play/commit.py"]


@pytest.mark.parametrize("folder", TOOLS)
def test_the_tools_take_nothing_from_the_tests(folder: str) -> None:
    """At any depth: inside a function or under ``TYPE_CHECKING`` too (``imported`` walks it all)."""
    reaching = {
        str(path.relative_to(REPO)): sorted(name for name in imported(path) if name.split(".")[0] == "tests")
        for path in sorted((REPO / folder).rglob("*.py"))
    }
    assert {path: names for path, names in reaching.items() if names} == {}


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_among(path: Path, modules: set[str]) -> set[str]:
    """Which of ``modules`` the file imports, at any depth (``from bench import run`` names ``bench.run``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
    return found & modules


@pytest.mark.parametrize("folder", TOOLS)
def test_the_tools_modules_import_each_other_without_a_cycle(folder: str) -> None:
    """A cycle is a module that cannot be read alone: what two modules share goes into a third."""
    paths = {module_name(path): path for path in sorted((REPO / folder).rglob("*.py"))}
    graph = {name: imports_among(path, set(paths)) - {name} for name, path in paths.items()}
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as cycle:
        pytest.fail(f"an import cycle: {' -> '.join(cycle.args[1])}")
