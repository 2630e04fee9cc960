"""Forward compatibility, tested: clients generated from a contract that lacks values the service sends.

A copy of openapi.yaml without one problem code (``game_over``), one event type (``passed``), one webhook
event type (``game.moved``) and one bot level (``expert``) stands for a contract published before the
service added them. The Python client generated from it (openapi-python-client) and the TypeScript client
type-checked against types generated from it (openapi-typescript) play a scripted game against the real
service (gunicorn, the worker, Redis, an HTTPS receiver of the webhook) that sends exactly those values:
nothing fails to parse, and each value reaches the caller as something it can read (the raw string, the
raw event). The clients generated from each released contract from 1.2.0 on play the same game and read
the same values as the ones they know.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from harness.certificates import Certificates, make_certificates
from harness.contract_check import CURRENT, RELEASED_DIR, releases
from harness.generated_clients import TYPESCRIPT_CLIENT, generate_python_client
from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess
from harness.webhook_receiver import ALLOWED_NETWORKS, WebhookReceiver
from harness.worker_process import WorkerProcess
from tests.service.service_support import wait_until

GAME = Path(__file__).with_name("later_values_game.py")
WITHIN = 60.0
"""Seconds the deliveries may take to arrive: a guard against a hang, not a speed bound."""
LATER = {"code": "game_over", "event": "passed", "webhook": "game.moved", "level": "expert"}
"""What the copy of the contract leaves out: the values "added later"."""
OPEN_FROM = (1, 2, 0)
"""The first release whose sets are open: clients of earlier ones break on a new value (CHANGELOG.md)."""


def without_later_values(contract: dict[str, Any]) -> dict[str, Any]:
    """The contract as it stood before the service added the ``LATER`` values."""
    older = copy.deepcopy(contract)
    schemas = older["components"]["schemas"]
    schemas["ProblemCode"]["enum"].remove(LATER["code"])
    schemas["IllegalCode"]["enum"].remove(LATER["code"])
    for schema in schemas.values():
        for part in schema.get("allOf", []):
            code = part.get("properties", {}).get("code", {})
            for branch in code.get("anyOf", []):
                if LATER["code"] in branch.get("enum", []):
                    branch["enum"].remove(LATER["code"])
    schemas["EventType"]["enum"].remove(LATER["event"])
    for union, branch in (("Event", "Passed"), ("SequencedEvent", "SequencedPassed")):
        schemas[union]["oneOf"].remove({"$ref": f"#/components/schemas/{branch}"})
        del schemas[branch]
    schemas["WebhookEventType"]["enum"].remove(LATER["webhook"])
    schemas["BotLevel"]["enum"].remove(LATER["level"])
    return older


@pytest.fixture(scope="module")
def certificates() -> Iterator[Certificates]:
    with tempfile.TemporaryDirectory(prefix="later-certificates-") as directory:
        yield make_certificates(Path(directory))


@pytest.fixture(scope="module")
def receiver(certificates: Certificates) -> Iterator[WebhookReceiver]:
    with WebhookReceiver(certificates) as running:
        yield running


@pytest.fixture(scope="module")
def service(certificates: Certificates) -> Iterator[ServiceProcess]:
    """gunicorn and the worker on a private Redis; webhooks may reach the receiver on loopback."""
    environment = {"WEBHOOK_ALLOWED_NETWORKS": ALLOWED_NETWORKS, "WEBHOOK_CA_FILE": str(certificates.ca)}
    with (
        RedisServer() as redis,
        ServiceProcess(redis.url, workers=1, env=environment) as served,
        WorkerProcess(redis.url, env=environment),
    ):
        yield served


def contracts() -> list[Any]:
    """The copy without the later values, then every released contract whose sets are open."""
    later = [pytest.param("later-values", id="without-later-values")]
    released = [
        pytest.param(path.name, id=path.stem)
        for path in releases()
        if tuple(int(part) for part in path.stem.lstrip("v").split(".")) >= OPEN_FROM
    ]
    return later + released


def contract_file(name: str, folder: Path) -> tuple[Path, set[str]]:
    """The contract to generate from, and the ``LATER`` values it lacks."""
    if name == "later-values":
        path = folder / "openapi.yaml"
        path.write_text(
            yaml.safe_dump(without_later_values(yaml.safe_load(CURRENT.read_text())), sort_keys=False)
        )
        return path, set(LATER.values())
    return RELEASED_DIR / name, set()


def run(command: list[str], env: dict[str, str] | None = None, cwd: Path | None = None) -> str:
    ran = subprocess.run(command, capture_output=True, text=True, env=env, cwd=cwd, timeout=300, check=False)
    assert ran.returncode == 0, f"{' '.join(command)}:\n{ran.stdout}\n{ran.stderr}"
    return ran.stdout


def read_as(value: str, unknown: set[str]) -> dict[str, Any]:
    """How a client must hand over ``value``: a plain string where its contract lacks it, else its enum's."""
    return {"value": value, "known": value not in unknown}


@pytest.mark.parametrize("name", contracts())
def test_the_python_client_reads_values_added_after_it(
    name: str, service: ServiceProcess, receiver: WebhookReceiver, tmp_path: Path
) -> None:
    contract, unknown = contract_file(name, tmp_path)
    generate_python_client(tmp_path / "client", contract)
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "client")}
    report = json.loads(
        run([sys.executable, str(GAME), "play", service.url, service.api_key, receiver.url()], env)
    )
    assert report["client"].startswith(str(tmp_path))  # this generation, not the installed clients/python
    assert read_as(LATER["code"], unknown) == report["verdict"] == report["refused"]
    assert read_as(LATER["level"], unknown) in report["bot_levels"]
    assert read_as(LATER["webhook"], unknown) in report["webhook"]["events"]
    passed_class = "SequencedLaterEvent" if unknown else "SequencedPassed"
    passes = [event for event in report["log"] if event["type"] == LATER["event"]]
    assert passes and all(event["class"] == passed_class for event in passes)
    assert report["log"][0]["type"] == "round_dealt" and report["log"][1:] == report["answered"]
    assert {event["class"] for event in report["log"]} & {"SequencedLaterEvent"} == (
        {"SequencedLaterEvent"} if unknown else set()
    )  # only the event type the contract lacks is read as a later one
    streamed = [frame for frame in report["stream"] if frame["class"] == "EventFrame"]
    assert [frame["data"] for frame in streamed] == report["log"]
    assert read_as(LATER["event"], unknown) in [frame["event"] for frame in streamed]

    game_id = report["game_id"]

    def told_to_the_end() -> bool:
        bodies = [json.loads(request.body) for request in receiver.received()]
        return any(body["type"] == "game.finished" and body["data"]["game_id"] == game_id for body in bodies)

    wait_until(told_to_the_end, WITHIN, "the game's deliveries")
    bodies = [json.loads(request.body) for request in receiver.received()]
    (tmp_path / "bodies.json").write_text(json.dumps([b for b in bodies if b["data"]["game_id"] == game_id]))
    command = [sys.executable, str(GAME), "deliveries", service.url, service.api_key, report["webhook"]["id"]]
    told = json.loads(run([*command, str(tmp_path / "bodies.json")], env))
    assert read_as(LATER["webhook"], unknown) in [payload["type"] for payload in told["payloads"]]
    assert read_as(LATER["webhook"], unknown) in [delivery["type"] for delivery in told["listed"]]
    told_events = [event for payload in told["payloads"] for event in payload["events"]]
    assert any(event["type"] == LATER["event"] and event["class"] == passed_class for event in told_events)
    # Its webhook deleted: every contract's run registers one, and a client may have at most 10.
    gone = urllib.request.Request(
        f"{service.url}/v1/webhooks/{report['webhook']['id']}",
        method="DELETE",
        headers={"X-API-Key": service.api_key},
    )
    with urllib.request.urlopen(gone, timeout=10) as deleted:
        assert deleted.status == 204


@pytest.mark.parametrize("name", contracts())
def test_the_typescript_client_reads_values_added_after_it(
    name: str, service: ServiceProcess, tmp_path: Path
) -> None:
    contract, _ = contract_file(name, tmp_path)
    project = tmp_path / "typescript"
    for part in ("src", "test"):
        shutil.copytree(TYPESCRIPT_CLIENT / part, project / part)
    shutil.copy(TYPESCRIPT_CLIENT / "tsconfig.json", project)
    (project / "package.json").write_text('{"type": "module"}')
    (project / "node_modules").symlink_to(TYPESCRIPT_CLIENT / "node_modules")
    tools = TYPESCRIPT_CLIENT / "node_modules" / ".bin"
    types = project / "src" / "schema.d.ts"
    run(
        [
            str(tools / "openapi-typescript"),
            str(contract),
            "--default-non-nullable",
            "false",
            "-o",
            str(types),
        ]
    )
    run([str(tools / "tsc"), "-p", str(project)])  # the client and the test type-check against these types
    run([str(tools / "tsc"), "-p", str(project), "--noEmit", "false", "--outDir", str(project / "build")])
    report_file = tmp_path / "report.json"
    env = {
        **os.environ,
        "RESTART_BASE_URL": service.url,
        "RESTART_API_KEY": service.api_key,
        "RESTART_LATER_REPORT": str(report_file),
    }
    run(["node", "--test", str(project / "build" / "test" / "later.test.js")], env, cwd=project)
    report = json.loads(report_file.read_text())
    assert report["code"] == LATER["code"] and LATER["level"] in report["levels"]
    assert LATER["event"] in report["log"]
    assert [LATER["event"]] * 2 in report["streamed"]
