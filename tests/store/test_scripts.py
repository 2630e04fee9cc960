"""Every Lua script of the store, against the names it declares (``service.store.redis.scripts``).

A script's body reads its keys and arguments by name only; every name it declares is used;
Redis compiles it as the store sends it; a call must name exactly the declared keys and
arguments. Each script's builder is exercised on every topology by the store contract tests.
Every script is its file in ``lua/``, read whole: no Lua is left in a Python string, and no
file in ``lua/`` is left unused.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import service
from harness.redis_server import RedisServer
from service.store.redis import RedisStore
from service.store.redis.scripts import HEADER, LUA, Script

SCRIPTS = {script.name: script for script in RedisStore.SCRIPTS}
LUA_IN_PYTHON = re.compile(r"\bredis\.p?call\(|\bredis\.error_reply\(|\bcjson\.")
"""What only Lua says: a script's call into Redis, its error reply, its JSON."""


def test_every_script_has_its_own_name() -> None:
    assert len(SCRIPTS) == len(RedisStore.SCRIPTS)


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_a_body_reads_keys_and_arguments_by_name_only(name: str) -> None:
    script = SCRIPTS[name]
    assert not re.search(r"\b(KEYS|ARGV)\s*\[", script.body + "".join(script.functions)), name


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_every_declared_name_is_used(name: str) -> None:
    script = SCRIPTS[name]
    declared = [*script.keys, *script.args, *([script.rest] if script.rest else [])]
    unused = [item for item in declared if not re.search(rf"\b{item}\b", script.body)]
    assert unused == [], f"{name} declares {unused} and never reads them"


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_redis_compiles_each_script_as_sent(name: str, redis_server: RedisServer) -> None:
    with redis_server.client() as client:
        assert client.script_load(SCRIPTS[name].source) == SCRIPTS[name].sha


def test_a_call_names_exactly_the_declared_keys_and_arguments() -> None:
    script = Script(
        "demo", keys=("game",), args=("version",), rest="texts", body="return {game, version, texts}"
    )
    call = script.call({"game": "g"}, {"version": 2}, ["a", "b"])
    assert (call.keys, call.args) == (["g"], [2, "a", "b"])
    assert call.command() == ("EVALSHA", script.sha, 1, "g", 2, "a", "b")
    assert script.call({"game": "g", "events": "e"}, {"version": 2}).keys == ["g"]  # keys it does not take
    with pytest.raises(TypeError, match="takes keys"):
        script.call({"events": "e"}, {"version": 2})
    with pytest.raises(TypeError, match="takes keys"):
        script.call({"game": "g"}, {})
    with pytest.raises(TypeError, match="takes keys"):
        script.call({"game": "g"}, {"version": 2, "extra": 1})
    with pytest.raises(TypeError, match="no further"):
        Script("plain", keys=("k",), args=(), body="return k").call({"k": "x"}, {}, ["extra"])
    assert script.source.splitlines()[1:4] == [
        "local game = KEYS[1]",
        "local version = ARGV[1]",
        "local texts = {unpack(ARGV, 2)}",
    ]


def test_no_lua_is_left_in_a_python_string() -> None:
    found = [
        f"{path.relative_to(Path(service.__file__).parent)}:{number}"
        for path in sorted(Path(service.__file__).parent.rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if LUA_IN_PYTHON.search(line)
    ]
    assert found == [], f"Lua belongs in service/store/redis/lua/, not in {found}"


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_every_script_is_its_file_read_whole(name: str) -> None:
    assert SCRIPTS[name] == Script.load(name), f"{name} is not lua/{name}.lua"


def test_every_lua_file_is_a_script_of_the_store() -> None:
    files = sorted(path.stem for path in LUA.glob("*.lua"))
    assert files == sorted(SCRIPTS), "a file in lua/ that no script loads, or a script with no file"


def test_every_function_is_used_by_a_script() -> None:
    used = {
        function
        for path in LUA.glob("*.lua")
        for found in map(HEADER.fullmatch, path.read_text().splitlines())
        if found is not None and found.group(1) == "uses"
        for function in found.group(2).split()
    }
    assert sorted(path.stem for path in (LUA / "functions").glob("*.lua")) == sorted(used)
