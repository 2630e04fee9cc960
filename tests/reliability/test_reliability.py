"""The reliability scenarios at small scale: the same functions ``make reliability`` runs, fewer clients.

Each starts its own redis-server and gunicorn processes on free ports. The fuzz scenario
runs here too, with 5 examples per operation against gunicorn on Redis (the larger
in-process run is tests/contract/test_schemathesis.py).
"""

from __future__ import annotations

import pytest

from reliability.scenarios import EXPERIMENTS, SCENARIOS, Scenario
from reliability.scenarios.clocks import MOVE_EVENTS, cut, epoch_ms, move_of

PLAYED = {
    "races",
    "redis-kill-always",
    "redis-kill-everysec",
    "script-flush",
    "worker-kill",
    "webhooks",
    "clocks",
    "seats",
    "offers",
}
OUTAGES = {"redis-kill-always", "redis-kill-everysec", "webhooks", "clocks", "seats", "offers"}
"""Scenarios that kill Redis: their clients meet 503 storage_unavailable, the one 5xx allowed."""


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[scenario.name for scenario in SCENARIOS])
def test_scenario_finds_no_anomaly(scenario: Scenario) -> None:
    result = scenario("small")
    assert result.anomalies == []
    assert result.moves_lost == 0
    unavailable = result.statuses.get("503", 0) if scenario.name in OUTAGES else 0
    assert result.server_errors == unavailable
    assert result.requests > 0
    if scenario.name in PLAYED:
        assert result.games_checked > 0 and result.moves_accepted > 0
    if scenario.name == "seats":
        figures = result.figures
        assert figures["claims told 200"] > 0 and figures["hand-overs told 200"] > 0
        assert figures["claims told 409 invitation_used or 410"] > 0  # the claims did race
    if scenario.name == "offers":
        figures = result.figures
        assert (
            figures["takeback took effect"] > 0 and figures["offers lapsed (changed)"] > 0
        )  # races lost both ways
        rated = ("games rated", "games not rated: aborted", "games not rated: unfinished")
        assert sum(figures.get(key, 0) for key in rated) == result.games_checked  # each game's rating judged
    if scenario.name == "clocks":
        figures = result.figures
        assert figures["finished"] == figures["games"] and figures["timeouts fired"] > 0
        assert (figures["worker kills"], figures["Redis restarts"]) == (1, 1)
        assert figures["firing delay p50 ms"] >= 0 and figures["firing delay p99 ms"] >= 0


def test_a_clocked_log_is_cut_into_one_change_a_version() -> None:
    """A timeout with the seat made absent and its pass, a purple tile with the tiles placed after it,
    a purple tile alone then the next seat's play on the same row: four changes."""
    log = [
        {"type": "turn_timed_out", "seat": 0},
        {"type": "seat_absent", "seat": 0},
        {"type": "passed", "seat": 0},
        {"type": "tiles_removed", "seat": 1, "row": "red", "tiles": ["red-9"], "purple": "scissors"},
        {"type": "tiles_placed", "seat": 1, "row": "red", "tiles": ["red-8"]},
        {"type": "tiles_removed", "seat": 0, "row": "blue", "tiles": ["blue-4"], "purple": "trash"},
        {"type": "tiles_placed", "seat": 1, "row": "blue", "tiles": ["blue-2"]},
    ]
    changes = cut(log)
    assert changes is not None
    assert [len(change) for change in changes] == [3, 2, 1, 1]
    assert [move_of([e for e in change if e["type"] in MOVE_EVENTS]) for change in changes] == [
        {"player": 0, "action": "pass"},
        {"player": 1, "action": "scissors", "row": "red", "tiles": ["red-8"]},
        {"player": 0, "action": "trash", "row": "blue", "tiles": []},
        {"player": 1, "action": "play", "row": "blue", "tiles": ["blue-2"]},
    ]
    assert cut([{"type": "round_scored"}]) is None
    assert epoch_ms("2027-01-15T08:00:30.250Z") == 1_800_000_030_250


def test_a_paced_flooder_spends_its_quota_without_a_refusal() -> None:
    """The experiment ``tenants-paced``: two connections at one request per 80 ms each are 25
    requests/s, half the flooder's requests quota, so no move or adjudication is refused.
    (Creations also count in the games window, 30 a minute, which a long enough phase fills:
    how long the phases last depends on the machine, so creations are not judged here.)"""
    (paced,) = (scenario for scenario in EXPERIMENTS if scenario.name == "tenants-paced")
    result = paced("small")
    assert result.anomalies == [] and result.server_errors == 0
    answers = result.figures["flooder answers"]
    assert answers, answers
    assert not [kind for kind in answers if kind.endswith(" 429") and not kind.startswith("create")], answers


def test_an_isolated_flooder_is_held_at_its_quotas_on_an_instance_of_its_own() -> None:
    """The experiment ``tenants-isolated`` runs the same judgment with the flooder on a second,
    lower-priority instance: its answers still come, within its quotas, and nothing is lost."""
    (isolated,) = (scenario for scenario in EXPERIMENTS if scenario.name == "tenants-isolated")
    result = isolated("small")
    assert result.anomalies == [] and result.server_errors == 0 and result.moves_lost == 0
    assert result.figures["flooder answers"] and result.games_checked > 0
