"""Request ids, JSON logs, one access log line and one metrics sample per request.

``X-Request-ID`` is taken from the client when it is sane (1 to 128 visible ASCII
characters) or made here, and returned on every response, so a client's report and
our logs meet. Each log line is one JSON object. The access line is written straight
to stderr rather than through ``logging``: building a LogRecord and passing it through
the handler machinery cost about 5% of a move's throughput. It is off when
``ACCESS_LOG=0`` or the level is above INFO. The request's
duration, measured once, also feeds ``service.api.metrics`` under the operation's
contract id.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import time
import uuid
from datetime import UTC, datetime

from flask import Flask, Response, g, has_request_context, request

from service.api import metrics
from service.api.encoding import dumps
from service.api.operations import OPERATIONS

REQUEST_ID_HEADER = "X-Request-ID"
_SANE_REQUEST_ID = re.compile(r"[\x21-\x7e]{1,128}")
LOGGER_NAME = "service"
ACCESS_LOGGER_NAME = "service.access"
_OPERATION_IDS = {endpoint: operation.operation_id for endpoint, operation in OPERATIONS.items()}
"""Metrics label requests by contract operation id; other endpoints (static files) by their name."""


class JsonFormatter(logging.Formatter):
    """One JSON object per line; ``extra={"fields": {...}}`` adds members."""

    def format(self, record: logging.LogRecord) -> str:
        document = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "pid": record.process,  # which gunicorn worker wrote it
        }
        if has_request_context() and "request_id" in g:
            document["request_id"] = g.request_id
        fields = getattr(record, "fields", None)
        if fields:
            document.update(fields)
        if record.exc_info:
            document["exception"] = self.formatException(record.exc_info)
        return json.dumps(document, default=str)


class _JsonHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Marks the handler this module installed, so a second app in one process adds no second one."""


def configure_logging(level: str) -> None:
    logger = logging.getLogger(LOGGER_NAME)
    logger.setLevel(level.upper())
    if not any(isinstance(handler, _JsonHandler) for handler in logger.handlers):
        handler = _JsonHandler(sys.stderr)
        handler.setFormatter(JsonFormatter())
        logger.addHandler(handler)


def _start() -> None:
    g.started = time.perf_counter()
    offered = request.headers.get(REQUEST_ID_HEADER, "")
    g.request_id = offered if _SANE_REQUEST_ID.fullmatch(offered) else uuid.uuid4().hex


class AccessLog:
    """One JSON line per request on stderr, in the shape of the other log lines."""

    enabled = True

    def write(self, fields: dict[str, object]) -> None:
        line = {
            "time": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "level": "INFO",
            "logger": ACCESS_LOGGER_NAME,
            "message": "request",
            "pid": os.getpid(),
            **fields,
        }
        sys.stderr.write(dumps(line) + "\n")  # stderr is line-buffered: one write per line


access_log = AccessLog()


def _finish(response: Response) -> Response:
    request_id = g.get("request_id") or uuid.uuid4().hex
    response.headers[REQUEST_ID_HEADER] = request_id
    started = g.get("started")
    seconds = time.perf_counter() - started if started else 0.0
    endpoint = request.endpoint
    operation = _OPERATION_IDS.get(endpoint or "", endpoint or metrics.UNMATCHED)
    metrics.request_served(operation, response.status_code, seconds)
    if access_log.enabled:
        access_log.write(
            {
                "method": request.method,
                "path": request.path,
                "status": response.status_code,
                "duration_ms": round(seconds * 1000, 3) if started else None,
                "request_id": request_id,
                "game_id": (request.view_args or {}).get("game_id"),
            }
        )
    return response


def init_app(app: Flask) -> None:
    configure_logging(app.config["LOG_LEVEL"])
    # ACCESS_LOG=0 for deployments whose load balancer logs every request already: the line
    # costs about 5% of a move's throughput (docs/PERFORMANCE.md).
    switched_off = str(app.config["ACCESS_LOG"]).lower() in ("0", "false", "no", "off")
    access_log.enabled = not switched_off and logging.getLogger(LOGGER_NAME).isEnabledFor(logging.INFO)
    app.before_request(_start)
    app.after_request(_finish)
