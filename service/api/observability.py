"""Request ids, JSON logs, and the access line (``service.api.edge`` writes one per request).

``X-Request-ID`` is taken from the client when it is sane (1 to 128 visible ASCII
characters) or made here, and returned on every response, so a client's report and
our logs meet. Each log line is one JSON object, shaped by one function
(``json_line``) for the app's log records and for the access line alike. The access
line is written straight to stderr rather than through ``logging``, which cost several
percent of a move's work (docs/PERFORMANCE.md). It is off when ``ACCESS_LOG=0`` or the
level is above INFO.
"""

from __future__ import annotations

import logging
import os
import re
import secrets
import sys
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from flask import has_request_context, request

from service.api.context import EXCHANGE_KEY
from service.encoding import dumps
from service.settings import Settings

REQUEST_ID_HEADER = "X-Request-ID"
_SANE_REQUEST_ID = re.compile(r"[\x21-\x7e]{1,128}")
LOGGER_NAME = "service"
ACCESS_LOGGER_NAME = "service.access"


def json_line(created: float, level: str, logger: str, message: str, fields: Mapping[str, Any]) -> str:
    """One log line: the members every line has, then the line's own fields."""
    document = {
        "time": datetime.fromtimestamp(created, UTC).isoformat(timespec="milliseconds"),
        "level": level,
        "logger": logger,
        "message": message,
        "pid": os.getpid(),  # which gunicorn worker wrote it
        **fields,
    }
    return dumps(document, default=str)  # a log line never fails for a field it cannot encode


class JsonFormatter(logging.Formatter):
    """The app's log records as ``json_line``; ``extra={"fields": {...}}`` adds members."""

    def format(self, record: logging.LogRecord) -> str:
        fields: dict[str, Any] = {}
        if has_request_context() and EXCHANGE_KEY in request.environ:
            fields["request_id"] = request.environ[EXCHANGE_KEY].request_id
        fields.update(getattr(record, "fields", None) or {})
        if record.exc_info:
            fields["exception"] = self.formatException(record.exc_info)
        return json_line(record.created, record.levelname, record.name, record.getMessage(), fields)


class _JsonHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Marks the handler this module installed, so a second app in one process adds no second one."""


def configure_logging(level: str) -> None:
    logger = logging.getLogger(LOGGER_NAME)
    logger.setLevel(level)
    if not any(isinstance(handler, _JsonHandler) for handler in logger.handlers):
        handler = _JsonHandler(sys.stderr)
        handler.setFormatter(JsonFormatter())
        logger.addHandler(handler)


def write_access_line(fields: Mapping[str, Any]) -> None:
    line = json_line(time.time(), "INFO", ACCESS_LOGGER_NAME, "request", fields)
    sys.stderr.write(line + "\n")  # stderr is line-buffered: one write per line


def request_id(offered: str) -> str:
    """The client's request id when it is sane, else a new one: 128 random bits in hex (the shape
    of a UUID's hex, at a third of what building a ``uuid.UUID`` costs)."""
    return offered if _SANE_REQUEST_ID.fullmatch(offered) else secrets.token_hex(16)


def access_log_enabled(settings: Settings) -> bool:
    """ACCESS_LOG=0 for deployments whose load balancer logs every request already."""
    return settings.access_log and logging.getLogger(LOGGER_NAME).isEnabledFor(logging.INFO)
