"""The committed clients are exactly what their generators make of openapi.yaml today.

Changing the contract without ``make clients`` (or editing generated output by hand) fails
here. The Python client is generated afresh into a scratch folder and compared file by
file; openapi-typescript compares its own output with the committed types (``--check``).
"""

from __future__ import annotations

from pathlib import Path

from harness.generated_clients import PYTHON_CLIENT, generate_python_client, npm_script

IGNORED = {"__pycache__"}
"""What running the committed client leaves beside it (never committed: .gitignore)."""


def files_under(root: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(root)): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file() and not IGNORED & set(path.relative_to(root).parts)
    }


def test_the_committed_python_client_is_what_the_contract_generates(tmp_path: Path) -> None:
    fresh = tmp_path / "python"
    generate_python_client(fresh)
    generated, committed = files_under(fresh), files_under(PYTHON_CLIENT)
    assert len(generated) > 90  # every operation and schema, not an empty shell
    missing, extra = sorted(generated.keys() - committed.keys()), sorted(committed.keys() - generated.keys())
    both = generated.keys() & committed.keys()
    changed = sorted(name for name in both if generated[name] != committed[name])
    assert (missing, extra, changed) == ([], [], []), "clients/python is stale: run `make clients`"


def test_the_committed_typescript_types_are_what_the_contract_generates() -> None:
    checked = npm_script("check:generated", check=False)  # openapi-typescript --check: exits 1 when stale
    said = checked.stdout + checked.stderr
    assert "openapi-typescript 7.13.0" in said  # the locked generator ran
    assert checked.returncode == 0, f"clients/typescript/src/schema.d.ts is stale: run `make clients`\n{said}"
