"""Instructions per move request, counted by callgrind: a figure that does not drift with load.

    python -m bench.instructions [--moves 300] [--app service|floor]

Wall-clock figures on a shared 2-core machine move by several percent from one run to
the next; instruction counts do not. Each figure is the app's own work per move: the
WSGI callable called in this process (gunicorn and the network left out) against a
private redis-server, ``valgrind --tool=callgrind`` counting. Two runs do the same
set-up (start, create games, pre-compute their moves, the garbage collector set as the
service's workers set it) and differ only in how many moves they then send, so
(I(N) - I(0)) / N is what one move costs.
"""

from __future__ import annotations

import argparse
import importlib
import io
import itertools
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
FLOOR_DIR = REPO.parent / "shared" / "bench"
GAMES = 40

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Any]


def environ(method: str, path: str, body: bytes, headers: dict[str, str]) -> dict[str, Any]:
    """The WSGI environ gunicorn would build for this request."""
    env: dict[str, Any] = {
        "REQUEST_METHOD": method,
        "SCRIPT_NAME": "",
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    for name, value in headers.items():
        env["HTTP_" + name.upper().replace("-", "_")] = value
    return env


def call(app: WsgiApp, env: dict[str, Any]) -> tuple[str, bytes]:
    seen: list[str] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
        seen.append(status)

    body = b"".join(app(env, start_response))
    return seen[0], body


TOLD_URL = "https://127.0.0.1:9/restart-hook"
"""Where a told service's webhook points: nothing needs to listen, no worker delivers in-process."""


def service_requests(
    redis_url: str, told: bool = False, handed: bool = False, named: bool = False
) -> tuple[WsgiApp, Iterator[dict[str, Any]]]:
    """The service app and its move requests: games created through the app, moves by the engine.
    ``told``: the games' owner has a webhook for every event, so each move leaves its change in the
    game's outbox and rings the worker (none runs here). ``handed``: every seat of every game was
    handed to a new holder before the first move, and the new holders move (docs/SEATS.md); ``named``:
    to a person the owner names, so that each move also moves the game in its players' turns
    (``play.turns``)."""
    import json
    import random

    from bench.games import precompute_moves
    from harness.client_apps import LOAD_LIMITS, register_in
    from harness.games import Game
    from harness.players import SAMPLE_NAMES
    from service.app import create_app
    from service.settings import Settings

    loopback = {"WEBHOOK_ALLOWED_NETWORKS": "127.0.0.0/8"} if told else {}
    app = create_app(Settings.from_environment({**os.environ, "REDIS_URL": redis_url, **loopback}))
    key = register_in(app.extensions["restart"].store, "told" if told else "instructions", LOAD_LIMITS)
    if told:
        hook = json.dumps({"url": TOLD_URL}).encode()
        status, body = call(app, environ("POST", "/v1/webhooks", hook, {"X-API-Key": key}))
        if not status.startswith("201"):
            raise SystemExit(f"registering the webhook answered {status}: {body[:300]!r}")
    chooser = random.Random(1)
    requests = []
    for seed in range(GAMES):
        status, body = call(app, environ("POST", "/v1/games", json.dumps(
            {"players": list(SAMPLE_NAMES), "seed": seed}).encode(), {"X-API-Key": key}))  # fmt: skip
        created = json.loads(body)
        tokens = created["tokens"]["players"]
        if handed:
            tokens = [_handed(app, created["game"]["id"], seat, key, named) for seat in range(len(tokens))]
        game = Game(created["game"]["id"], "", tuple(tokens), SAMPLE_NAMES, seed, None, created)
        for move in precompute_moves(game, chooser):
            payload = json.dumps(move.to_json(), separators=(",", ":")).encode()
            headers = {"Authorization": f"Bearer {tokens[move.player]}"}
            requests.append((f"/v1/games/{created['game']['id']}/moves", payload, headers))
    # Round-robin over the games, as the wrk load does.
    by_game: dict[str, list[tuple[str, bytes, dict[str, str]]]] = {}
    for request in requests:
        by_game.setdefault(request[0], []).append(request)
    interleaved = [moves[turn] for turn in range(200) for moves in by_game.values() if turn < len(moves)]
    return app, (environ("POST", path, body, headers) for path, body, headers in interleaved)


def _handed(app: WsgiApp, game_id: str, seat: int, key: str, named: bool) -> str:
    """The token of the seat's new holder, once its owner handed it on (``named``: to a person it
    names by a player reference)."""
    import json

    path = f"/v1/games/{game_id}/seats/{seat}/holder"
    body = json.dumps({"player": f"bench:{game_id}:{seat}"} if named else {}).encode()
    status, answer = call(app, environ("PUT", path, body, {"X-API-Key": key}))
    if not status.startswith("200"):
        raise SystemExit(f"handing seat {seat} on answered {status}: {answer[:300]!r}")
    token: str = json.loads(answer)["token"]
    return token


def bare_requests(name: str, redis_url: str) -> tuple[WsgiApp, Iterator[dict[str, Any]]]:
    """One of ``../shared/bench``'s bare apps (``floor_app``, ``ceiling_app``), its games seeded,
    and its move requests over them in turn."""
    os.environ["REDIS_URL"] = redis_url
    sys.path.insert(0, str(FLOOR_DIR))
    bare = importlib.import_module(name)
    bare.seed(GAMES)
    body = b'{"player":0,"action":"play","row":"red","tiles":["red-8","red-9"]}'
    return bare.app, (environ("POST", f"/games/{n % GAMES}/moves", body, {}) for n in itertools.count())


def floor_requests(redis_url: str) -> tuple[WsgiApp, Iterator[dict[str, Any]]]:
    return bare_requests("floor_app", redis_url)


def inner(app_name: str, moves: int, redis_url: str) -> None:
    """Runs under valgrind: set up, then send ``moves`` move requests."""
    build = service_requests if app_name == "service" else floor_requests
    app, requests = build(redis_url)
    environs = [next(requests) for _ in range(moves + 1)]
    if app_name == "service":
        from service.app import settle_for_serving

        settle_for_serving()  # as service/wsgi.py does in every worker: collections as production has them
    call(app, environs[-1])  # one warm-up move in both runs: first-call caches are set-up
    for env in environs[:moves]:
        status, body = call(app, env)
        if not status.startswith("200"):
            raise SystemExit(f"a move answered {status}: {body[:300]!r}")


def count(app_name: str, moves: int, redis_url: str) -> int:
    with tempfile.TemporaryDirectory(prefix="restart-callgrind-") as scratch:
        out = Path(scratch) / "callgrind.out"
        env = {"ACCESS_LOG": "1", "LOG_LEVEL": "info", **os.environ, "PYTHONHASHSEED": "0"}
        env.pop("PROMETHEUS_MULTIPROC_DIR", None)
        command = [
            "valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
            sys.executable, "-m", "bench.instructions", "--inner", "--app", app_name,
            "--moves", str(moves), "--redis-url", redis_url,
        ]  # fmt: skip
        subprocess.run(command, cwd=REPO, env=env, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE)  # fmt: skip
        summary = re.search(r"^summary:\s+(\d+)", out.read_text(), re.MULTILINE)
        if summary is None:
            raise RuntimeError("callgrind wrote no summary")
        return int(summary.group(1))


def per_move(app_name: str, moves: int) -> float:
    from harness.redis_server import RedisServer

    with RedisServer() as redis:
        baseline = count(app_name, 0, redis.url)
        with redis.client() as client:
            client.flushall()
        loaded = count(app_name, moves, redis.url)
    return (loaded - baseline) / moves


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", choices=("service", "floor"), default="service")
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--redis-url", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.inner:
        inner(args.app, args.moves, args.redis_url)
        return
    print(f"{args.app}: {per_move(args.app, args.moves):,.0f} instructions per move request")


if __name__ == "__main__":
    main()
