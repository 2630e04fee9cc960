"""What a move's save script costs Redis, alone: ``python -m bench.save_script [--against REV]``.

One move's save on a single server (``COMMIT``: the owner's request counted, the move saved,
its deadline indexed) is captured from the service playing on a private Redis, then sent again
and again, the game's version put back before each, and ``INFO commandstats`` tells the
microseconds Redis spent in ``EVALSHA`` per call (the commands it ran included). With
``--against REV`` the script as that commit wrote it (its ``service/store/redis/lua/``; a commit
from the one that put the scripts there on) is replayed too, rounds alternating: what a change of
the script saved. Each figure is the median of its rounds.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from bench.instructions import REPO, call, service_requests
from harness.redis_server import RedisServer
from service.store.redis.connection import RedisConnection
from service.store.redis.games import COMMIT
from service.store.redis.scripts import Call, Script

LUA = "service/store/redis/lua"


def script_at(rev: str) -> Script:
    """The commit script as ``rev`` wrote it (its Lua files, read from git)."""
    listed = subprocess.run(["git", "ls-tree", "-r", "--name-only", rev, LUA], cwd=REPO, check=True,
                            capture_output=True, text=True).stdout.split()  # fmt: skip
    if not listed:
        raise SystemExit(f"{rev} has no {LUA}: its scripts were written in Python then")
    with tempfile.TemporaryDirectory() as scratch:
        for path in listed:
            text = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=REPO, check=True,
                                  capture_output=True, text=True).stdout  # fmt: skip
            target = Path(scratch) / Path(path).relative_to(LUA)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
        return Script.load(COMMIT.name, Path(scratch))


def captured_save(redis_url: str, moves: int = 200) -> Call:
    """A move's save the service sent, ``moves`` moves into its games."""
    seen: list[Call] = []
    run = RedisConnection._run

    def spy(connection: RedisConnection, script_call: Call) -> Any:
        if script_call.script is COMMIT:
            seen.append(script_call)
        return run(connection, script_call)

    RedisConnection._run = spy  # type: ignore[method-assign]
    try:
        app, requests = service_requests(redis_url)
        for _, env in zip(range(moves), requests, strict=False):
            call(app, env)
    finally:
        RedisConnection._run = run  # type: ignore[method-assign]
    return seen[-1]


def per_call_us(redis: Any, script: Script, save: Call, times: int) -> float:
    redis.script_load(script.source)
    redis.config_resetstat()
    game, expected = save.keys[0], save.args[0]
    for _ in range(times):
        redis.hset(game, "version", expected)
        reply = redis.evalsha(script.sha, len(save.keys), *save.keys, *save.args)
        if not (isinstance(reply, list) and reply[1] == int(expected) + 1):
            raise SystemExit(f"the save was not made: {reply!r}")
    return float(redis.info("commandstats")["cmdstat_evalsha"]["usec_per_call"])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="REV", help="a commit whose save script to replay too")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--times", type=int, default=1000, help="replays a round")
    args = parser.parse_args(argv)
    scripts = {"now": COMMIT, **({args.against: script_at(args.against)} if args.against else {})}
    with RedisServer() as server, server.client() as redis:
        save = captured_save(server.url)
        rounds: dict[str, list[float]] = {name: [] for name in scripts}
        for _ in range(args.rounds):
            for name, script in scripts.items():
                rounds[name].append(per_call_us(redis, script, save, args.times))
    print(f"a move's save in Redis, µs a call, median of {args.rounds} rounds of {args.times}:")
    for name, figures in rounds.items():
        each = ", ".join(f"{figure:.0f}" for figure in figures)
        print(f"  {name:<12} {statistics.median(figures):6.1f}   rounds: {each}")


if __name__ == "__main__":
    main()
