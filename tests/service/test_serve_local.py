"""``make serve``'s script runs gunicorn and the background worker on a private append-only Redis, and a
TERM or Ctrl-C stops it all.

The script runs in its own session, so that afterwards "nothing left" is checked on
its whole process group: no gunicorn, no redis-server, no data directory.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from harness.client_apps import register_client
from harness.games import create_game
from harness.http_client import Client
from harness.players import SAMPLE_NAMES
from harness.redis_server import free_port
from harness.service_process import REPO
from tests.service.service_support import CLIENT_TIMEOUT, wait_until

START_BOUND = 30.0
STOP_BOUND = 45.0
"""gunicorn's graceful_timeout (20 s: a gevent worker that misses its quit is killed only then), then the
background worker's item at hand and Redis's AOF, on a machine busy with the rest of the suite."""


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.fixture
def serving(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], Client, Path, str]]:
    """The script, a client of its gunicorn, its output, and its Redis's URL."""
    output = tmp_path / "serve.log"
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("REDIS_URL", "PROMETHEUS_MULTIPROC_DIR")
    }
    env.update(
        PORT=str(free_port()),
        REDIS_LOCAL_PORT=str(free_port()),
        WEB_CONCURRENCY="2",
        VENV=str(Path(sys.executable).parent.parent),
    )
    with output.open("wb") as log:
        script = subprocess.Popen(
            ["bash", "scripts/serve-local.sh"],
            cwd=REPO,
            env=env,
            stdout=log,
            stderr=log,
            start_new_session=True,
        )
    client = Client(f"http://127.0.0.1:{env['PORT']}", timeout=CLIENT_TIMEOUT)

    def ready() -> bool:
        assert script.poll() is None, output.read_text()
        try:
            return client.request("GET", "/readyz").status == 200
        except OSError:
            return False

    try:
        wait_until(ready, START_BOUND, "make serve answers /readyz")
        yield script, client, output, f"redis://127.0.0.1:{env['REDIS_LOCAL_PORT']}/0"
    finally:
        client.close()
        if group_alive(script.pid):
            os.killpg(script.pid, signal.SIGKILL)
        script.wait()


@pytest.mark.parametrize("how", ["TERM to the script", "Ctrl-C to the terminal"])
def test_make_serve_runs_gunicorn_on_an_append_only_redis_and_stops_cleanly(
    serving: tuple[subprocess.Popen[bytes], Client, Path, str], how: str
) -> None:
    script, client, output, redis_url = serving
    key = register_client(redis_url)  # as an operator would, with `python -m service.client_apps create`
    create_game(client, SAMPLE_NAMES[:2], seed=1, key=key)  # raises GameNotCreated unless the answer is a 201
    bots = create_game(
        client, [{"name": "A", "bot": "random"}, {"name": "B", "bot": "greedy"}], 1, 20, key=key
    )

    def finished() -> bool:
        return client.request("GET", bots.url, token=bots.admin).body["status"] == "finished"

    wait_until(finished, START_BOUND, "the background worker played the bots' game to its end")
    metrics = client.request("GET", "/metrics").raw.decode()
    assert re.search(r"^restart_games_created_total 2\.0$", metrics, re.MULTILINE)
    data_dir = Path(re.search(r"data in (\S+),", output.read_text()).group(1))  # type: ignore[union-attr]
    assert (data_dir / "appendonlydir").is_dir(), "Redis keeps an append-only file"

    if how == "TERM to the script":
        script.send_signal(signal.SIGTERM)
    else:
        os.killpg(script.pid, signal.SIGINT)
    try:
        status = script.wait(timeout=STOP_BOUND)
    except subprocess.TimeoutExpired:
        ps = ["ps", "-o", "pid,stat,etime,args", "-g", str(script.pid)]
        still = subprocess.run(ps, capture_output=True)
        pytest.fail(f"still running after {STOP_BOUND} s:\n{still.stdout.decode()}\n{output.read_text()}")
    assert status == 0, output.read_text()
    wait_until(lambda: not group_alive(script.pid), STOP_BOUND, "gunicorn and redis-server have exited")
    assert not data_dir.exists()
    assert "Shutting down: Master" in output.read_text()
    assert re.search(r"worker \S+ stopped", output.read_text()), (
        "the background worker stopped after its item"
    )
