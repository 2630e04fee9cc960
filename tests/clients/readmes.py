"""The code the READMEs show, run as written against a service or the mock: clients/python/README.md's blocks,
and the client test of README.md's "Test your client against us"."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from harness.generated_clients import PYTHON_CLIENT
from harness.service_process import REPO

SECTION_TEST = re.compile(r"```python\n(# test_restart\.py\n.*?)```", flags=re.DOTALL)


def python_client_blocks() -> list[str]:
    """The Python blocks of the generated client's README, in order."""
    return re.findall(r"```python\n(.*?)```", (PYTHON_CLIENT / "README.md").read_text(), flags=re.DOTALL)


def run_python_client_readme(base_url: str, api_key: str, count: int | None = None) -> dict[str, Any]:
    """The first ``count`` blocks (all by default) against ``base_url``, in one namespace (returned)."""
    first, *rest = python_client_blocks()[:count]
    here = f'BASE_URL = "{base_url}"\nAPI_KEY = "{api_key}"\n'
    setup = re.sub(r'BASE_URL = "[^"]*".*\nAPI_KEY = "[^"]*".*\n', lambda _: here, first)
    assert setup != first
    namespace: dict[str, Any] = {}
    for block in [setup, *rest]:
        exec(compile(block, "clients/python/README.md", "exec"), namespace)
    return namespace


def run_the_sections_client_test(base_url: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """README.md's example client test, saved as test_restart.py in ``folder`` and run by pytest there."""
    (code,) = SECTION_TEST.findall((REPO / "README.md").read_text())
    (folder / "test_restart.py").write_text(code)
    env = {**os.environ, "RESTART_BASE_URL": base_url}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_restart.py"]
    return subprocess.run(
        command, cwd=folder, env=env, capture_output=True, text=True, timeout=120, check=False
    )
