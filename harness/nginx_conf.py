"""deploy/nginx.conf, the one source of every nginx the project runs, rendered for where it runs.

It is written for compose (the upstream ``api`` resolved by Docker's DNS, port 80, logs on
stdout). ``for_local`` swaps exactly those parts for a local run (tests, ``make reliability``,
benchmarks), ``for_kubernetes`` for the cluster's edge (deploy/k8s/edge-nginx.yaml, which
``python -m harness.nginx_conf`` writes and tests/deploy checks is current), and
``with_allowances`` a test's allowances for a test that counts what passes. Each swap must find
what it replaces exactly once, so a changed deploy/nginx.conf fails here rather than running
half-rendered; everything else runs as written.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

REPO = Path(__file__).resolve().parent.parent
DEPLOY_CONF = REPO / "deploy" / "nginx.conf"
KUBERNETES_CONFIGMAP = REPO / "deploy" / "k8s" / "edge-nginx.yaml"
KUBERNETES_UPSTREAM = "restart-api-pods.default.svc.cluster.local:8000"
"""The API pods one by one (deploy/k8s/edge.yaml's headless Service), so that a game's requests
reach one pod; nginx's resolver takes a full name, hence the namespace (`default`)."""
KUBERNETES_RESOLVER = "kube-dns.kube-system.svc.cluster.local"
KUBERNETES_PORT = 8080
"""nginx-unprivileged's: a user that is not root cannot listen on 80."""
TEMP_PATHS = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")


class Allowance(NamedTuple):
    """A ``limit_req`` zone's rate (``200r/s``, ``1r/m``) and the burst its ``limit_req`` allows."""

    rate: str
    burst: int


def for_local(
    conf: str,
    upstreams: Sequence[int],
    port: int,
    directory: Path,
    by_game: bool = True,
    workers: str = "1",
) -> str:
    """The deployment's configuration with local upstreams, port, pid and log files; ``by_game``
    False: without its routing by game (round robin); ``workers``: nginx's worker processes
    (``auto``, as deployed: one a core)."""
    servers = "".join(f"        server 127.0.0.1:{upstream};\n" for upstream in upstreams)
    conf = _swap(
        conf,
        [
            (r"(?m)^\s*resolver .*;\n", ""),
            (r"(?m)^        server api:8000 resolve;\n", servers),
            (r"(?m)^        hash \$route_key consistent;\n", r"\g<0>" if by_game else ""),
            (r"listen 80;", f"listen 127.0.0.1:{port};"),
            (r"access_log /dev/stdout main;", f"access_log {directory}/access.log main;"),
            (r"error_log /dev/stderr warn;", f"error_log {directory}/error.log warn;"),
            (r"worker_processes auto;", f"worker_processes {workers};\npid {directory}/nginx.pid;"),
        ],
    )
    return _with_temp_paths(conf, directory)


def for_kubernetes(conf: str) -> str:
    """The deployment's configuration for deploy/k8s/edge.yaml's pods: the cluster's DNS and the
    API pods' headless Service, an unprivileged port, one worker (the pod's CPU limit: inside a
    container ``auto`` counts the node's cores), pid and temporary files in its writable /tmp."""
    conf = _swap(
        conf,
        [
            (r"resolver 127\.0\.0\.11 ", f"resolver {KUBERNETES_RESOLVER} "),
            (r"server api:8000 resolve;", f"server {KUBERNETES_UPSTREAM} resolve;"),
            (r"listen 80;", f"listen {KUBERNETES_PORT};"),
            (r"worker_processes auto;", "worker_processes 1;\npid /tmp/nginx.pid;"),
        ],
    )
    return _with_temp_paths(conf, Path("/tmp"))


def with_allowances(conf: str, allowances: Mapping[str, Allowance]) -> str:
    """The configuration with these zones' rates and bursts instead of its own, everything else as
    it is. A test gives a zone a rate of one request a minute: what passes in its few seconds is
    then the burst and one, however fast the machine sends."""
    for zone, (rate, burst) in allowances.items():
        conf = _swap(
            conf,
            [
                (rf"(zone={zone}:\w+ rate=)\S+;", rf"\g<1>{rate};"),
                (rf"(limit_req zone={zone} burst=)\d+", rf"\g<1>{burst}"),
            ],
        )
    return conf


REPLAY_HTTP = """
    # The experiment tenants-replay (docs/RELIABILITY.md), not the deployment: the service's own
    # 429 for a request's credential, answered again by nginx for a second without asking the
    # service. Only a rate refusal (RateLimit-Policy and Retry-After, so never concurrency_limited),
    # apart for creations and the rest.
    proxy_cache_path {cache} keys_zone=refusals:10m inactive=10s use_temp_path=off;
    map "$upstream_http_ratelimit_policy|$upstream_http_retry_after" $edge_not_a_rate_refusal {{
        "~^[^|]+\\|[0-9]+$"  0;
        default             1;
    }}
    map "$request_method $uri" $edge_operation {{
        "POST /v1/games"  creation;
        default           other;
    }}
    map $edge_requests_key $edge_not_counted {{
        ""       1;
        default  0;
    }}
"""
REPLAY_LOCATION = """
            proxy_cache refusals;
            proxy_cache_key "$edge_requests_key $edge_operation";
            proxy_cache_methods GET HEAD POST;
            proxy_cache_valid 429 1s;
            proxy_ignore_headers Cache-Control Expires Vary Set-Cookie X-Accel-Expires;
            proxy_no_cache $edge_not_a_rate_refusal $edge_not_counted;
            proxy_cache_bypass $edge_not_counted;"""


def with_refusal_replay(conf: str, cache: Path) -> str:
    """The experiment ``tenants-replay``: the configuration with ``REPLAY_HTTP`` and ``REPLAY_LOCATION``
    added, its cache in ``cache`` (which nginx's workers must be able to write)."""
    return _swap(
        conf,
        [
            (r"(?m)^    limit_req_status 429;\n", REPLAY_HTTP.format(cache=cache).lstrip("\n") + r"\g<0>"),
            (r"(?m)^(        location / \{\n            proxy_pass http://api;)", r"\g<1>" + REPLAY_LOCATION),
        ],
    )


def kubernetes_configmap(conf: str) -> str:
    """deploy/k8s/edge-nginx.yaml: the ConfigMap holding ``for_kubernetes(conf)`` as ``nginx.conf``."""
    body = "".join(f"    {line}\n" if line else "\n" for line in for_kubernetes(conf).splitlines())
    return (
        "# Made by `python -m harness.nginx_conf` from deploy/nginx.conf, which compose runs as it is:\n"
        "# edit that file, then run it again (tests/deploy/test_nginx_conf.py fails while this one lags).\n"
        "apiVersion: v1\n"
        "kind: ConfigMap\n"
        "metadata:\n"
        "  name: restart-edge-nginx\n"
        "  labels:\n"
        "    app.kubernetes.io/name: restart-edge\n"
        "data:\n"
        "  nginx.conf: |\n" + body
    )


def _swap(conf: str, replacements: Sequence[tuple[str, str]]) -> str:
    for pattern, replacement in replacements:
        conf, found = re.subn(pattern, replacement, conf)
        assert found == 1, f"deploy/nginx.conf no longer has what {pattern!r} replaces"
    return conf


def _with_temp_paths(conf: str, directory: Path) -> str:
    temp = "\n".join(f"    {name}_temp_path {directory}/{name};" for name in TEMP_PATHS)
    return conf.replace("http {\n", "http {\n" + temp + "\n", 1)


def main() -> int:
    KUBERNETES_CONFIGMAP.write_text(kubernetes_configmap(DEPLOY_CONF.read_text()))
    print(f"wrote {KUBERNETES_CONFIGMAP.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
