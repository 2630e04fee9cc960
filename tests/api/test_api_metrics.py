"""``/metrics`` in the Flask test client: one process, so its own registry; each count moves as it should.

Metrics are process-wide and other tests count too, so every check is a difference
between two scrapes around the requests under test.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from prometheus_client.mmap_dict import MmapedDict, mmap_key
from prometheus_client.parser import text_string_to_metric_families

from harness.games import Game
from harness.in_process_api import Api
from service.api.metrics import CONTENT_TYPE, MULTIPROCESS_DIR_VARIABLE, Metrics
from service.store import GameStore, StoreUnavailable
from tests.api.api_support import InterferingStore, rival_move

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def scrape(client: FlaskClient) -> Samples:
    response = client.get("/metrics")
    assert response.status_code == 200 and response.content_type == CONTENT_TYPE
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(response.get_data(as_text=True))
        for sample in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


class Delta:
    """What changed in ``/metrics`` between its creation and ``read()``."""

    def __init__(self, client: FlaskClient) -> None:
        self.client, self.before = client, scrape(client)

    def read(self) -> Any:
        after = scrape(self.client)
        return lambda name, **labels: value(after, name, **labels) - value(self.before, name, **labels)


def test_requests_are_counted_by_operation_id_and_status_never_by_path(api: Api, game: Game) -> None:
    delta = Delta(api.client)
    api.get(game.url, game.admin)
    api.get(game.url, "not-a-token")
    api.client.get(f"/v1/games/{game.id}/nothing-here")
    changed = delta.read()
    assert changed("restart_http_requests_total", operation="getGame", status="200") == 1
    assert changed("restart_http_requests_total", operation="getGame", status="401") == 1
    assert changed("restart_http_requests_total", operation="unmatched", status="404") == 1
    assert changed("restart_http_request_duration_seconds_count", operation="getGame") == 2
    assert changed("restart_http_request_duration_seconds_bucket", operation="getGame", le="+Inf") == 2
    text = api.client.get("/metrics").get_data(as_text=True)
    assert game.id not in text and "nothing-here" not in text


def test_moves_refusals_and_version_conflicts_are_counted(api: Api) -> None:
    delta = Delta(api.client)
    game = api.create()  # seed 7: seat 1 moves first
    assert api.move(game, game.admin, {"player": 1, "action": "pass"}).status_code == 200
    assert api.move(game, game.admin, {"player": 1, "action": "pass"}).status_code == 422  # not_your_turn
    stale = api.move(game, game.admin, {"player": 2, "action": "pass"}, **{"If-Match": '"1"'})
    assert stale.status_code == 412
    changed = delta.read()
    assert changed("restart_games_created_total") == 1
    assert changed("restart_moves_applied_total") == 1
    assert changed("restart_problems_total", code="not_your_turn") == 1
    assert changed("restart_problems_total", code="version_mismatch") == 1
    assert changed("restart_version_conflicts_total", outcome="precondition_failed") == 1
    assert changed("restart_http_requests_total", operation="applyMove", status="412") == 1


def test_a_lost_race_without_if_match_is_counted_as_rejudged(
    api: Api, game: Game, app: Any, store: GameStore
) -> None:
    app.extensions["restart"].store = InterferingStore(store, 1, rival_move(store, game.id))
    delta = Delta(api.client)
    assert api.move(game, game.admin, {"player": 1, "action": "pass"}).status_code == 200
    changed = delta.read()
    assert changed("restart_version_conflicts_total", outcome="rejudged") == 1
    assert changed("restart_moves_applied_total") == 1


class UnreachableStore:
    def ping(self) -> None:
        raise StoreUnavailable("connection refused")


def test_store_outages_are_counted(client: FlaskClient, app: Any) -> None:
    delta = Delta(client)
    app.extensions["restart"].store = UnreachableStore()
    assert client.get("/readyz").status_code == 503
    changed = delta.read()
    assert changed("restart_store_errors_total", kind="unavailable") == 1
    assert changed("restart_problems_total", code="storage_unavailable") == 1
    assert changed("restart_http_requests_total", operation="getReadiness", status="503") == 1


@pytest.mark.parametrize(
    "name",
    [
        "restart_http_requests_total",
        "restart_http_request_duration_seconds",
        "restart_games_created_total",
        "restart_moves_applied_total",
        "restart_games_finished_total",
        "restart_problems_total",
        "restart_version_conflicts_total",
        "restart_store_errors_total",
    ],
)
def test_every_metric_the_contract_names_is_exposed(client: FlaskClient, name: str) -> None:
    client.get("/healthz")
    description = client.get("/openapi.json").get_json()["paths"]["/metrics"]["get"]["description"]
    text = client.get("/metrics").get_data(as_text=True)
    assert f"`{name}" in description
    assert f"\n# TYPE {name.removesuffix('_total')} " in text or f"\n# TYPE {name} " in text


def test_a_scrape_of_worker_files_sums_them_and_skips_one_still_empty(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under gunicorn each worker writes its own file. One just created (or left by a worker killed
    as it made it) is still empty: neither a starting worker nor a scrape may fail on it."""
    for pid, moves in ((101, 2.0), (102, 3.0)):
        written = MmapedDict(str(tmp_path / f"counter_{pid}.db"))
        key = mmap_key("restart_moves_applied_total", "restart_moves_applied_total", [], [], "Moves.")
        written.write_value(key, moves, 0.0)
        written.close()
    (tmp_path / "counter_103.db").touch()  # a worker between creating its file and sizing it
    monkeypatch.setenv(MULTIPROCESS_DIR_VARIABLE, str(tmp_path))
    families = text_string_to_metric_families(Metrics().exposition().decode())
    summed = {sample.name: sample.value for family in families for sample in family.samples}
    assert summed == {"restart_moves_applied_total": 5.0}
