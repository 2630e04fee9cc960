"""The contract's examples are real answers: recorded afresh they are the same bytes, every status with a body
has one, and a running sandbox gives them again.

``make examples`` (harness/examples) records them. A fresh recording here must equal openapi.yaml
byte for byte (a changed answer or scenario without ``make examples`` fails), every media type of
every documented status (and every request body) must have examples, all of them recorded ones,
and each replayable step is sent to ``restart-service sandbox`` with the committed request
example as its body: the status, and the body (ids and tokens masked) or its shape, must match.
Each example is also validated against its schema (tests/contract/test_drift.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import jsonschema_rs
import pytest

from harness.examples.__main__ import recorded_contract
from harness.examples.contract_text import response_media_type
from harness.examples.recorder import Played, play
from harness.examples.scenario import EXEMPT, SCENARIO
from harness.examples.steps import Replay, Request, Step, masked, shape
from harness.examples.transport import HttpTransport
from harness.generated_clients import CONTRACT
from harness.service_process import SandboxProcess
from service.api.contract import load_contract
from service.api.web_page import CONTENT_SECURITY_POLICY
from tests.contract.answers import resolve

SPEC = load_contract().document
EXAMPLES = SPEC["components"]["examples"]


def test_the_committed_examples_are_a_fresh_recording() -> None:
    committed = CONTRACT.read_text()
    assert recorded_contract(committed) == committed, "openapi.yaml's examples are stale: run `make examples`"


def _media_types() -> Iterator[tuple[str, str, str, dict[str, Any]]]:
    """(operationId, status or "request", media type, its object) for every body the contract documents."""
    for _, _, operation in load_contract().operations():
        body = operation.get("requestBody", {}).get("content", {})
        for media_type, content in body.items():
            yield operation["operationId"], "request", media_type, content
        for status, response in operation["responses"].items():
            for media_type, content in resolve(response).get("content", {}).items():
                yield operation["operationId"], status, media_type, content


def test_every_status_with_a_body_has_recorded_examples() -> None:
    lacking, typed = [], []
    for operation, status, media_type, content in _media_types():
        if (operation, status) in EXEMPT:
            continue
        if not content.get("examples"):
            lacking.append(f"{operation} {status} {media_type}")
        if "example" in content or any(
            "$ref" not in example for example in content.get("examples", {}).values()
        ):
            typed.append(f"{operation} {status} {media_type}")
    assert lacking == [], "add a step to harness/examples/scenario.py for each, then `make examples`"
    assert typed == [], "examples are recorded (harness/examples), never typed: remove these"


def test_every_exemption_is_a_documented_status() -> None:
    documented = {(operation, status) for operation, status, _, _ in _media_types()}
    assert set(EXEMPT) <= documented


@pytest.fixture(scope="module")
def replayed() -> Iterator[list[Played]]:
    with SandboxProcess() as sandbox:
        yield list(play(SCENARIO, HttpTransport(sandbox.url), body_of=committed_body))


def committed_body(step: Step, request: Request) -> Request:
    """The request with the body the contract shows for it, where it shows one."""
    example = EXAMPLES.get(step.key)
    return request if example is None else dataclasses.replace(request, body=example["value"])


def _schema_errors(value: Any, schema: dict[str, Any]) -> list[str]:
    validator = jsonschema_rs.Draft202012Validator({**schema, "components": SPEC["components"]})
    return [error.message for error in validator.iter_errors(value)]


REPLAYED = [step for step in SCENARIO if step.replayable]


def test_the_replay_sends_every_request_example_the_contract_shows() -> None:
    request_examples = {name for name in EXAMPLES if name.count(".") == 1}
    assert request_examples == {step.key for step in REPLAYED if EXAMPLES.get(step.key)}


@pytest.mark.parametrize("step", REPLAYED, ids=lambda step: step.key)
def test_a_running_sandbox_gives_the_recorded_answer(replayed: list[Played], step: Step) -> None:
    (played,) = [each for each in replayed if each.step is step]
    answer = played.answer
    body = step.shown(answer.body) if step.shown else answer.body
    recorded = EXAMPLES[f"{step.operation}.{answer.status}.{step.name}"]["value"]
    if step.replay is Replay.WHOLE:
        assert masked(body) == masked(recorded)
    else:
        assert shape(body) == shape(recorded)
    schema = _media_type_object(step, answer.status, answer.media_type)["schema"]
    assert _schema_errors(body, schema) == []


def _media_type_object(step: Step, status: int, media_type: str) -> dict[str, Any]:
    node: Any = SPEC
    for part in response_media_type(SPEC, step.operation, status, media_type):
        node = node[part]
    return dict(node)


def _headers() -> Iterator[tuple[str, dict[str, Any]]]:
    for name, header in SPEC["components"]["headers"].items():
        yield name, header
    for _, _, operation in load_contract().operations():
        for status, response in operation["responses"].items():
            for name, header in response.get("headers", {}).items():
                if "$ref" not in header:
                    yield f"{operation['operationId']} {status} {name}", header


@pytest.mark.parametrize(("where", "header"), list(_headers()), ids=lambda value: str(value)[:40])
def test_every_header_example_is_valid_against_its_schema(where: str, header: dict[str, Any]) -> None:
    """Prism sends a header's ``example`` (or the word ``string``, which its pattern may refuse)."""
    if "example" in header:
        assert _schema_errors(header["example"], header["schema"]) == [], where


def test_the_pages_policy_example_is_the_one_it_sends() -> None:
    header = SPEC["paths"]["/play"]["get"]["responses"]["200"]["headers"]["Content-Security-Policy"]
    assert header["example"] == CONTENT_SECURITY_POLICY
