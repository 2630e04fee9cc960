"""A server the harness starts as a child process: its output in a log file of its own, stopped on exit."""

from __future__ import annotations

import signal
import subprocess
import tempfile
from pathlib import Path
from types import TracebackType
from typing import Self

STOP_TIMEOUT = 15.0
"""Seconds a process gets to stop after SIGTERM before it is killed."""


class LoggedProcess:
    """Subclasses ``start`` it (``launch``, then wait for it to be ready); use as a context manager."""

    def __init__(self, log_prefix: str) -> None:
        self.log_path = Path(tempfile.mkstemp(prefix=log_prefix, suffix=".log")[1])
        self._process: subprocess.Popen[bytes] | None = None

    def launch(self, command: list[str], env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
        with self.log_path.open("ab") as log:
            self._process = subprocess.Popen(command, env=env, stdout=log, stderr=log)
        return self._process

    def start(self) -> Self:
        raise NotImplementedError

    def stop(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.send_signal(signal.SIGTERM)
            try:
                self._process.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        self._process = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()
        self.log_path.unlink(missing_ok=True)
