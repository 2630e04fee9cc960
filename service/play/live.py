"""Following games live: one reader per followed game per process, fanning its events out to local followers.

A stream (``service.api.streams``) follows a game: it registers here, reads the log from
its cursor on, then takes what the game's reader brings. The reader is one thread (a
greenlet under gevent) per game that has followers in this process, waiting in the store
for the events after the last it read (a blocking read on Redis, so a move saved by any
instance reaches every instance's streams). It hands each batch to every follower of the
game; a follower skips what it had already and fills any gap from the log, so a stream
never drops an event nor repeats one. When the store is away the reader waits and
resumes from where it was; when a game has no follower left its reader stops.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable

from service.store import GameStore, StoreUnavailable

log = logging.getLogger(__name__)

WAIT_SECONDS = 5.0
"""How long a reader waits in the store at a time (it then checks it still has followers)."""
RETRY_SECONDS = 0.5
"""How long a reader pauses after the store failed to answer."""
BROKEN_PAUSE_SECONDS = 5.0
"""How long a reader pauses after an error that is not an outage (a damaged log): logged each time."""

Events = list[tuple[int, str]]


class Follower:
    """One stream's inbox: batches of (seq, json) events, or None when the process closes its streams."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.inbox: queue.SimpleQueue[Events | None] = queue.SimpleQueue()

    def next_batch(self, timeout: float) -> Events | None:
        """The next batch; an empty one when ``timeout`` passes first; None: the process is closing."""
        try:
            return self.inbox.get(timeout=timeout)
        except queue.Empty:
            return []


class Live:
    """This process's readers and their followers."""

    def __init__(self, store: Callable[[], GameStore]) -> None:
        self._store = store
        self._lock = threading.Lock()
        self._followers: dict[str, set[Follower]] = {}
        self._positions: dict[str, int] = {}
        """Game id -> the last seq its reader read."""
        self.closing = threading.Event()

    def follow(self, game_id: str, logged: int) -> Follower:
        """A new follower of ``game_id``, whose log had ``logged`` events when the stream opened it."""
        follower = Follower(game_id)
        with self._lock:
            self._followers.setdefault(game_id, set()).add(follower)
            if game_id not in self._positions:
                self._positions[game_id] = logged
                threading.Thread(
                    target=self._read, args=(game_id,), name=f"live-{game_id}", daemon=True
                ).start()
        if self.closing.is_set():
            follower.inbox.put(None)
        return follower

    def unfollow(self, follower: Follower) -> None:
        with self._lock:
            followers = self._followers.get(follower.game_id)
            if followers is not None:
                followers.discard(follower)

    def close(self) -> None:
        """The process stops: every stream ends now (its client reconnects elsewhere)."""
        self.closing.set()
        with self._lock:
            for followers in self._followers.values():
                for follower in followers:
                    follower.inbox.put(None)

    def _read(self, game_id: str) -> None:
        while not self.closing.is_set():
            with self._lock:
                if not self._followers.get(game_id):
                    self._followers.pop(game_id, None)
                    del self._positions[game_id]
                    return
                position = self._positions[game_id]
            try:
                events = self._store().wait_for_events(game_id, position, WAIT_SECONDS)
            except StoreUnavailable as error:
                log.warning("following %s: the store did not answer (%s); retrying", game_id, error)
                self.closing.wait(RETRY_SECONDS)
                continue
            except Exception:  # a reader must not die silently: its followers would wait forever
                log.exception("following %s failed; retrying", game_id)
                self.closing.wait(BROKEN_PAUSE_SECONDS)
                continue
            if events:
                with self._lock:
                    self._positions[game_id] = events[-1][0]
                    for follower in self._followers.get(game_id, ()):
                        follower.inbox.put(events)
