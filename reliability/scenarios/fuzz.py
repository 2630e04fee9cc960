"""Schemathesis over the whole contract, against gunicorn on Redis, with a large example budget.

tests/contract/test_schemathesis.py runs schemathesis in process on the in-memory store
with a fixed small budget on every ``make test``; this runs the command-line tool with
the same settings file (tests/contract/schemathesis.toml: every default check, the
documented refusals) against the production setup, every phase, many more examples.
The service's own access log (one JSON line per request) gives the answers by status.

One kind of failure is not the service's: a generated request line over gunicorn's
4094-byte limit (or headers over its limits) is refused by gunicorn's HTTP parser with
414 ``uri_too_long`` or 431 ``header_fields_too_large`` before any operation runs. The
contract documents these once for every path rather than per operation, so schemathesis
reports them as undocumented statuses; they are counted, not held against the service.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from harness.games import Game
from harness.service_process import REPO
from reliability.players import create_tables
from reliability.results import ScenarioResult
from reliability.stack import stack

CONFIG_FILE = REPO / "tests" / "contract" / "schemathesis.toml"
FRAMING_REFUSALS = frozenset({"414", "431"})
SERVER_REFUSAL = '{"type"'
"""How a problem+json body starts: gunicorn's refusals come as problem+json too."""


def fuzz(*, max_examples: int = 500, seed: int = 6, timeout: float = 900.0) -> ScenarioResult:
    result = ScenarioResult("fuzz", "Schemathesis over the whole contract")
    started = time.monotonic()
    # Schemathesis sends invalid credentials on purpose, many a minute: the address limit is raised.
    with (
        stack(log_level="INFO", env={"AUTH_FAILURES_PER_MINUTE": "1000000"}) as running,
        tempfile.TemporaryDirectory(prefix="restart-fuzz-") as reports,
    ):
        table, deleted, seats = create_tables(running.urls[0], running.api_key, 3, seed * 10_000, players=3)
        command = [
            str(Path(sys.executable).with_name("schemathesis")),
            "--config-file", str(CONFIG_FILE),
            "run", f"{running.urls[0]}/openapi.json",
            "--max-examples", str(max_examples),
            "--seed", str(seed),
            "--report", "json", "--report-json-path", f"{reports}/run.json",
        ]  # fmt: skip
        ran = subprocess.run(
            command, env={**os.environ, **_credentials(table, deleted, seats, running.api_key)},
            capture_output=True, text=True,
            timeout=timeout, check=False,
        )  # fmt: skip
        report_path = Path(reports, "run.json")
        report = json.loads(report_path.read_text()) if report_path.exists() else {}
        statuses = _statuses(running.services[0].log_path)
    cases = report.get("test_cases", {})
    result.requests = sum(statuses.values())
    result.statuses.update(statuses)
    result.figures.update(
        {
            "examples per operation": max_examples,
            "test cases": cases.get("generated", 0),
            "test cases failing": cases.get("with_failures", 0),
            "errors": len(report.get("errors", [])),
            "operations tested": report.get("operations", {}).get("tested", 0),
        }
    )
    refused = _refused_by_gunicorn(ran.stdout)
    result.statuses.update(refused)
    result.requests += len(refused)
    result.figures["of which gunicorn's own 414/431"] = len(refused)
    only_refused = bool(refused) and cases.get("with_failures") == len(refused)
    if (ran.returncode != 0 and not only_refused) or not report or report.get("errors"):
        failures = ran.stdout.split(" FAILURES ", 1)[-1][:6000]
        result.anomalies.append(f"schemathesis exited {ran.returncode}:\n{failures}\n{ran.stderr[-2000:]}")
    if result.server_errors:
        result.anomalies.append(f"{result.server_errors} answers were 5xx")
    result.seconds = time.monotonic() - started
    return result


def _credentials(table: Game, deleted: Game, seats: Game, key: str) -> dict[str, str]:
    """What tests/contract/schemathesis.toml reads from the environment."""
    return {
        "RESTART_GAME_ID": table.id, "RESTART_ADMIN_TOKEN": table.admin, "RESTART_CLIENT_KEY": key,
        "RESTART_DELETED_GAME_ID": deleted.id, "RESTART_DELETED_GAME_ADMIN": deleted.admin,
        "RESTART_SEATS_GAME_ID": seats.id, "RESTART_SEATS_GAME_ADMIN": seats.admin,
    }  # fmt: skip


def _refused_by_gunicorn(output: str) -> list[str]:
    """The statuses of the failing test cases, if each got gunicorn's 414/431 problem; else none."""
    failures = output.split(" FAILURES ", 1)[-1].split(" SUMMARY ", 1)[0] if " FAILURES " in output else ""
    answers = re.findall(r"^\[(\d{3})\] [^\n]*:\n\n\s*`(.{0,8})", failures, re.M)
    if answers and all(
        status in FRAMING_REFUSALS and page.startswith(SERVER_REFUSAL) for status, page in answers
    ):
        return [status for status, _ in answers]
    return []


def _statuses(log_path: Path) -> Counter[str]:
    """Answers by status from the access log's JSON lines (requests before the tool started included)."""
    found: Counter[str] = Counter()
    for line in log_path.read_text(errors="replace").split("\n"):  # not splitlines: a path may hold U+2028
        if line.startswith("{") and '"service.access"' in line:
            found[str(json.loads(line)["status"])] += 1
    return found
