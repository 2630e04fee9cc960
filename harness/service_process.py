"""The service as production runs it: a gunicorn process on a free port, for tests and benchmarks.

Several instances may share one Redis (scale-out tests); each keeps its own log
file so a failing test can show what the server said.
"""

from __future__ import annotations

import functools
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from harness.client_apps import LOAD_LIMITS, register_client
from harness.processes import LoggedProcess
from harness.redis_server import free_port
from service.play.client_management import DEVELOPMENT_KEY

REPO = Path(__file__).resolve().parent.parent


class ServiceProcess(LoggedProcess):
    """``gunicorn -c gunicorn.conf.py <app>`` with its environment; use as a context manager."""

    def __init__(
        self,
        redis_url: str | None,
        *,
        workers: int = 2,
        threads: int = 1,
        app: str = "service.wsgi:app",
        chdir: Path = REPO,
        env: dict[str, str] | None = None,
        start_timeout: float = 20.0,
        ready_path: str | None = "/healthz",
    ) -> None:
        super().__init__("restart-gunicorn-")
        self.port = free_port()
        self.redis_url = redis_url
        self.workers = workers
        self.threads = threads
        self.app = app
        self.chdir = chdir
        self.extra_env = dict(env or {})
        self.start_timeout = start_timeout
        self.ready_path = ready_path
        """None: any HTTP answer on / means up (an app without a health route, like the floor)."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @functools.cached_property
    def api_key(self) -> str:
        """A client key for this service: a new client in its Redis with limits no run reaches
        (``LOAD_LIMITS``), or the embedded store's development client."""
        if not self.redis_url:
            return DEVELOPMENT_KEY
        cluster = self.environment().get("REDIS_CLUSTER", "") in ("1", "true", "yes", "on")
        return register_client(self.redis_url, "harness", LOAD_LIMITS, cluster=cluster)

    def environment(self) -> dict[str, str]:
        # Each instance sums its own workers' metrics: never a metrics directory shared with another.
        dropped = ("REDIS_URL", "WEB_CONCURRENCY", "PROMETHEUS_MULTIPROC_DIR")
        env = {k: v for k, v in os.environ.items() if k not in dropped}
        env.update(
            BIND=f"127.0.0.1:{self.port}",
            WEB_CONCURRENCY=str(self.workers),
            GUNICORN_THREADS=str(self.threads),
            **({"GUNICORN_WORKER_CLASS": "gthread"} if self.threads > 1 else {}),
            PYTHONPATH=str(REPO),
        )
        if self.redis_url:
            env["REDIS_URL"] = self.redis_url
        else:
            env["DEVELOPMENT_CLIENT"] = "1"
        env.update(self.extra_env)
        return env

    def command(self) -> list[str]:
        gunicorn = Path(sys.executable).with_name("gunicorn")
        return [str(gunicorn), "-c", str(REPO / "gunicorn.conf.py"), "--chdir", str(self.chdir), self.app]

    def start(self) -> ServiceProcess:
        self.launch(self.command(), self.environment())
        try:
            self._wait_until_healthy()
        except BaseException:
            self.stop()  # never leave a half-started server behind
            raise
        return self

    def _wait_until_healthy(self) -> None:
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if self._process is not None and self._process.poll() is not None:
                raise RuntimeError(f"gunicorn exited at start:\n{self.log()}")
            try:
                with urllib.request.urlopen(self.url + (self.ready_path or "/"), timeout=1) as answer:
                    if answer.status == 200:
                        return
            except urllib.error.HTTPError:
                if self.ready_path is None:
                    return
                time.sleep(0.1)
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"gunicorn did not become healthy:\n{self.log()}")

    def worker_pids(self) -> list[int]:
        """The worker processes' pids (children of the gunicorn arbiter)."""
        if self._process is None:
            return []
        children = Path(f"/proc/{self._process.pid}/task/{self._process.pid}/children")
        return [int(pid) for pid in children.read_text().split()] if children.exists() else []

    def renice(self, niceness: int) -> None:
        """Run the arbiter and its workers at CPU priority ``niceness`` (workers it forks later
        inherit it), as an operator would run a pool of lower priority."""
        for pid in self.pids():
            os.setpriority(os.PRIO_PROCESS, pid, niceness)

    def pids(self) -> list[int]:
        """The arbiter's pid and its workers'."""
        return [self._process.pid, *self.worker_pids()] if self._process is not None else []

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-5000:]



class SandboxProcess(ServiceProcess):
    """``restart-service sandbox --port <free port>``, the console script a third party's CI runs:
    the embedded store and the development key (``api_key``), whatever REDIS_URL says."""

    def __init__(self, *, env: dict[str, str] | None = None, start_timeout: float = 20.0) -> None:
        super().__init__(None, workers=1, env=env, start_timeout=start_timeout)

    def command(self) -> list[str]:
        script = Path(sys.executable).with_name("restart-service")
        return [str(script), "sandbox", "--host", "127.0.0.1", "--port", str(self.port)]
