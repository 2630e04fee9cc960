"""The mock third parties test against: Prism serving openapi.yaml with its recorded examples.

The generated Python client's README and the TypeScript client's example (test/example.test.ts)
run against ``prism mock --errors`` as they run against the service, and so does README.md's example
client test; Prism must find nothing wrong with any request or answer (its log names every error
and violation; with ``--errors`` a violating answer would also reach the client as a 500).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from restart_client.models import MoveResult

from harness.generated_clients import npm_script
from harness.prism import PrismMock
from service.play.client_management import DEVELOPMENT_KEY
from tests.clients.readmes import run_python_client_readme, run_the_sections_client_test


@pytest.fixture(scope="module")
def prism() -> Iterator[PrismMock]:
    with PrismMock() as mock:
        yield mock


@pytest.fixture
def clean_log(prism: PrismMock) -> Iterator[None]:
    before = len(prism.troubles())
    yield
    assert prism.troubles()[before:] == [], prism.log()[-5000:]


def test_the_python_clients_readme_plays_its_move_against_the_mock(prism: PrismMock, clean_log: None) -> None:
    namespace = run_python_client_readme(prism.url, DEVELOPMENT_KEY, count=2)  # the third reads NDJSON
    assert isinstance(namespace["result"], MoveResult) and namespace["game"].version == 2
    for client in (namespace["app"], namespace["seat"]):
        client.get_httpx_client().close()


def test_the_typescript_clients_example_runs_against_the_mock(prism: PrismMock, clean_log: None) -> None:
    env = {**os.environ, "RESTART_BASE_URL": prism.url, "RESTART_API_KEY": DEVELOPMENT_KEY}
    ran = npm_script("test:example", check=False, env=env)
    said = ran.stdout + ran.stderr
    assert ran.returncode == 0, said
    assert dict(re.findall(r"^# (tests|pass|fail) (\d+)$", said, flags=re.MULTILINE)) == {
        "tests": "1",
        "pass": "1",
        "fail": "0",
    }, said


def test_the_readmes_client_test_passes_against_the_mock(
    prism: PrismMock, clean_log: None, tmp_path: Path
) -> None:
    ran = run_the_sections_client_test(prism.url, tmp_path)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert " passed" in ran.stdout
