"""nginx from Debian's package, run by its caller with the project's own configuration.

What runs is the deployment's configuration, rendered for a local run
(``harness.nginx_conf.for_local``): only its upstreams, port, pid and log files differ.
"""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType

from harness.nginx_conf import DEPLOY_CONF, Allowance, for_local, with_allowances, with_refusal_replay
from harness.process_cpu import children
from harness.redis_server import free_port

MISSING = "nginx is missing: run 'sudo apt-get install nginx' and retry"


def stop(process: subprocess.Popen[bytes] | None, directory: Path) -> None:
    """nginx stopped gracefully (SIGQUIT: its connections finish), killed after 10 s; its folder gone."""
    if process is not None and process.poll() is None:
        process.send_signal(signal.SIGQUIT)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    shutil.rmtree(directory, ignore_errors=True)


class Nginx:
    """nginx in front of ``upstreams`` on a free port, until the context ends; ``allowances``: the
    edge's own for some zones (``with_allowances``); ``replay_refusals``: the experiment
    ``with_refusal_replay``."""

    def __init__(
        self,
        upstreams: Sequence[int],
        by_game: bool = True,
        *,
        workers: str = "1",
        allowances: Mapping[str, Allowance] | None = None,
        replay_refusals: bool = False,
    ) -> None:
        self.upstreams = list(upstreams)
        self.by_game, self.workers, self.allowances = by_game, workers, dict(allowances or {})
        self.replay_refusals = replay_refusals
        self.port = free_port()
        self._dir = Path(tempfile.mkdtemp(prefix="restart-nginx-"))
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def pids(self) -> list[int]:
        """nginx's master process and its workers."""
        return [] if self._process is None else [self._process.pid, *children(self._process.pid)]

    def log(self) -> str:
        return "\n".join(
            path.read_text(errors="replace")[-3000:]
            for path in sorted(self._dir.glob("*.log"))
            if path.exists()
        )

    def __enter__(self) -> Nginx:
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        if not Path(binary).exists():
            raise RuntimeError(MISSING)
        conf = self._dir / "nginx.conf"
        deployed = with_allowances(DEPLOY_CONF.read_text(), self.allowances)
        if self.replay_refusals:
            cache = self._dir / "refusals"
            cache.mkdir(mode=0o777)
            cache.chmod(0o777)  # nginx's workers run as another user than its master (root) here
            self._dir.chmod(0o711)
            deployed = with_refusal_replay(deployed, cache)
        conf.write_text(for_local(deployed, self.upstreams, self.port, self._dir, self.by_game, self.workers))
        command = [binary, "-p", str(self._dir), "-c", str(conf), "-g", "daemon off;"]
        with (self._dir / "stderr.log").open("wb") as stderr:
            self._process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(
                    f"nginx exited: {self._process.stderr.read().decode() if self._process.stderr else ''}"
                )
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        self.__exit__(None, None, None)
        raise RuntimeError(f"nginx did not listen on {self.port}:\n{self.log()}")

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        stop(self._process, self._dir)
