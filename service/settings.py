"""Every setting of the service, read from the environment once.

``Settings.from_environment()`` is called by the WSGI entry point (and by gunicorn.conf.py
for the settings they share); ``create_app`` takes the result. Tests build their own
``Settings`` and never touch the process environment. A value that cannot be read stops
the start with the variable's name, rather than falling back silently.

Defaults live in the dataclasses (here and in ``service.store.config``): a variable that
is absent leaves the field at its default.
"""

from __future__ import annotations

import ipaddress
import math
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from service.admission.config import LimitDefaults
from service.play.rating_config import RatingSettings, client_ids, rating_pools
from service.store.config import Expiry, RedisOptions
from service.webhooks.config import Network, WebhookSettings

T = TypeVar("T")

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off"})


class SettingError(ValueError):
    """An environment variable holds a value its setting cannot take."""


def flag(text: str) -> bool:
    word = text.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ValueError(f"{text!r} is not one of {', '.join(sorted(TRUE_WORDS | FALSE_WORDS))}")


def positive_int(text: str) -> int:
    number = int(text)
    if number < 1:
        raise ValueError(f"{number} is not a positive whole number")
    return number


def non_negative_int(text: str) -> int:
    number = int(text)
    if number < 0:
        raise ValueError(f"{number} is not a whole number, zero or more")
    return number


def positive_float(text: str) -> float:
    number = float(text)
    if not number > 0:
        raise ValueError(f"{number} is not a positive number")
    return number


def niceness(text: str) -> int:
    number = int(text)
    if not 0 <= number <= 19:
        raise ValueError(f"{number} is not a niceness from 0 to 19")
    return number


def non_negative_float(text: str) -> float:
    number = float(text)
    if not (math.isfinite(number) and number >= 0):
        raise ValueError(f"{number} is not a number of seconds, zero or more")
    return number


def origins(text: str) -> frozenset[str]:
    """``https://a.example, https://b.example/`` or ``*``; a trailing slash is not part of an origin."""
    return frozenset(origin.strip().rstrip("/") for origin in text.split(",") if origin.strip())


def networks(text: str) -> tuple[Network, ...]:
    """``10.0.0.1, 10.1.0.0/16, ::1``: addresses or networks."""
    return tuple(ipaddress.ip_network(part.strip(), strict=False) for part in text.split(",") if part.strip())


def retry_schedule(text: str) -> tuple[float, ...]:
    """``5, 300, 1800``: the seconds to wait after each failed attempt, in order."""
    delays = tuple(float(part) for part in text.split(","))
    if not all(math.isfinite(delay) and delay >= 0 for delay in delays):
        raise ValueError("every delay must be a finite number of seconds, zero or more")
    return delays


def readable_file(text: str) -> str:
    if not os.path.isfile(text) or not os.access(text, os.R_OK):
        raise ValueError(f"{text!r} is not a readable file")
    return text


def log_level(text: str) -> str:
    level = text.strip().upper()
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
        raise ValueError(f"{text!r} is not a log level")
    return level


class EnvironmentReader:
    """Reads named variables, converting each; an error names the variable."""

    def __init__(self, environ: Mapping[str, str]) -> None:
        self.environ = environ

    def read(self, name: str, convert: Callable[[str], T]) -> T | None:
        text = self.environ.get(name)
        if text is None or text.strip() == "":
            return None
        try:
            return convert(text)
        except ValueError as error:
            raise SettingError(f"{name}={text!r}: {error}") from None

    def fields(self, names: Mapping[str, tuple[str, Callable[[str], Any]]]) -> dict[str, Any]:
        """``{field: (VARIABLE, convert)}`` -> the fields whose variable is set, converted."""
        found = {name: self.read(variable, convert) for name, (variable, convert) in names.items()}
        return {name: value for name, value in found.items() if value is not None}


@dataclass(frozen=True, slots=True)
class WorkerSettings:
    """The background worker's clock (``service.worker``): how soon what a dead worker held is
    another's. Each must exceed the longest it holds one game's batch (a few bot moves)."""

    lease: float = 10.0
    """Seconds a worker holds a game it handles, renewed each batch."""
    reclaim_after: float = 15.0
    """Seconds after which a doorbell taken and never finished is another worker's."""
    sweep_every: float = 300.0
    """Seconds between two sweeps over every outbox (by one worker), for doorbells never rung."""
    deadline_poll: float = 0.1
    """Seconds a round waits for a doorbell at most, so that a deadline due is fired within about
    that long (each round takes the games due: one command)."""
    heartbeat_file: str | None = None
    """A file the worker touches every round, for a liveness probe (``python -m service.worker --check``)."""
    nice: int = 10
    """Niceness the worker process adds to its own: where it shares cores with the API's workers
    (compose on one host, ``make serve``), requests go before a bot's search. 0 keeps its priority."""


CONCURRENT_REQUESTS = 0
"""The default, off: on two cores the turns bought the tenants scenario nothing measurable, and a
client's requests past the slots wait instead of meeting its in-flight cap (docs/RELIABILITY.md,
"tenants")."""


@dataclass(frozen=True, slots=True)
class Settings:
    redis: RedisOptions | None = None
    """None: the embedded in-memory store (one process, lost on exit)."""
    expiry: Expiry = field(default_factory=Expiry)
    cors_origins: frozenset[str] = frozenset()
    """Origins allowed to call the API from a browser; ``*`` for any; empty: no CORS at all."""
    log_level: str = "INFO"
    access_log: bool = True
    """One JSON line per request; off for a deployment whose load balancer logs requests."""
    max_body_bytes: int = 64 * 1024
    max_record_bytes: int = 1024 * 1024
    """A game record sent to ``POST /v1/records/verify``: a whole game, larger than any other body."""
    limits: LimitDefaults = field(default_factory=LimitDefaults)
    trusted_proxies: tuple[Network, ...] = ()
    """Peers whose ``X-Forwarded-For`` names the client's address; by default nobody's is believed."""
    development_client: bool = False
    """Make the development client (``make run``): the embedded store only."""
    stream_heartbeat: float = 15.0
    """Seconds of silence after which a stream sends a keep-alive (proxies close idle connections)."""
    hint_wait: float = 5.0
    """Seconds a request for a worker's hint (``expert``) waits for a worker's answer (then 503)."""
    concurrent_requests: int = CONCURRENT_REQUESTS
    """Requests one process runs at once; the others wait their client's turn
    (``service.api.fair_queue``). 0: every request runs as it comes, as gevent starts it."""
    worker: WorkerSettings = field(default_factory=WorkerSettings)
    webhooks: WebhookSettings = field(default_factory=WebhookSettings)
    ratings: RatingSettings = field(default_factory=RatingSettings)

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> Settings:
        reader = EnvironmentReader(os.environ if environ is None else environ)
        url = reader.read("REDIS_URL", str)
        redis = None
        if url is not None:
            redis = RedisOptions(url, **reader.fields({
                "cluster": ("REDIS_CLUSTER", flag),
                "connect_timeout": ("REDIS_CONNECT_TIMEOUT", positive_float),
                "socket_timeout": ("REDIS_SOCKET_TIMEOUT", positive_float),
                "pool_size": ("REDIS_POOL_SIZE", positive_int),
                "game_cache_bytes": ("GAME_CACHE_BYTES", non_negative_int),
            }))  # fmt: skip
        expiry = Expiry(**reader.fields({
            "idle": ("GAME_IDLE_TTL", positive_int),
            "finished": ("GAME_FINISHED_TTL", positive_int),
        }))  # fmt: skip
        limits = LimitDefaults(**reader.fields({
            "requests_per_second": ("CLIENT_REQUESTS_PER_SECOND", positive_int),
            "games_per_minute": ("CLIENT_GAMES_PER_MINUTE", positive_int),
            "max_open_games": ("CLIENT_MAX_OPEN_GAMES", positive_int),
            "max_in_flight": ("CLIENT_MAX_IN_FLIGHT", positive_int),
            "max_streams": ("CLIENT_MAX_STREAMS", positive_int),
            "auth_failures_per_minute": ("AUTH_FAILURES_PER_MINUTE", positive_int),
        }))  # fmt: skip
        worker = WorkerSettings(**reader.fields({
            "lease": ("WORKER_LEASE_SECONDS", positive_float),
            "reclaim_after": ("WORKER_RECLAIM_SECONDS", positive_float),
            "sweep_every": ("WORKER_SWEEP_SECONDS", positive_float),
            "deadline_poll": ("WORKER_DEADLINE_POLL_SECONDS", positive_float),
            "heartbeat_file": ("WORKER_HEARTBEAT_FILE", str),
            "nice": ("WORKER_NICE", niceness),
        }))  # fmt: skip
        webhooks = WebhookSettings(**reader.fields({
            "retry_schedule": ("WEBHOOK_RETRY_SCHEDULE", retry_schedule),
            "allowed_networks": ("WEBHOOK_ALLOWED_NETWORKS", networks),
            "ca_file": ("WEBHOOK_CA_FILE", readable_file),
            "connect_timeout": ("WEBHOOK_CONNECT_TIMEOUT_SECONDS", positive_float),
            "attempt_timeout": ("WEBHOOK_ATTEMPT_TIMEOUT_SECONDS", positive_float),
            "max_answer_bytes": ("WEBHOOK_MAX_ANSWER_BYTES", positive_int),
            "rotation_grace": ("WEBHOOK_ROTATION_GRACE_SECONDS", non_negative_float),
            "senders": ("WEBHOOK_SENDERS", positive_int),
            "max_pending": ("WEBHOOK_MAX_PENDING", positive_int),
        }))  # fmt: skip
        ratings = RatingSettings(**reader.fields({
            "pools": ("RATING_POOLS", rating_pools),
            "unrated_takebacks": ("RATINGS_SKIP_TAKEBACKS", client_ids),
        }))  # fmt: skip
        settings = cls(redis, expiry, limits=limits, worker=worker, webhooks=webhooks, ratings=ratings,
                       **reader.fields({
            "cors_origins": ("CORS_ORIGINS", origins),
            "log_level": ("LOG_LEVEL", log_level),
            "access_log": ("ACCESS_LOG", flag),
            "trusted_proxies": ("TRUSTED_PROXIES", networks),
            "development_client": ("DEVELOPMENT_CLIENT", flag),
            "stream_heartbeat": ("STREAM_HEARTBEAT_SECONDS", positive_float),
            "hint_wait": ("HINT_WAIT_SECONDS", positive_float),
            "concurrent_requests": ("CONCURRENT_REQUESTS", non_negative_int),
        }))  # fmt: skip
        if settings.development_client and settings.redis is not None:
            raise SettingError("DEVELOPMENT_CLIENT: only for the embedded store (REDIS_URL unset)")
        return settings
