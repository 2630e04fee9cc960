"""``bench.edge_refusals`` runs its three floods end to end, a row each; no figure is asserted."""

from __future__ import annotations

import pytest

from bench.edge_refusals import main


def test_every_flood_is_refused_where_its_row_says(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seconds", "0.5"]) == 0
    rows = [line.split(" | ") for line in capsys.readouterr().out.splitlines() if line.startswith("| ")][2:]
    assert [row[0].removeprefix("| ") for row in rows] == [
        "at the edge",
        "the service, a known refusal",
        "the service, a creation over its games quota",
    ]
    assert all(int(row[1].replace(",", "")) > 0 for row in rows)  # each flood met refusals
