"""A real, private `redis-server` for tests, benchmarks and reliability runs.

Each instance listens on a free port on 127.0.0.1 and keeps its files in its
own temporary directory, so it never touches a developer's Redis on 6379 or
any data outside that directory. `restart()` reuses the same port and
directory, which is what crash tests need: kill the server, start it again,
and see what the append-only file brought back. With ``tls=True`` it speaks
only TLS (``rediss://``), with certificates made in its directory at start.
"""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import Any

import redis

from harness.certificates import Certificates, make_certificates

MISSING_SERVER = "redis-server is missing: run 'sudo apt-get install redis-server' and retry"
DEVELOPER_PORT = 6379


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that nothing listens on right now (never 6379)."""
    while True:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind(("127.0.0.1", 0))
            port: int = probe.getsockname()[1]
        if port != DEVELOPER_PORT:
            return port


class RedisServer:
    """One `redis-server` process owned by the caller; use as a context manager."""

    def __init__(
        self,
        *,
        appendonly: bool = False,
        appendfsync: str = "everysec",
        extra_args: list[str] | None = None,
        start_timeout: float = 10.0,
        tls: bool = False,
    ) -> None:
        self.appendonly = appendonly
        self.appendfsync = appendfsync
        self.extra_args = list(extra_args or [])
        self.start_timeout = start_timeout
        self.tls = tls
        self._certificates: Certificates | None = None
        self._port: int | None = None
        self._dir: Path | None = None
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def port(self) -> int:
        if self._port is None:
            raise RuntimeError("the Redis server has not been started")
        return self._port

    @property
    def url(self) -> str:
        if self.tls:
            return f"rediss://127.0.0.1:{self.port}/0?ssl_ca_certs={self.certificates.ca}"
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def certificates(self) -> Certificates:
        if self._certificates is None:
            raise RuntimeError("this Redis server does not speak TLS, or has not been started")
        return self._certificates

    @property
    def directory(self) -> Path:
        if self._dir is None:
            raise RuntimeError("the Redis server has not been started")
        return self._dir

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self.running and self._process is not None else None

    def client(self, **kwargs: Any) -> redis.Redis:
        """A new client for this server; the caller closes it."""
        return redis.Redis.from_url(self.url, **kwargs)

    def start(self) -> RedisServer:
        """Start on a fresh port (first time) and wait until PING answers."""
        if self.running:
            return self
        if shutil.which("redis-server") is None:
            raise RuntimeError(MISSING_SERVER)
        if self._dir is None:
            self._dir = Path(tempfile.mkdtemp(prefix="restart-redis-"))
        if self.tls and self._certificates is None:
            self._certificates = make_certificates(self._dir / "tls")
        if self._port is not None:
            self._launch()
            return self
        for attempt in range(3):
            self._port = free_port()
            try:
                self._launch()
                return self
            except RuntimeError as error:
                # Another process may take the port between free_port() and bind; try another.
                if "Address already in use" not in str(error) or attempt == 2:
                    raise
        return self

    def restart(self) -> RedisServer:
        """Stop if running, then start again on the same port and directory (AOF is reloaded)."""
        self.stop()
        return self.start()

    def stop(self) -> None:
        """Shut down gracefully (SIGTERM: flushes the AOF, writes no RDB) and wait."""
        self._end(signal.SIGTERM)

    def kill(self) -> None:
        """Simulate a crash: SIGKILL, no chance to flush anything."""
        self._end(signal.SIGKILL)

    def close(self) -> None:
        """Stop the server and delete its directory."""
        self.stop()
        if self._dir is not None:
            shutil.rmtree(self._dir, ignore_errors=True)
            self._dir = None

    def __enter__(self) -> RedisServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _command(self) -> list[str]:
        if self.tls:
            certificates = self.certificates
            files = {"cert": certificates.certificate, "key": certificates.key, "ca-cert": certificates.ca}
            listen = ["--port", "0", "--tls-port", str(self.port), "--tls-auth-clients", "no"]
            for kind, path in files.items():
                listen += [f"--tls-{kind}-file", str(path)]
        else:
            listen = ["--port", str(self.port)]
        return [
            "redis-server",
            *listen,
            "--bind", "127.0.0.1",
            "--dir", str(self.directory),
            "--logfile", "redis.log",
            "--daemonize", "no",
            "--save", "",
            "--appendonly", "yes" if self.appendonly else "no",
            "--appendfsync", self.appendfsync,
            *self.extra_args,
        ]  # fmt: skip

    def _launch(self) -> None:
        self._process = subprocess.Popen(
            self._command(),
            cwd=self.directory,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                self._process = None
                raise RuntimeError(f"redis-server exited at start:\n{self._log()}")
            if self._answers_ping():
                return
            time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"redis-server did not answer PING in {self.start_timeout} s:\n{self._log()}")

    def _answers_ping(self) -> bool:
        try:
            with redis.Redis.from_url(self.url, socket_connect_timeout=0.5) as probe:
                return bool(probe.ping())
        except redis.RedisError:  # refused while binding, or LOADING the AOF
            return False

    def _end(self, how: signal.Signals) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        if process.poll() is None:
            process.send_signal(how)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def _log(self) -> str:
        log = self.directory / "redis.log"
        return log.read_text(errors="replace") if log.exists() else "(no log written)"
