"""deploy/nginx.conf is the one nginx configuration: compose runs it, the Kubernetes edge runs its
rendering, and tests, benchmarks and ``make reliability`` run it with local addresses only; its edge
allowances stay above the service's default quotas and key on the credentials the service issues."""

from __future__ import annotations

import difflib
import json
import re
import shutil
import subprocess
from pathlib import Path

import jsonschema_rs
import pytest
import yaml

from harness.nginx_conf import (
    DEPLOY_CONF,
    KUBERNETES_CONFIGMAP,
    TEMP_PATHS,
    for_kubernetes,
    for_local,
    with_refusal_replay,
)
from service.admission.config import LimitDefaults
from service.api.contract import load_contract
from service.play.access import issue_api_key, issue_tokens, new_client_id
from service.play.client_management import DEVELOPMENT_KEY

CONF = DEPLOY_CONF.read_text()
EDGE_MARGIN = 2
"""The edge's allowances are at least this many times the service's default quotas (rate and burst)."""


def allowance(zone: str) -> tuple[float, int]:
    """A zone's rate in requests a second, and its burst."""
    (amount, unit) = re.findall(rf"zone={zone}:\w+ rate=(\d+)r/([sm]);", CONF)[0]
    (burst,) = re.findall(rf"limit_req zone={zone} burst=(\d+) nodelay;", CONF)
    return int(amount) / (60 if unit == "m" else 1), int(burst)


def map_pattern(name: str) -> re.Pattern[str]:
    """The regular expression of the map line that makes ``$<name>``."""
    (pattern, flags) = re.findall(rf'"~(\*?)(\^[^"]*\(\?<{name}>[^"]*)"', CONF)[0][::-1]
    return re.compile(pattern.replace("(?<", "(?P<"), re.IGNORECASE if flags else 0)  # PCRE's to Python's


def test_the_kubernetes_edge_runs_the_deployments_configuration() -> None:
    """deploy/k8s/edge-nginx.yaml is current: `python -m harness.nginx_conf` writes it anew."""
    (configmap,) = yaml.safe_load_all(KUBERNETES_CONFIGMAP.read_text())
    assert configmap["data"]["nginx.conf"] == for_kubernetes(CONF)


def test_a_local_run_differs_from_the_deployment_only_in_its_addresses_and_files(tmp_path: Path) -> None:
    local = for_local(CONF, [8101, 8102], 8080, tmp_path, workers="auto")
    changed = [
        line[0] + line[1:].strip()
        for line in difflib.unified_diff(CONF.splitlines(), local.splitlines(), lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]
    expected = {
        "-resolver 127.0.0.11 valid=10s ipv6=off;",
        "-server api:8000 resolve;",
        "+server 127.0.0.1:8101;",
        "+server 127.0.0.1:8102;",
        "-listen 80;",
        "+listen 127.0.0.1:8080;",
        "-access_log /dev/stdout main;",
        f"+access_log {tmp_path}/access.log main;",
        "-error_log /dev/stderr warn;",
        f"+error_log {tmp_path}/error.log warn;",
        f"+pid {tmp_path}/nginx.pid;",
        *(f"+{name}_temp_path {tmp_path}/{name};" for name in TEMP_PATHS),
    }
    assert set(changed) == expected


@pytest.mark.parametrize(
    ("zone", "quota", "period"),
    [
        ("edge_requests", LimitDefaults().requests_per_second, 1),
        ("edge_creations", LimitDefaults().games_per_minute, 60),
    ],
)
def test_the_edge_allows_a_credential_twice_the_services_default_quota(
    zone: str, quota: int, period: int
) -> None:
    """So that a client within its quota, however it spends it (evenly, or its whole bucket at once),
    is never refused by the edge: the service counts it exactly behind."""
    rate, burst = allowance(zone)
    assert rate >= EDGE_MARGIN * quota / period
    assert burst >= EDGE_MARGIN * quota


def test_the_edge_keys_on_the_credentials_the_service_issues() -> None:
    key, tokens = map_pattern("edge_key"), map_pattern("edge_token")
    issued = issue_tokens([True, True, False])
    for token in (issued.admin, issued.spectator, *(seat for seat in issued.players if seat)):
        assert tokens.fullmatch(f"Bearer {token}") and tokens.fullmatch(f"bearer  {token}")
    assert key.fullmatch(issue_api_key(new_client_id()))
    # The development key (the sandbox, never behind the edge) counts against its address.
    assert not key.fullmatch(DEVELOPMENT_KEY)


def test_the_edges_refusal_is_the_contracts_rate_limited_problem() -> None:
    (body,) = re.findall(r"return 429 '(.*)';", CONF)
    contract = load_contract().document
    schema = contract["components"]["schemas"]["RateLimitedProblem"]
    validator = jsonschema_rs.Draft202012Validator({**schema, "components": contract["components"]})
    problem = json.loads(body)
    assert validator.is_valid(problem), list(validator.iter_errors(problem))
    assert (problem["code"], problem["status"], problem["retry_after"]) == ("rate_limited", 429, 1)
    assert "add_header Retry-After 1 always;" in CONF


def test_the_replay_experiment_is_a_configuration_nginx_takes(tmp_path: Path) -> None:
    """reliability's tenants-replay runs deploy/nginx.conf with nginx answering the service's 429 again."""
    conf = tmp_path / "nginx.conf"
    conf.write_text(for_local(with_refusal_replay(CONF, tmp_path / "refusals"), [8101], 8080, tmp_path))
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    checked = subprocess.run(
        [nginx, "-t", "-p", str(tmp_path), "-c", str(conf)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr
