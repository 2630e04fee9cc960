"""The processes a scenario runs against: one private Redis, one or more gunicorn instances on it, and
the background worker (``python -m service.worker``) that plays bot seats and answers hints, as
production runs them; with ``edge``, nginx in front of the instances with deploy/nginx.conf itself
(``harness.nginx``), as the deployment puts it (docs/DEPLOY.md)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field

from harness.nginx import Nginx
from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess
from harness.worker_process import WorkerProcess

LOG_LEVEL = "WARNING"
"""Access lines off: the run measures the service, not its logging."""
EDGE_ADDRESS = "127.0.0.1/32"
"""nginx's address as the instances see it: a trusted proxy, whose ``X-Forwarded-For`` they believe."""


@dataclass
class Stack:
    redis: RedisServer
    services: list[ServiceProcess]
    workers: list[WorkerProcess] = field(default_factory=list)
    """The background workers running now (``replace_worker`` swaps one for a new one)."""
    worker_env: dict[str, str] = field(default_factory=dict)
    exits: contextlib.ExitStack = field(default_factory=contextlib.ExitStack)
    edge: Nginx | None = None
    """nginx in front of every instance, when the stack was asked for it."""

    @property
    def urls(self) -> list[str]:
        return [service.url for service in self.services]

    @property
    def edge_url(self) -> str:
        assert self.edge is not None, "a stack without an edge"
        return self.edge.url

    @property
    def api_key(self) -> str:
        """A key of a client registered in the stack's Redis, for every instance."""
        return self.services[0].api_key

    def replace_worker(self, index: int = 0) -> WorkerProcess:
        """SIGKILL background worker ``index`` (a crash: its claims and leases left to lapse) and start
        a new one in its place, with the same environment."""
        self.workers[index].kill()
        self.workers[index] = self.exits.enter_context(WorkerProcess(self.redis.url, env=self.worker_env))
        return self.workers[index]

    def logs(self) -> str:
        """The tail of each instance's log, for an anomaly that needs the server's side of the story."""
        return "\n".join(f"--- {service.url}\n{service.log()}" for service in self.services)


@contextlib.contextmanager
def stack(
    *,
    instances: int = 1,
    workers: int = 2,
    threads: int = 1,
    appendonly: bool = False,
    appendfsync: str = "everysec",
    log_level: str = LOG_LEVEL,
    env: dict[str, str] | None = None,
    background_workers: int = 1,
    edge: bool = False,
    edge_replays_refusals: bool = False,
) -> Iterator[Stack]:
    with (
        RedisServer(appendonly=appendonly, appendfsync=appendfsync) as redis,
        contextlib.ExitStack() as running,
    ):
        trusted = {"TRUSTED_PROXIES": EDGE_ADDRESS} if edge else {}
        environment = {"LOG_LEVEL": log_level, **trusted, **(env or {})}
        services = [
            running.enter_context(
                ServiceProcess(redis.url, workers=workers, threads=threads, env=environment)
            )
            for _ in range(instances)
        ]
        # The worker at INFO: WorkerProcess knows it is up by its "started" line (and it logs little).
        worker_env = {**environment, "LOG_LEVEL": "INFO"}
        started = [
            running.enter_context(WorkerProcess(redis.url, env=worker_env)) for _ in range(background_workers)
        ]
        # As deployed: nginx's worker processes one a core (deploy/nginx.conf's `auto`).
        ports = [service.port for service in services]
        nginx = Nginx(ports, workers="auto", replay_refusals=edge_replays_refusals) if edge else None
        if nginx is not None:
            running.enter_context(nginx)
        yield Stack(redis, services, started, worker_env, running, nginx)
