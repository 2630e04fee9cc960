"""Gunicorn's own refusals, as problem+json like every other answer of the service.

A request gunicorn cannot parse (a request line over ``limit_request_line``, too many
or too large header fields, malformed HTTP) is refused by gunicorn itself, before the
app sees it, with an HTML page. gunicorn.conf.py puts ``write_problem`` in place of
gunicorn's writer, so a client meets one error format whatever refused it.
"""

from __future__ import annotations

import socket

from gunicorn import util

from service.api.problems import API_PROBLEMS, Problem, code_for_status
from service.rules.messages import Message


def write_problem(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    """Drop-in for ``gunicorn.util.write_error``: same arguments, a problem+json body."""
    code = code_for_status(status_int)
    reason = (mesg or str(API_PROBLEMS[code][1]))[:450]
    detail = Message("the HTTP server refused the request: {reason}", reason=reason)
    body = Problem(code, detail, status=status_int).body()  # in English: gunicorn read no header
    payload = body.encode("utf-8")
    head = (
        f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\n"
        f"Content-Type: application/problem+json\r\nContent-Language: en\r\n"
        f"Content-Length: {len(payload)}\r\n\r\n"
    )
    util.write_nonblock(sock, head.encode("latin-1") + payload)


def install() -> None:
    """Called in each worker (gunicorn.conf.py's post_fork): gunicorn calls ``util.write_error``
    through the module, so replacing the module's function is enough."""
    util.write_error = write_problem
