"""The bare apps the service is measured beside (``../shared/bench``): the floor, what a plain Flask app
must do for a move, and the ceiling, a bare WSGI callable and one Lua round trip. Each is started and
loaded one way, whichever row of ``make bench`` asks (``bench.lab``, ``bench.ceiling``)."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

from bench.load import LoadResult, run_wrk
from bench.split import SplitDuringRun
from harness.redis_server import RedisServer
from harness.service_process import REPO, ServiceProcess

BARE_APPS = REPO.parent / "shared" / "bench"
BARE_LOAD = BARE_APPS / "floor_moves.lua"
"""The floor's wrk script; the ceiling's answers the same paths."""
WORKERS = 2
"""gunicorn workers of each app, the service's too: the project's gunicorn.conf.py, as ``make bench``
runs the service."""


def start_bare(redis: RedisServer, name: str) -> ServiceProcess:
    """``floor`` or ``ceiling``: its 1,000 games seeded, then the app under gunicorn."""
    subprocess.run(
        [sys.executable, f"{name}_app.py", "seed", "1000"],
        cwd=BARE_APPS, env={"REDIS_URL": redis.url}, check=True, capture_output=True,
    )  # fmt: skip
    return ServiceProcess(
        redis.url, workers=WORKERS, app=f"{name}_app:app", chdir=BARE_APPS, ready_path=None
    ).start()


def bare_load(app: ServiceProcess, seconds: int, connections: int) -> LoadResult:
    """wrk replaying the bare app's moves, and how its connections fell between the workers."""
    with SplitDuringRun(app) as split:
        result = run_wrk(app.url, BARE_LOAD, threads=2, connections=connections, seconds=seconds)
    return replace(result, split=str(split))
