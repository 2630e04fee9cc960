"""A webhook receiver that costs next to nothing: Debian's nginx answering every request 204 over TLS.

For the benchmarks of deliveries (``bench.deliveries``, ``bench.webhooks``): a receiver written in C, so
that what it spends does not blur what the sender spends. One worker process on a free port of
127.0.0.1, a certificate for ``127.0.0.1`` and ``localhost`` signed by an authority made at start
(``harness.certificates``; a sender trusts ``ca_file``), connections kept alive for a million requests.
Each request leaves one line in its access log: when it came (``$msec``) and its ``webhook-id``, which
``received()`` reads back. With ``bodies=True`` the line holds the body too (``received()`` gives its
``timestamp``, the change's time): nginx fills ``$request_body`` only for a request it passes on, so
then every request goes to a second server (on another port: a unix socket's file would be
root's, and the worker runs as nobody) that answers the 204 (a few µs of
nginx's time more per request, off by default).
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Self

from harness.certificates import make_certificates
from harness.nginx import MISSING, stop
from harness.redis_server import free_port

START_SECONDS = 10.0
ANSWER = "return 204;"
PASSED_ON = """proxy_pass http://sink;
            proxy_http_version 1.1;
            proxy_set_header Connection "";"""
CONF = """worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    client_body_temp_path {dir}/client_body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    log_format deliveries escape=json '{{"at":"$msec","id":"$http_webhook_id","body":"$request_body"}}';
    keepalive_requests 1000000;
    keepalive_timeout 75s;
    client_max_body_size 1m;
    client_body_buffer_size 1m;
    upstream sink {{
        server 127.0.0.1:{sink_port};
        keepalive 4;
    }}
    server {{
        listen 127.0.0.1:{port} ssl;
        ssl_certificate {certificate};
        ssl_certificate_key {key};
        access_log {dir}/access.log deliveries;
        location / {{
            {answer}
        }}
    }}
    server {{
        listen 127.0.0.1:{sink_port};
        access_log off;
        keepalive_requests 1000000;
        location / {{ return 204; }}
    }}
}}
"""


@dataclass(frozen=True, slots=True)
class Arrival:
    """One request as the access log tells it."""

    webhook_id: str
    at: float
    """When nginx logged it (its answer sent), in epoch seconds, to the millisecond."""
    changed_at: float | None = None
    """The body's ``timestamp`` (the change's time), when bodies are logged and it has one."""
    type: str | None = None
    """The body's ``type`` (``game.moved``...), when bodies are logged."""


def read_line(line: str) -> Arrival:
    """An access log line back: its JSON, and the body's own JSON within it, both unescaped."""
    fields = json.loads(line)
    body = json.loads(fields["body"]) if fields["body"] else {}
    stamp = body.get("timestamp")
    changed_at = datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp() if stamp else None
    return Arrival(fields["id"], float(fields["at"]), changed_at, body.get("type"))


class NginxReceiver:
    """nginx answering 204 to every request on ``url()``, until the context ends."""

    def __init__(self, bodies: bool = False) -> None:
        self.bodies = bodies
        self.port = free_port()
        self._dir = Path(tempfile.mkdtemp(prefix="restart-receiver-"))
        self.certificates = make_certificates(self._dir / "tls")
        self._process: subprocess.Popen[bytes] | None = None
        self._arrivals: list[Arrival] = []
        self._read = 0
        """Bytes of the access log read so far (``received`` reads only what came since)."""

    @property
    def ca_file(self) -> str:
        """The authority that signed the receiver's certificate: what a sender must trust."""
        return str(self.certificates.ca)

    def url(self, path: str = "/webhook", host: str = "127.0.0.1") -> str:
        return f"https://{host}:{self.port}{path}"

    @property
    def pid(self) -> int:
        """The master process's (``pids()``: its worker's too)."""
        assert self._process is not None, "the receiver is not started"
        return self._process.pid

    def pids(self) -> list[int]:
        """The master's pid and its worker's."""
        children = Path(f"/proc/{self.pid}/task/{self.pid}/children")
        return [self.pid, *(int(pid) for pid in children.read_text().split())]

    def received(self) -> list[Arrival]:
        """Every request logged so far, in the order nginx wrote them."""
        with (self._dir / "access.log").open("rb") as log:
            log.seek(self._read)
            new = log.read()
        complete = new[: new.rfind(b"\n") + 1]
        self._read += len(complete)
        self._arrivals += [read_line(line) for line in complete.decode().splitlines()]
        return list(self._arrivals)

    def log(self) -> str:
        error = self._dir / "error.log"
        return error.read_text(errors="replace")[-3000:] if error.exists() else ""

    def __enter__(self) -> Self:
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        if not Path(binary).exists():
            raise RuntimeError(MISSING)
        conf = self._dir / "nginx.conf"
        answer = PASSED_ON if self.bodies else ANSWER
        certificate, key = self.certificates.certificate, self.certificates.key
        conf.write_text(
            CONF.format(
                dir=self._dir,
                port=self.port,
                sink_port=free_port(),
                certificate=certificate,
                key=key,
                answer=answer,
            )
        )
        (self._dir / "access.log").touch()
        command = [binary, "-p", str(self._dir), "-c", str(conf), "-g", "daemon off;"]
        self._process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline and self._process.poll() is None:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                if len(self.pids()) > 1:  # its worker forked: there is a process to pin
                    return self
            except OSError:
                pass
            time.sleep(0.05)
        said = self.log()
        self.__exit__(None, None, None)
        raise RuntimeError(f"nginx did not listen on {self.port}:\n{said}")

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        stop(self._process, self._dir)
