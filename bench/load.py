"""Driving wrk and reading what it measured."""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

UNITS_US = {"us": 1.0, "ms": 1000.0, "s": 1_000_000.0}


@dataclass(frozen=True)
class LoadResult:
    p50_ms: float
    p99_ms: float
    requests: int
    non_2xx: int
    socket_errors: int
    moves_per_s: float
    """Successful (2xx) answers per second; with a mixed load, scaled to the share of moves."""
    split: str = ""
    """How the connections fell between the workers ("2+2"), when it was read (``bench.split``)."""


def run_wrk(
    url: str,
    script: Path,
    *,
    threads: int,
    connections: int,
    seconds: int,
    env: dict[str, str] | None = None,
    move_share: float = 1.0,
) -> LoadResult:
    command = [
        "wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency", "-s", str(script), url,
    ]  # fmt: skip
    environment = {**os.environ, **(env or {}), "BENCH_THREADS": str(threads)}
    output = subprocess.run(command, env=environment, capture_output=True, text=True, check=True).stdout
    return parse(output, move_share)


def _duration_ms(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()  # type: ignore[union-attr]
    return float(number) * UNITS_US[unit] / 1000.0


def parse(output: str, move_share: float = 1.0) -> LoadResult:
    """Read wrk's summary: rate, latency percentiles, non-2xx answers and socket errors."""
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))  # type: ignore[union-attr]
    percentiles = dict(re.findall(r"^\s+(50|99)%\s+([\d.]+(?:us|ms|s))\s*$", output, re.MULTILINE))
    requests = int(re.search(r"(\d+) requests in", output).group(1))  # type: ignore[union-attr]
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    refused = int(non_2xx.group(1)) if non_2xx else 0
    return LoadResult(
        p50_ms=_duration_ms(percentiles["50"]),
        p99_ms=_duration_ms(percentiles["99"]),
        requests=requests,
        non_2xx=refused,
        socket_errors=sum(int(n) for n in socket.groups()) if socket else 0,
        moves_per_s=rate * (requests - refused) / requests * move_share if requests else 0.0,
    )
