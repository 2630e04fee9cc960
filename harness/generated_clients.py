"""The clients generated from openapi.yaml: how each is made, in one place; and the TypeScript scripts.

``make clients`` regenerates both in place (``python -m harness.generated_clients``);
tests/clients/test_client_regeneration.py regenerates the Python client into a scratch
folder and asks openapi-typescript to ``--check`` the TypeScript types, and fails when
either differs from what is committed. Neither output is edited by hand: where a generator
mishandles a construct, the contract is put in a form it reads (clients/README.md lists
each change).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CONTRACT = REPO / "openapi.yaml"
CLIENTS = REPO / "clients"
PYTHON_CLIENT = CLIENTS / "python"
PYTHON_GENERATOR = CLIENTS / "python-generator"
TYPESCRIPT_CLIENT = CLIENTS / "typescript"
NPM_MISSING = "npm is missing: install Node.js 20 or later with npm, then run `make node-modules`"


class GenerationFailed(RuntimeError):
    """A generator exited with an error or, for the Python client, any warning."""


def _run(
    command: list[str], cwd: Path, env: dict[str, str] | None = None, check: bool = True
) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if check and result.returncode != 0:
        said = result.stdout + result.stderr
        raise GenerationFailed(f"{' '.join(command)} exited {result.returncode}:\n{said}")
    return result


def generate_python_client(output: Path, contract: Path = CONTRACT) -> None:
    """openapi-python-client from the contract (or another, for tests) into ``output``, replaced whole.

    Its post-hooks run ``ruff`` found on PATH: this interpreter's own (the pinned one) is put
    first, so the output is formatted the same way wherever it is generated. Any warning (a
    construct dropped, or ruff missing) fails the generation.
    """
    scripts = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{scripts}{os.pathsep}{os.environ.get('PATH', '')}"}
    command = [
        str(scripts / "openapi-python-client"), "generate",
        "--path", str(contract),
        "--config", str(PYTHON_GENERATOR / "config.yaml"),
        "--custom-template-path", str(PYTHON_GENERATOR / "templates"),
        "--meta", "uv",
        "--output-path", str(output),
        "--overwrite",
        "--fail-on-warning",
    ]  # fmt: skip
    _run(command, cwd=REPO, env=env)


def npm_script(
    name: str, check: bool = True, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run a script of clients/typescript/package.json (its tools come from its locked node_modules)."""
    npm = shutil.which("npm")
    if npm is None:
        raise GenerationFailed(NPM_MISSING)
    if not (TYPESCRIPT_CLIENT / "node_modules").is_dir():
        raise GenerationFailed("clients/typescript/node_modules is missing: run `make node-modules`")
    return _run([npm, "run", "--silent", name], cwd=TYPESCRIPT_CLIENT, env=env, check=check)


def main() -> None:
    generate_python_client(PYTHON_CLIENT)
    npm_script("generate")
    print("regenerated clients/python and clients/typescript/src/schema.d.ts from openapi.yaml")


if __name__ == "__main__":
    main()
