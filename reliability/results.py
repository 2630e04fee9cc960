"""What a scenario saw: every request and its answer (the ledger), and the figures drawn from it.

A player appends one ``Exchange`` per request it sent, answered or not; the scenario and
``verify`` then read the ledger to count, to check each answer, and to find which moves
were accepted. ``ScenarioResult`` is what a scenario returns: figures a table can print
and the list of anomalies a test asserts is empty.
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

NO_ANSWER = "no answer"
"""The status column of a request whose connection failed before any answer came."""


@dataclass(frozen=True)
class Exchange:
    """One request and what came back (``status`` None: the connection failed first)."""

    kind: str
    """``snapshot`` (a player reading the game), ``move``, ``retry`` (the same key sent
    again) or ``resolve`` (after the run, asking what became of a lost answer)."""
    game_id: str
    status: int | None
    code: str | None = None
    replayed: bool = False
    version: int | None = None
    """For a move answered 200, the version it produced; for a snapshot, its ETag."""
    content_type: str = ""
    raw: bytes = b""
    retry_after: str | None = None
    error: str | None = None
    move: dict[str, Any] | None = None
    if_match: int | None = None
    key: str | None = None
    token: str | None = None
    body: Any = None

    @property
    def is_move(self) -> bool:
        return self.kind in ("move", "retry", "resolve")

    @property
    def accepted(self) -> bool:
        """A move this very request made (a replay only repeats an earlier request's)."""
        return self.is_move and self.status == 200 and not self.replayed

    @property
    def status_label(self) -> str:
        return NO_ANSWER if self.status is None else str(self.status)


class Ledger:
    """Every exchange of a run, appended from many threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._exchanges: list[Exchange] = []
        self._anomalies: list[str] = []

    def add(self, exchange: Exchange) -> Exchange:
        with self._lock:
            self._exchanges.append(exchange)
        return exchange

    def anomaly(self, text: str) -> None:
        """Something a player noticed as it happened (an answer it could not have expected)."""
        with self._lock:
            self._anomalies.append(text)

    @property
    def exchanges(self) -> list[Exchange]:
        with self._lock:
            return list(self._exchanges)

    @property
    def anomalies(self) -> list[str]:
        with self._lock:
            return list(self._anomalies)

    def moves_for(self, game_id: str) -> list[Exchange]:
        return [e for e in self.exchanges if e.is_move and e.game_id == game_id]


@dataclass
class ScenarioResult:
    """A scenario's figures; ``anomalies`` empty means it found the service behaving."""

    name: str
    title: str
    requests: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    codes: Counter[str] = field(default_factory=Counter)
    moves_accepted: int = 0
    moves_lost: int = 0
    games_checked: int = 0
    anomalies: list[str] = field(default_factory=list)
    figures: dict[str, Any] = field(default_factory=dict)
    """Figures of this scenario only (kills, flushes, lost answers resolved...)."""
    seconds: float = 0.0

    def count(self, ledger: Ledger) -> None:
        """Add the ledger's requests and answers to the tallies, and its players' anomalies."""
        for exchange in ledger.exchanges:
            self.requests += 1
            self.statuses[exchange.status_label] += 1
            if exchange.code:
                self.codes[f"{exchange.status} {exchange.code}"] += 1
        self.anomalies.extend(ledger.anomalies)

    @property
    def server_errors(self) -> int:
        return sum(n for status, n in self.statuses.items() if status.isdigit() and int(status) >= 500)

    def statuses_text(self) -> str:
        """``200: 812, 412: 96, no answer: 3``, statuses in order."""
        ordered = sorted(self.statuses.items(), key=lambda item: (not item[0].isdigit(), item[0]))
        return ", ".join(f"{status}: {count}" for status, count in ordered)
