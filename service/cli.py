"""``restart-service``: the console script installed with the package, for the image and third parties.

``restart-service sandbox`` is the real service on the embedded in-memory store with the
development client (``X-API-Key: rsk_development_local-only``): one command a third party's CI
runs to test its client against us (README, "Test your client against us"). ``restart-service
serve`` is production: gunicorn against ``REDIS_URL``. Without a subcommand it picks, as the
Docker image's default command does: ``serve`` with ``REDIS_URL``, ``sandbox`` without.
``restart-service worker`` is the background worker (``python -m service.worker``) that plays
the bots' seats beside ``serve``; the sandbox runs its own inside its one process.

Both exec gunicorn with the gunicorn.conf.py shipped inside the package (``service/gunicorn.conf.py``
links to the one at the repository's top, as ``service/api/openapi.yaml`` does), so an installed
package serves exactly as the repository does.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from importlib.resources import files

from service.play.client_management import DEVELOPMENT_KEY

WSGI_APP = "service.wsgi:app"
EMBEDDED_STORE_ONLY = ("REDIS_URL", "REDIS_CLUSTER")
"""What the sandbox drops from its environment: it never touches a Redis, even one that is set."""
SANDBOX_NETWORKS = "127.0.0.0/8,::1/128"
"""Where the sandbox's webhooks may deliver unless ``WEBHOOK_ALLOWED_NETWORKS`` says: this machine (a
receiver tried beside ``make run``); a deployment allows none by default."""


def gunicorn_command() -> list[str]:
    config = files("service").joinpath("gunicorn.conf.py")
    return [sys.executable, "-m", "gunicorn", "-c", str(config), WSGI_APP]


def sandbox_environment(environ: dict[str, str], host: str | None, port: int | None) -> dict[str, str]:
    """The environment of a sandbox: no Redis, the development client, webhooks that may reach this
    machine, and the address asked for.

    Without ``--host`` or ``--port`` the usual ``BIND`` and ``PORT`` apply (the image sets
    ``BIND=0.0.0.0:8000``; gunicorn.conf.py defaults to 127.0.0.1:8000).
    """
    env = {name: value for name, value in environ.items() if name not in EMBEDDED_STORE_ONLY}
    env["DEVELOPMENT_CLIENT"] = "1"
    env.setdefault("WEBHOOK_ALLOWED_NETWORKS", SANDBOX_NETWORKS)
    if host is not None or port is not None:
        env["BIND"] = f"{host or '127.0.0.1'}:{port or environ.get('PORT') or 8000}"
    return env


def sandbox(host: str | None, port: int | None) -> None:
    env = sandbox_environment(dict(os.environ), host, port)
    print(
        "restart-service sandbox: the embedded in-memory store (one worker, lost on exit), "
        f"development client key (X-API-Key): {DEVELOPMENT_KEY}",
        file=sys.stderr,
        flush=True,
    )
    command = gunicorn_command()
    os.execve(command[0], command, env)


def serve() -> None:
    command = gunicorn_command()
    os.execv(command[0], command)


def worker() -> None:
    command = [sys.executable, "-m", "service.worker"]
    os.execv(command[0], command)


def parser() -> argparse.ArgumentParser:
    described = argparse.ArgumentParser(
        prog="restart-service",
        description="The Restart rules service: serve with REDIS_URL, the sandbox without.",
    )
    commands = described.add_subparsers(dest="command")
    box = commands.add_parser("sandbox", help="the service on the embedded store, with the development key")
    box.add_argument("--host", help="address to listen on (default: BIND, else 127.0.0.1)")
    box.add_argument("--port", type=int, help="port to listen on (default: PORT, else 8000)")
    commands.add_parser("serve", help="production: gunicorn against REDIS_URL (see docs/DEPLOY.md)")
    commands.add_parser("worker", help="the background worker (bots, webhooks) against REDIS_URL")
    return described


def main(argv: Sequence[str] | None = None) -> None:
    arguments = parser().parse_args(argv)
    command = arguments.command or ("serve" if os.environ.get("REDIS_URL") else "sandbox")
    if command == "serve":
        serve()
    elif command == "worker":
        worker()
    else:
        sandbox(getattr(arguments, "host", None), getattr(arguments, "port", None))


if __name__ == "__main__":
    main()
