"""``make examples``: record the scenario and write its answers into openapi.yaml (see harness/examples)."""

from __future__ import annotations

import yaml

from harness.examples.contract_text import examples_of, rewrite
from harness.examples.recorder import record
from harness.examples.scenario import SCENARIO
from harness.generated_clients import CONTRACT


def recorded_contract(text: str) -> str:
    """``text`` (openapi.yaml) with a fresh recording of the scenario in it."""
    examples = examples_of(record(SCENARIO), yaml.safe_load(text))
    return rewrite(text, examples)


def main() -> None:
    text = CONTRACT.read_text()
    fresh = recorded_contract(text)
    CONTRACT.write_text(fresh)
    print("openapi.yaml: examples recorded" + ("" if fresh != text else " (unchanged)"))


if __name__ == "__main__":
    main()
