"""Prometheus metrics: what the service counts, and the text ``GET /metrics`` answers with.

Every request costs one counter increment and one histogram observation; beside them
the service counts what an operator alerts on: moves applied, problem answers by
``code``, version conflicts and store errors. Labels carry operation ids (the
contract's ``operationId``), never raw paths, so the number of series stays fixed
whatever clients send.

Each app owns its ``Metrics`` (its own registry). Gunicorn runs several worker
processes: ``gunicorn.conf.py`` sets ``PROMETHEUS_MULTIPROC_DIR`` before any worker
starts, each worker then writes its values to its own files there (prometheus_client's
multiprocess mode) and a scrape answered by any worker sums them all. Without that
variable (the Flask test client, a script) the values live in the app's registry.
"""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable
from enum import StrEnum

from prometheus_client import CollectorRegistry, Counter, Histogram, disable_created_metrics, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_PLAIN_0_0_4
from prometheus_client.metrics_core import Metric
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import Collector

from service.play.moves import SavedMove
from service.play.refusals import ConcurrentUpdate, VersionMismatch
from service.store import CorruptData, StoreUnavailable

MULTIPROCESS_DIR_VARIABLE = "PROMETHEUS_MULTIPROC_DIR"
CONTENT_TYPE = CONTENT_TYPE_PLAIN_0_0_4
"""The classic text format: every Prometheus version and scraper reads it."""
UNMATCHED = "unmatched"
"""The operation label of a request that matched no route (404, 405)."""
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Seconds: a request normally takes a few milliseconds; the store gives up after 0.5 s."""

# No ``*_created`` series: multiprocess mode has none, so one worker or many expose the same names.
disable_created_metrics()  # type: ignore[no-untyped-call]  # prometheus_client leaves it unannotated


class Conflict(StrEnum):
    """What became of a move that found the game at another version than it expected."""

    REJUDGED = "rejudged"
    """Its compare-and-set lost a race; it was judged again against the new state (no If-Match)."""
    PRECONDITION_FAILED = "precondition_failed"
    """``If-Match`` named a version the game is no longer at: 412."""
    GAVE_UP = "gave_up"
    """It lost every race it was allowed: 409 ``concurrent_update``."""


class StoreError(StrEnum):
    UNAVAILABLE = "unavailable"
    """The store did not answer, or refused to (503 ``storage_unavailable``)."""
    CORRUPT = "corrupt"
    """The store holds data this service never writes (500 ``corrupt_game``)."""


class WorkerFiles(Collector):
    """Every worker's values summed from their files in ``directory``, as prometheus_client's
    ``MultiProcessCollector`` sums them, but for the files still empty. A worker creates its file
    before it sizes it (prometheus/client_python#1199): a scrape, or a worker starting, that read one
    then failed, and a worker killed in that moment leaves it empty for good. A file is only ever
    made longer, so one that is not empty when listed can be read."""

    def __init__(self, directory: str) -> None:
        self.directory = directory

    def collect(self) -> Iterable[Metric]:
        files = [path for path in glob.glob(os.path.join(self.directory, "*.db")) if os.path.getsize(path)]
        merged: Iterable[Metric] = MultiProcessCollector.merge(files, accumulate=True)  # type: ignore[no-untyped-call]
        return merged


class Metrics:
    """One app's counters and histogram, and the exposition a scrape reads."""

    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry(auto_describe=True)
        self.http_requests = Counter(
            "restart_http_requests",
            "HTTP requests answered, by operation id and status.",
            ["operation", "status"],
            registry=registry,
        )
        self.http_latency = Histogram(
            "restart_http_request_duration_seconds",
            "Time from the request reaching the app to its response, by operation id.",
            ["operation"],
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.games_created = Counter("restart_games_created", "Games created.", registry=registry)
        self.moves_applied = Counter(
            "restart_moves_applied", "Moves judged legal and saved.", registry=registry
        )
        self.games_finished = Counter(
            "restart_games_finished", "Games whose last move ended them.", registry=registry
        )
        self.problems = Counter(
            "restart_problems",
            "Requests refused or failed with a problem+json answer, by its code.",
            ["code"],
            registry=registry,
        )
        self.version_conflicts = Counter(
            "restart_version_conflicts",
            "Moves that found the game at another version than they expected, by what became of them.",
            ["outcome"],
            registry=registry,
        )
        self.game_copies = Counter(
            "restart_move_game_copies",
            "Moves saved, by how they found their game: read from the store, or this process's copy, "
            "current (hit) or stale.",
            ["outcome"],
            registry=registry,
        )
        self.turns_waited = Counter(
            "restart_requests_waited",
            "Requests that waited for their turn, CONCURRENT_REQUESTS others running in their process.",
            registry=registry,
        )
        self.turn_wait = Counter(
            "restart_requests_waited_seconds",
            "Seconds requests waited for their turn, in all.",
            registry=registry,
        )
        self.store_errors = Counter(
            "restart_store_errors",
            "Store calls that failed, by kind (unavailable: 503; corrupt: 500).",
            ["kind"],
            registry=registry,
        )
        # Series that exist before their first event, so a rate over them is 0 and not "no data".
        for conflict in Conflict:
            self.version_conflicts.labels(conflict.value)
        for error in StoreError:
            self.store_errors.labels(error.value)
        self._exposed = self._exposed_registry()

    def _exposed_registry(self) -> CollectorRegistry:
        """The registry a scrape reads: the sum over every worker's files, or this app's own."""
        directory = os.environ.get(MULTIPROCESS_DIR_VARIABLE)
        if directory is None:
            return self.registry
        summed = CollectorRegistry()  # describes nothing when registering: reads no file before a scrape
        summed.register(WorkerFiles(directory))
        return summed

    def request_served(self, operation: str, status: int, seconds: float) -> None:
        self.http_requests.labels(operation, str(status)).inc()
        self.http_latency.labels(operation).observe(seconds)

    def waited_turn(self, seconds: float) -> None:
        self.turns_waited.inc()
        self.turn_wait.inc(seconds)

    def move_saved(self, saved: SavedMove) -> None:
        self.moves_applied.inc()
        if saved.finished:
            self.games_finished.inc()
        if saved.rejudged:
            self.version_conflicts.labels(Conflict.REJUDGED.value).inc(saved.rejudged)
        self.game_copies.labels(saved.copy.value).inc()

    def refused(self, error: BaseException, code: str) -> None:
        """A problem answer with ``code``, for ``error``: counted by code, and by kind where one is kept."""
        self.problems.labels(code).inc()
        if isinstance(error, VersionMismatch):
            self.version_conflicts.labels(Conflict.PRECONDITION_FAILED.value).inc()
        elif isinstance(error, ConcurrentUpdate):
            self.version_conflicts.labels(Conflict.REJUDGED.value).inc(error.attempts)
            self.version_conflicts.labels(Conflict.GAVE_UP.value).inc()
        elif isinstance(error, StoreUnavailable):
            self.store_errors.labels(StoreError.UNAVAILABLE.value).inc()
        elif isinstance(error, CorruptData):
            self.store_errors.labels(StoreError.CORRUPT.value).inc()

    def exposition(self) -> bytes:
        """Every metric in the Prometheus text format, summed over the workers."""
        return generate_latest(self._exposed)
