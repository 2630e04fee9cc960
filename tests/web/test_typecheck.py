"""The web client's JavaScript, type-checked by ``tsc --checkJs`` against types generated from the contract.

The types are clients/typescript/src/schema.d.ts, made by openapi-typescript from openapi.yaml
(the versions clients/typescript/package-lock.json pins, installed by ``make test-tools``);
tests/clients/test_client_regeneration.py fails when they lag behind the contract.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
TYPESCRIPT_CLIENT = REPO / "clients" / "typescript"
TOOLS = TYPESCRIPT_CLIENT / "node_modules" / ".bin"
WEB_TSCONFIG = REPO / "service" / "web" / "tsconfig.json"


def _tool(name: str) -> Path:
    found = TOOLS / name
    if not found.exists():
        pytest.fail(f"{found} is missing: run 'make test-tools' (npm ci in clients/typescript)")
    return found


def _run(*command: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(part) for part in command], capture_output=True, text=True, timeout=300)


def test_the_web_client_type_checks_against_the_contract() -> None:
    checked = _run(_tool("tsc"), "-p", WEB_TSCONFIG)
    assert checked.returncode == 0, checked.stdout + checked.stderr
