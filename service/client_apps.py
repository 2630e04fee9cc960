"""The operator's command for client apps: ``python -m service.client_apps COMMAND ...``.

Talks to the store named by ``REDIS_URL`` (and ``REDIS_CLUSTER``), like the service.
Every command prints one JSON document on stdout; a key is printed once, by ``create``
and ``rotate``, and never again. Bad input or an unreachable store: one line on stderr
and a non-zero exit (2 for a command line that cannot be read, 1 otherwise).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from service.play import client_management
from service.settings import SettingError, Settings
from service.store import CorruptData, Store, StoreUnavailable
from service.store.client_apps import LIMIT_FIELDS, ClientLimits, ClientRow
from service.store.factory import build_store

LIMIT_FLAGS = {name: "--" + name.replace("_", "-") for name in LIMIT_FIELDS}


def described(record: ClientRow, defaults: Settings, key: str | None = None) -> dict[str, Any]:
    """A client as the command shows it: never a key's digest; its limits with the defaults filled in."""
    limits = {name: getattr(record.limits, name) or getattr(defaults.limits, name) for name in LIMIT_FLAGS}
    document: dict[str, Any] = {"id": record.id, "name": record.name}
    if key is not None:
        document["key"] = key
    document.update(
        created_at=moment(record.created_at),
        revoked=record.revoked,
        limits=limits,
        own_limits={
            name: value for name in LIMIT_FLAGS if (value := getattr(record.limits, name)) is not None
        },
        keys=[{"expires_at": moment(digest.expires_at)} for digest in record.keys],
    )
    return document


def moment(epoch: float | None) -> str | None:
    """Epoch seconds as an RFC 3339 UTC time (None stays None: a key without an end)."""
    if epoch is None:
        return None
    return datetime.fromtimestamp(epoch, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"{number} is not at least 1")
    return number


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m service.client_apps", description="Manage the client apps allowed to use the service."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def with_limits(command: argparse.ArgumentParser) -> None:
        for name, flag in LIMIT_FLAGS.items():
            command.add_argument(
                flag, dest=name, type=positive, metavar="N", help=f"this client's {flag[2:]}"
            )

    create = commands.add_parser("create", help="register a client; prints its key, once")
    create.add_argument("name", help="who the client is (shown to operators)")
    with_limits(create)
    commands.add_parser("list", help="every client")
    show = commands.add_parser("show", help="one client")
    show.add_argument("id")
    update = commands.add_parser("update", help="set some of a client's limits")
    update.add_argument("id")
    with_limits(update)
    rotate = commands.add_parser("rotate", help="a new key; the old ones work for the grace period")
    rotate.add_argument("id")
    rotate.add_argument(
        "--grace", type=float, default=client_management.DEFAULT_GRACE_SECONDS, metavar="SECONDS",
        help="how long the old keys keep working (default 86400: 24 hours; 0: they stop now)",
    )  # fmt: skip
    revoke = commands.add_parser("revoke", help="every key of the client stops working at once")
    revoke.add_argument("id")
    return parser


def run(arguments: argparse.Namespace, settings: Settings) -> dict[str, Any] | list[dict[str, Any]]:
    if settings.redis is None:
        raise SettingError("REDIS_URL is not set: client apps are kept in Redis, with the games")
    store = build_store(settings.redis, settings.expiry)
    try:
        return _command(arguments, settings, store)
    finally:
        store.close()


def _command(
    arguments: argparse.Namespace, settings: Settings, store: Store
) -> dict[str, Any] | list[dict[str, Any]]:
    now = time.time()
    limits = ClientLimits(**{name: getattr(arguments, name, None) for name in LIMIT_FLAGS})
    command = arguments.command
    if command == "create":
        if not arguments.name.strip():
            raise ValueError("a client's name may not be empty")
        issued = client_management.create_client(store, arguments.name, limits, now)
        return described(issued.record, settings, issued.key)
    if command == "list":
        return [described(record, settings) for record in store.list_clients()]
    if command == "show":
        return described(client_management.find_client(store, arguments.id), settings)
    if command == "update":
        if limits == ClientLimits():
            raise ValueError(f"update takes at least one of {', '.join(LIMIT_FLAGS.values())}")
        return described(client_management.update_limits(store, arguments.id, limits), settings)
    if command == "rotate":
        if arguments.grace < 0:
            raise ValueError("--grace takes 0 or more seconds")
        issued = client_management.rotate_key(store, arguments.id, arguments.grace, now)
        return described(issued.record, settings, issued.key)
    return described(client_management.revoke(store, arguments.id), settings)


def main(argv: Sequence[str] | None = None) -> int:
    arguments = parser().parse_args(argv)
    try:
        result = run(arguments, Settings.from_environment())
    except (SettingError, ValueError, LookupError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except (StoreUnavailable, CorruptData) as error:
        print(f"error: the store named by REDIS_URL: {error}", file=sys.stderr)
        return 1
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
