"""The background worker as production runs it: ``python -m service.worker`` on a Redis, for tests and
benchmarks. Several may share one Redis; each keeps its own log file."""

from __future__ import annotations

import os
import signal
import sys
import time

from harness.processes import LoggedProcess
from harness.service_process import REPO


class WorkerProcess(LoggedProcess):
    """Use as a context manager; ``kill`` ends it at once (SIGKILL), as a crash would."""

    def __init__(
        self, redis_url: str, *, env: dict[str, str] | None = None, start_timeout: float = 20.0
    ) -> None:
        super().__init__("restart-worker-")
        self.redis_url = redis_url
        self.extra_env = dict(env or {})
        self.start_timeout = start_timeout

    def environment(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "REDIS_CLUSTER")}
        env.update(REDIS_URL=self.redis_url, PYTHONPATH=str(REPO), LOG_LEVEL="INFO")
        env.update(self.extra_env)
        return env

    def start(self) -> WorkerProcess:
        process = self.launch([sys.executable, "-m", "service.worker"], self.environment())
        deadline = time.monotonic() + self.start_timeout
        while "started" not in self.log():
            if process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the worker did not start:\n{self.log()}")
            time.sleep(0.05)
        return self

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    def kill(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.send_signal(signal.SIGKILL)
            self._process.wait()
        self._process = None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-5000:]
