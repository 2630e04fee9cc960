"""What the owner's save script costs Redis, alone: ``python -m bench.save_script [--against REV]``.

One move's owner save (``OWNER_SAVE``: the owner's request counted, the move saved) is
captured from the service playing on a private Redis, then sent again and again, the game's
version put back before each, and ``INFO commandstats`` tells the microseconds Redis spent
in ``EVALSHA`` per call (the commands it ran included). With ``--against REV`` the script as
that commit wrote it (``service/store/redis/games.py``'s save functions) is replayed too,
rounds alternating: what a change of the script saved. Each figure is the median of its rounds.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import types
from typing import Any

from bench.instructions import REPO, call, service_requests
from harness.redis_server import RedisServer
from service.store.redis import OWNER_SAVE
from service.store.redis.client_apps import ADMIT_FUNCTION
from service.store.redis.connection import RedisConnection
from service.store.redis.scripts import Call, Script


def script_at(rev: str) -> Script:
    """The owner save with the save functions of ``rev`` (its admission as it is now)."""
    source = subprocess.run(
        ["git", "show", f"{rev}:service/store/redis/games.py"],
        cwd=REPO,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    module = types.ModuleType("games_at_rev")
    exec(compile(source, f"{rev}:games.py", "exec"), module.__dict__)  # noqa: S102 (this repository's own file)
    functions = (ADMIT_FUNCTION, *module.SAVE_FUNCTIONS)
    return Script(
        OWNER_SAVE.name, OWNER_SAVE.keys, OWNER_SAVE.args, OWNER_SAVE.body, OWNER_SAVE.rest, functions
    )


def captured_save(redis_url: str, moves: int = 200) -> Call:
    """An owner save the service sent, ``moves`` moves into its games."""
    seen: list[Call] = []
    run = RedisConnection._run

    def spy(connection: RedisConnection, script_call: Call) -> Any:
        if script_call.script is OWNER_SAVE:
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
    scripts = {"now": OWNER_SAVE, **({args.against: script_at(args.against)} if args.against else {})}
    with RedisServer() as server, server.client() as redis:
        save = captured_save(server.url)
        rounds: dict[str, list[float]] = {name: [] for name in scripts}
        for _ in range(args.rounds):
            for name, script in scripts.items():
                rounds[name].append(per_call_us(redis, script, save, args.times))
    print(f"the owner save in Redis, µs a call, median of {args.rounds} rounds of {args.times}:")
    for name, figures in rounds.items():
        each = ", ".join(f"{figure:.0f}" for figure in figures)
        print(f"  {name:<12} {statistics.median(figures):6.1f}   rounds: {each}")


if __name__ == "__main__":
    main()
