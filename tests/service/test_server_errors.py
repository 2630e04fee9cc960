"""Requests gunicorn refuses before the app sees them still get problem+json answers."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from harness.http_client import raw_exchange
from harness.service_process import ServiceProcess


@pytest.fixture(scope="module")
def server() -> Iterator[ServiceProcess]:
    with ServiceProcess(None, workers=1) as process:
        yield process


def raw_request(server: ServiceProcess, request: bytes) -> tuple[int, dict[str, str], bytes]:
    return raw_exchange("127.0.0.1", server.port, request, timeout=5)


@pytest.mark.parametrize(
    "request_bytes, status, code",
    [
        (b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, "uri_too_long"),
        (
            b"GET /healthz HTTP/1.1\r\nHost: x\r\n"
            + b"".join(b"X-%d: y\r\n" % n for n in range(101))
            + b"\r\n",
            431,
            "header_fields_too_large",
        ),
        (
            b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"y" * 9000 + b"\r\n\r\n",
            431,
            "header_fields_too_large",
        ),
        (b"NOT HTTP AT ALL\r\n\r\n", 400, "bad_request"),
    ],
    ids=["request-line-too-long", "too-many-headers", "header-too-large", "not-http"],
)
def test_gunicorn_refusals_are_problem_json(
    server: ServiceProcess, request_bytes: bytes, status: int, code: str
) -> None:
    answered, headers, body = raw_request(server, request_bytes)
    assert answered == status
    assert headers["content-type"] == "application/problem+json"
    problem = json.loads(body)
    assert problem["status"] == status and problem["code"] == code
    assert problem["type"].endswith("/" + code) and problem["detail"]
