"""nginx from Debian's package, run by its caller with the project's own configuration.

``deploy/nginx.conf`` is written for compose (the upstream ``api`` resolved by Docker's
DNS, port 80, logs on stdout); ``for_local`` swaps exactly those parts for local ones
and keeps everything else as it is, so what runs is the deployment's configuration.
"""

from __future__ import annotations

import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

from harness.redis_server import free_port
from harness.service_process import REPO

MISSING = "nginx is missing: run 'sudo apt-get install nginx' and retry"
DEPLOY_CONF = REPO / "deploy" / "nginx.conf"


def for_local(conf: str, upstreams: Sequence[int], port: int, directory: Path, by_game: bool = True) -> str:
    """The deployment's configuration with local upstreams, port, pid and log files; ``by_game``
    False: without its routing by game (round robin)."""
    servers = "".join(f"        server 127.0.0.1:{upstream};\n" for upstream in upstreams)
    replacements = [
        (r"(?m)^\s*resolver .*;\n", ""),
        (r"(?m)^        server api:8000 resolve;\n", servers),
        (r"(?m)^        hash \$route_key consistent;\n", r"\g<0>" if by_game else ""),
        (r"listen 80;", f"listen 127.0.0.1:{port};"),
        (r"access_log /dev/stdout main;", f"access_log {directory}/access.log main;"),
        (r"error_log /dev/stderr warn;", f"error_log {directory}/error.log warn;"),
        (r"worker_processes auto;", f"worker_processes 1;\npid {directory}/nginx.pid;"),
    ]
    for pattern, replacement in replacements:
        conf, found = re.subn(pattern, replacement, conf)
        assert found == 1, f"deploy/nginx.conf no longer has what {pattern!r} replaces"
    temp = "\n".join(
        f"    {name}_temp_path {directory}/{name};"
        for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return conf.replace("http {\n", "http {\n" + temp + "\n", 1)


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
    """nginx in front of ``upstreams`` on a free port, until the context ends."""

    def __init__(self, upstreams: Sequence[int], by_game: bool = True) -> None:
        self.upstreams = list(upstreams)
        self.by_game = by_game
        self.port = free_port()
        self._dir = Path(tempfile.mkdtemp(prefix="restart-nginx-"))
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

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
        conf.write_text(
            for_local(DEPLOY_CONF.read_text(), self.upstreams, self.port, self._dir, self.by_game)
        )
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
