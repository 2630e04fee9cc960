"""``python -m service.worker``: the background worker, a process of its own, on the Redis of ``REDIS_URL``.

Run as many as the load asks for: they share the work (a consumer group) and never handle one
game at once. SIGTERM (or SIGINT) ends it after the item at hand; what it had not finished is
taken again by another worker. It lowers its own priority by ``WORKER_NICE`` (default 10), so that
a bot's search yields the cores it shares to the API's requests. ``--check`` is a liveness probe:
it exits 0 when the running worker touched ``WORKER_HEARTBEAT_FILE`` within the last
``HEARTBEAT_STALE`` seconds.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import replace

from service.api.observability import configure_logging
from service.bots.levels import choose
from service.settings import SettingError, Settings
from service.store.factory import build_store
from service.worker.handlers import worker

log = logging.getLogger("service.worker")

HEARTBEAT_STALE = 60.0
"""Seconds without a heartbeat after which the probe says the worker is stuck (a round takes at most
one batch of one game: a few bot moves)."""


def alive(heartbeat_file: str | None) -> bool:
    if heartbeat_file is None:
        print("error: WORKER_HEARTBEAT_FILE is not set: there is no heartbeat to check", file=sys.stderr)
        return False
    try:
        return time.time() - os.stat(heartbeat_file).st_mtime < HEARTBEAT_STALE
    except OSError:
        return False


def main(argv: Sequence[str] | None = None) -> int:
    arguments = argparse.ArgumentParser(prog="python -m service.worker", description=__doc__)
    arguments.add_argument("--check", action="store_true", help="exit 0 if the worker's heartbeat is fresh")
    check = arguments.parse_args(argv).check
    try:
        settings = Settings.from_environment()
    except SettingError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if check:
        return 0 if alive(settings.worker.heartbeat_file) else 1
    if settings.redis is None:
        print("error: REDIS_URL is not set: the worker shares its work through Redis", file=sys.stderr)
        return 1
    configure_logging(settings.log_level)
    stop = threading.Event()
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signal_number, lambda *_: stop.set())
    os.nice(settings.worker.nice)
    # No copies of games (GAME_CACHE_BYTES): the worker reads every game it moves in afresh.
    store = build_store(replace(settings.redis, game_cache_bytes=0), settings.expiry)
    name = f"{socket.gethostname()}-{os.getpid()}"
    log.info("worker %s started", name)
    try:
        worker(store, name, choose, settings.worker, settings.webhooks, ratings=settings.ratings).run(stop)
    finally:
        store.close()
    log.info("worker %s stopped", name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
