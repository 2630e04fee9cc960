"""The deployment files agree with each other, with the app and with docs/DEPLOY.md.

There is no Docker engine or cluster in CI, so the files are parsed and cross-checked
instead of run: a port, path or name changed in one place must change everywhere.
"""

import logging
import os
import re
import runpy
import sys
import tomllib
from pathlib import Path
from types import SimpleNamespace
from typing import Any

# prometheus_client picks its mode at its first import: here, before a test sets PROMETHEUS_MULTIPROC_DIR
# and runs gunicorn.conf.py's child_exit (which imports it), so this process keeps in-process metrics.
import prometheus_client  # noqa: F401
import pytest
import yaml

from service import cli

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"
PORT = 8000


def _yaml_documents(path: Path) -> list[Any]:
    return [doc for doc in yaml.safe_load_all(path.read_text()) if doc is not None]


def _k8s_object(kind: str, name: str = "restart-api") -> dict[str, Any]:
    found = [
        doc
        for path in sorted(K8S.glob("*.yaml"))
        for doc in _yaml_documents(path)
        if doc.get("kind") == kind and doc["metadata"]["name"] in (name, f"{name}-config", f"{name}-redis")
    ]
    assert len(found) == 1, f"expected exactly one {kind} {name} in {K8S}, found {len(found)}"
    return found[0]


def _container(deployment: str = "restart-api") -> dict[str, Any]:
    containers = _k8s_object("Deployment", deployment)["spec"]["template"]["spec"]["containers"]
    assert len(containers) == 1
    return containers[0]


def _api_container() -> dict[str, Any]:
    return _container()


def _dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, with continuation lines joined and comments dropped."""
    text = (DEPLOY / "Dockerfile").read_text()
    logical = re.sub(r"\\\n", " ", text)
    lines = [line.strip() for line in logical.splitlines()]
    return [
        (line.split(None, 1)[0].upper(), line.split(None, 1)[1] if " " in line else "")
        for line in lines
        if line and not line.startswith("#")
    ]


def _dockerfile(instruction: str) -> list[str]:
    return [args for name, args in _dockerfile_instructions() if name == instruction]


def _compose() -> dict[str, Any]:
    (compose,) = _yaml_documents(DEPLOY / "docker-compose.yml")
    return compose


def _redis_conf() -> dict[str, str]:
    directives = {}
    for line in (DEPLOY / "redis.conf").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            name, _, value = line.partition(" ")
            directives[name.lower()] = value.strip()
    return directives


def _deploy_md() -> str:
    return (ROOT / "docs" / "DEPLOY.md").read_text()


@pytest.mark.parametrize(
    "path",
    sorted(p for p in DEPLOY.rglob("*") if p.suffix in {".yaml", ".yml"}),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_every_yaml_file_parses(path: Path) -> None:
    assert _yaml_documents(path), f"{path} holds no YAML document"


@pytest.mark.parametrize(("probe", "path"), [("livenessProbe", "/healthz"), ("readinessProbe", "/readyz")])
def test_k8s_probes_hit_the_health_routes_on_the_http_port(probe: str, path: str) -> None:
    http_get = _api_container()[probe]["httpGet"]
    assert http_get["path"] == path
    assert http_get["port"] == "http"


def test_container_port_agrees_with_dockerfile_and_service() -> None:
    (http_port,) = [p for p in _api_container()["ports"] if p.get("name") == "http"]
    assert http_port["containerPort"] == PORT
    assert _dockerfile("EXPOSE") == [str(PORT)]
    assert any(re.search(rf"\bBIND=0\.0\.0\.0:{PORT}\b", args) for args in _dockerfile("ENV"))
    assert _k8s_object("Service")["spec"]["ports"][0]["targetPort"] == http_port["name"]


def test_k8s_objects_select_the_deployment_pods() -> None:
    deployment = _k8s_object("Deployment")
    pod_labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert deployment["spec"]["selector"]["matchLabels"].items() <= pod_labels.items()
    assert _k8s_object("Service")["spec"]["selector"].items() <= pod_labels.items()
    assert _k8s_object("PodDisruptionBudget")["spec"]["selector"]["matchLabels"].items() <= pod_labels.items()
    target = _k8s_object("HorizontalPodAutoscaler")["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", deployment["metadata"]["name"])


def test_k8s_env_comes_from_the_configmap_and_the_secret() -> None:
    container = _api_container()
    config_map_names = [source["configMapRef"]["name"] for source in container["envFrom"]]
    assert config_map_names == [_k8s_object("ConfigMap")["metadata"]["name"]]
    (redis_url,) = [var for var in container["env"] if var["name"] == "REDIS_URL"]
    secret = _k8s_object("Secret")
    assert redis_url["valueFrom"]["secretKeyRef"] == {"name": secret["metadata"]["name"], "key": "REDIS_URL"}
    assert "REDIS_URL" in secret["stringData"]
    assert "REDIS_URL" not in _k8s_object("ConfigMap")["data"]


@pytest.mark.parametrize("deployment", ["restart-api", "restart-worker"])
def test_k8s_runs_as_the_image_user_with_a_writable_tmp(deployment: str) -> None:
    container = _container(deployment)
    security = container["securityContext"]
    assert security["runAsNonRoot"] is True
    assert security["runAsUser"] == 10001
    assert security["readOnlyRootFilesystem"] is True
    assert {"name": "tmp", "mountPath": "/tmp"} in container["volumeMounts"]


def test_k8s_worker_is_the_image_running_the_worker_with_the_apis_settings_and_a_heartbeat() -> None:
    """Same image and settings as the API, the worker's command, a liveness probe on its heartbeat,
    scaled on CPU by an autoscaler of its own; no port (nothing calls it)."""
    worker, api = _container("restart-worker"), _api_container()
    assert worker["image"] == api["image"]
    assert worker["command"] == ["restart-service", "worker"]
    assert worker["envFrom"] == api["envFrom"]
    assert [var for var in worker["env"] if var["name"] == "REDIS_URL"] == [
        var for var in api["env"] if var["name"] == "REDIS_URL"
    ]
    assert {"name": "WORKER_HEARTBEAT_FILE", "value": "/tmp/restart-worker.alive"} in worker["env"]
    assert worker["livenessProbe"]["exec"]["command"] == ["python", "-m", "service.worker", "--check"]
    assert "ports" not in worker
    deployment = _k8s_object("Deployment", "restart-worker")
    assert (
        deployment["spec"]["selector"]["matchLabels"].items()
        <= deployment["spec"]["template"]["metadata"]["labels"].items()
    )
    target = _k8s_object("HorizontalPodAutoscaler", "restart-worker")["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", "restart-worker")


def test_compose_runs_the_worker_from_the_apis_image() -> None:
    services = _compose()["services"]
    worker, api = services["worker"], services["api"]
    assert (worker["build"], worker["image"]) == (api["build"], api["image"])
    assert worker["command"] == ["restart-service", "worker"]
    assert worker["environment"]["REDIS_URL"] == api["environment"]["REDIS_URL"]
    assert worker["healthcheck"]["test"] == ["CMD", "python", "-m", "service.worker", "--check"]
    assert worker["environment"]["WORKER_HEARTBEAT_FILE"].startswith("/tmp/")


@pytest.mark.parametrize(("argv", "runs"), [(["worker"], "service.worker")])
def test_the_console_scripts_worker_execs_the_worker(
    argv: list[str], runs: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    execs: list[list[str]] = []
    monkeypatch.setattr(cli.os, "execv", lambda path, command: execs.append(command))
    cli.main(argv)
    assert execs == [[sys.executable, "-m", runs]]


def test_the_worker_probe_reads_its_heartbeat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from service.worker.__main__ import HEARTBEAT_STALE, main

    heartbeat = tmp_path / "alive"
    monkeypatch.setenv("WORKER_HEARTBEAT_FILE", str(heartbeat))
    assert main(["--check"]) == 1  # never touched
    heartbeat.touch()
    assert main(["--check"]) == 0
    stale = heartbeat.stat().st_mtime - HEARTBEAT_STALE - 1
    os.utime(heartbeat, (stale, stale))
    assert main(["--check"]) == 1
    monkeypatch.delenv("WORKER_HEARTBEAT_FILE")
    assert main(["--check"]) == 1


def test_dockerfile_is_multi_stage_and_runs_as_non_root() -> None:
    assert len(_dockerfile("FROM")) >= 2
    user = _dockerfile("USER")[-1].split(":")[0]
    assert user not in {"root", "0"}
    assert user == "10001"


def test_dockerfile_healthcheck_and_command() -> None:
    (healthcheck,) = _dockerfile("HEALTHCHECK")
    assert f"127.0.0.1:{PORT}/healthz" in healthcheck
    (cmd,) = _dockerfile("CMD")
    assert yaml.safe_load(cmd) == ["restart-service"]
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["restart-service"] == "service.cli:main"


@pytest.mark.parametrize(
    ("redis_url", "runs"), [("redis://redis:6379/0", "serve"), (None, "sandbox")], ids=["redis", "no-redis"]
)
def test_the_image_command_serves_with_redis_and_is_the_sandbox_without(
    redis_url: str | None, runs: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What ``restart-service`` without a subcommand execs: gunicorn with the packaged config either way,
    the development client and no Redis for the sandbox."""
    if redis_url:
        monkeypatch.setenv("REDIS_URL", redis_url)
    else:
        monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.delenv("DEVELOPMENT_CLIENT", raising=False)
    execs: list[tuple[list[str], dict[str, str]]] = []
    monkeypatch.setattr(cli.os, "execv", lambda path, argv: execs.append((argv, dict(os.environ))))
    monkeypatch.setattr(cli.os, "execve", lambda path, argv, env: execs.append((argv, env)))
    cli.main([])
    ((argv, env),) = execs
    packaged_config = str(ROOT / "service" / "gunicorn.conf.py")
    assert argv[1:] == ["-m", "gunicorn", "-c", packaged_config, "service.wsgi:app"]
    assert (env.get("DEVELOPMENT_CLIENT"), env.get("REDIS_URL")) == (
        ("1", None) if runs == "sandbox" else (None, redis_url)
    )


def test_compose_api_port_agrees_with_the_nginx_upstream() -> None:
    api = _compose()["services"]["api"]
    upstream = re.findall(r"^\s*server\s+api:(\d+)\b", (DEPLOY / "nginx.conf").read_text(), re.MULTILINE)
    assert upstream == [str(PORT)]
    assert [str(port) for port in api["expose"]] == [str(PORT)]
    assert api["deploy"]["replicas"] == 6


def test_compose_runs_one_worker_per_replica_so_a_games_requests_find_its_copy() -> None:
    # nginx hashes a game's requests to one replica; two workers there would halve the copies' hits.
    assert _compose()["services"]["api"]["environment"]["WEB_CONCURRENCY"] == "1"
    assert "hash $route_key consistent;" in (DEPLOY / "nginx.conf").read_text()


def test_compose_wires_redis_api_and_lb() -> None:
    services = _compose()["services"]
    assert services["api"]["build"] == {"context": "..", "dockerfile": "deploy/Dockerfile"}
    assert services["api"]["environment"]["REDIS_URL"] == "redis://redis:6379/0"
    assert services["api"]["depends_on"]["redis"]["condition"] == "service_healthy"
    assert "/usr/local/etc/redis/redis.conf" in services["redis"]["command"]
    assert "./redis.conf:/usr/local/etc/redis/redis.conf:ro" in services["redis"]["volumes"]
    assert "./nginx.conf:/etc/nginx/nginx.conf:ro" in services["lb"]["volumes"]
    assert services["lb"]["ports"] == ["8080:80"]
    assert re.search(r"^\s*listen\s+80;", (DEPLOY / "nginx.conf").read_text(), re.MULTILINE)


def test_compose_replicas_trust_lbs_network_only() -> None:
    """So that the replicas count refused credentials by each client's address, never by lb's."""
    compose = _compose()
    (subnet,) = [pool["subnet"] for pool in compose["networks"]["default"]["ipam"]["config"]]
    assert compose["services"]["api"]["environment"]["TRUSTED_PROXIES"] == subnet


def _k8s_named(kind: str, name: str) -> dict[str, Any]:
    found = [
        doc
        for path in sorted(K8S.glob("*.yaml"))
        for doc in _yaml_documents(path)
        if doc.get("kind") == kind and doc["metadata"]["name"] == name
    ]
    assert len(found) == 1, f"expected exactly one {kind} {name} in {K8S}, found {len(found)}"
    return found[0]


def test_k8s_edge_runs_its_configmaps_nginx_conf_unprivileged() -> None:
    deployment = _k8s_named("Deployment", "restart-edge")
    pod = deployment["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    (mount,) = [m for m in container["volumeMounts"] if m["mountPath"] == "/etc/nginx/nginx.conf"]
    (volume,) = [v for v in pod["volumes"] if v["name"] == mount["name"]]
    configmap = _k8s_named("ConfigMap", volume["configMap"]["name"])
    assert mount["subPath"] in configmap["data"]
    conf = configmap["data"][mount["subPath"]]
    (http_port,) = container["ports"]
    assert re.search(rf"^\s*listen {http_port['containerPort']};", conf, re.MULTILINE)
    assert {"name": "tmp", "mountPath": "/tmp"} in container["volumeMounts"]
    assert "pid /tmp/nginx.pid;" in conf
    security = container["securityContext"]
    assert security["runAsNonRoot"] is True and security["readOnlyRootFilesystem"] is True
    assert (
        deployment["spec"]["selector"]["matchLabels"].items()
        <= deployment["spec"]["template"]["metadata"]["labels"].items()
    )
    public = _k8s_named("Service", "restart-edge")
    assert public["spec"]["selector"].items() <= deployment["spec"]["template"]["metadata"]["labels"].items()
    assert public["spec"]["ports"][0]["targetPort"] == http_port["name"]
    assert public["spec"]["externalTrafficPolicy"] == "Local"  # nginx sees the client's own address


def test_k8s_edge_routes_to_the_api_pods_one_by_one() -> None:
    """The edge's upstream names the headless Service of the API pods, on their port."""
    conf = _k8s_named("ConfigMap", "restart-edge-nginx")["data"]["nginx.conf"]
    (port,) = re.findall(
        r"^\s*server restart-api-pods\.default\.svc\.cluster\.local:(\d+) resolve;", conf, re.M
    )
    pods = _k8s_named("Service", "restart-api-pods")
    assert pods["spec"]["clusterIP"] == "None"
    assert (
        pods["spec"]["selector"].items()
        <= _k8s_object("Deployment")["spec"]["template"]["metadata"]["labels"].items()
    )
    assert [p["port"] for p in pods["spec"]["ports"]] == [int(port)] == [PORT]
    assert _k8s_object("ConfigMap")["data"]["TRUSTED_PROXIES"]  # the edge's pods, believed


def test_redis_conf_persists_and_never_evicts() -> None:
    directives = _redis_conf()
    assert directives["appendonly"] == "yes"
    assert directives["appendfsync"] in {"always", "everysec", "no"}
    assert directives["maxmemory-policy"] == "noeviction"


@pytest.mark.parametrize(
    "path",
    sorted(str(p.relative_to(ROOT)) for p in DEPLOY.rglob("*") if p.is_file()),
)
def test_deploy_md_mentions_every_deploy_file(path: str) -> None:
    assert path in _deploy_md()


@pytest.mark.parametrize("variable", sorted(yaml.safe_load((K8S / "configmap.yaml").read_text())["data"]))
def test_deploy_md_documents_every_configmap_variable(variable: str) -> None:
    assert re.search(rf"`{variable}`", _deploy_md())


def variables_read(path: Path) -> set[str]:
    """The environment variables a file reads: ``os.environ.get("X"``, ``read("X"``, ``("X", convert)``."""
    text = path.read_text()
    found = re.findall(r"(?:os\.environ\.get|\.read)\([\"'](\w+)[\"']", text)
    return set(found) | set(re.findall(r"\(\"([A-Z][A-Z0-9_]+)\", \w+\)", text))


@pytest.mark.parametrize(
    "variable",
    sorted(variables_read(ROOT / "gunicorn.conf.py") | variables_read(ROOT / "service" / "settings.py")),
)
def test_deploy_md_documents_every_variable(variable: str) -> None:
    assert re.search(rf"`{variable}`", _deploy_md())


@pytest.mark.parametrize("route", ["/healthz", "/readyz"])
def test_probed_routes_exist_in_the_app(route: str) -> None:
    from service.app import create_app

    app = create_app()  # default settings: the embedded store
    assert route in {rule.rule for rule in app.url_map.iter_rules()}


FAKE_SERVER = SimpleNamespace(log=logging.getLogger("tests.gunicorn"))
METRICS_DIR = "PROMETHEUS_MULTIPROC_DIR"


def _run_gunicorn_conf() -> dict[str, Any]:
    return runpy.run_path(str(ROOT / "gunicorn.conf.py"))


def _gunicorn_settings() -> dict[str, Any]:
    """gunicorn.conf.py's settings; what it does to this process (a metrics directory) is undone."""
    before = os.environ.get(METRICS_DIR)
    settings = _run_gunicorn_conf()
    settings["on_exit"](FAKE_SERVER)
    if before is None:
        os.environ.pop(METRICS_DIR, None)
    else:
        os.environ[METRICS_DIR] = before
    return settings


@pytest.fixture
def metrics_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    named = tmp_path / "metrics"
    monkeypatch.setenv(METRICS_DIR, str(named))
    return named


def test_gunicorn_gives_workers_a_private_metrics_directory_when_none_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(METRICS_DIR, "")  # put back as it was (unset) after the test
    settings = _run_gunicorn_conf()
    made = Path(os.environ[METRICS_DIR])  # exported: the workers forked later inherit it
    assert made.is_dir() and not any(made.iterdir())
    settings["on_starting"](FAKE_SERVER)
    settings["on_exit"](FAKE_SERVER)
    assert not made.exists()


def test_gunicorn_starts_a_named_metrics_directory_from_zero_and_keeps_it(metrics_dir: Path) -> None:
    metrics_dir.mkdir()
    (metrics_dir / "counter_123.db").write_bytes(b"stale")
    (metrics_dir / "notes.txt").write_text("not ours")
    settings = _run_gunicorn_conf()
    assert os.environ[METRICS_DIR] == str(metrics_dir)
    settings["on_starting"](FAKE_SERVER)
    assert sorted(path.name for path in metrics_dir.iterdir()) == ["notes.txt"]
    settings["on_exit"](FAKE_SERVER)
    assert metrics_dir.is_dir()


def test_gunicorn_marks_a_dead_worker_for_the_metrics(metrics_dir: Path) -> None:
    metrics_dir.mkdir()
    live_gauge = metrics_dir / "gauge_livesum_4242.db"
    live_gauge.write_bytes(b"")
    (metrics_dir / "counter_4242.db").write_bytes(b"")
    _run_gunicorn_conf()["child_exit"](FAKE_SERVER, SimpleNamespace(pid=4242))
    assert not live_gauge.exists()
    assert (metrics_dir / "counter_4242.db").exists()  # a dead worker's counts stay summed


@pytest.mark.parametrize("web_concurrency", [None, "3"])
def test_gunicorn_runs_one_worker_without_redis(
    web_concurrency: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    if web_concurrency is None:
        monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    else:
        monkeypatch.setenv("WEB_CONCURRENCY", web_concurrency)
    assert _gunicorn_settings()["workers"] == 1


def test_gunicorn_takes_workers_from_web_concurrency_with_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDIS_URL", "redis://redis:6379/0")
    monkeypatch.setenv("WEB_CONCURRENCY", "3")
    assert _gunicorn_settings()["workers"] == 3


@pytest.mark.parametrize(
    ("chosen", "worker_class"), [(None, "gevent"), ("sync", "sync"), ("gthread", "gthread")]
)
def test_gunicorn_runs_gevent_workers_unless_told_otherwise(
    chosen: str | None, worker_class: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if chosen is None:
        monkeypatch.delenv("GUNICORN_WORKER_CLASS", raising=False)
    else:
        monkeypatch.setenv("GUNICORN_WORKER_CLASS", chosen)
    assert _gunicorn_settings()["worker_class"] == worker_class


def test_gunicorn_refuses_a_worker_class_it_does_not_know(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GUNICORN_WORKER_CLASS", "eventlet")
    with pytest.raises(ValueError, match="GUNICORN_WORKER_CLASS"):
        _gunicorn_settings()


@pytest.mark.parametrize(
    ("env", "bind"),
    [
        ({}, f"127.0.0.1:{PORT}"),
        ({"PORT": "9000"}, "127.0.0.1:9000"),
        ({"BIND": "0.0.0.0:8000", "PORT": "9000"}, "0.0.0.0:8000"),
    ],
)
def test_gunicorn_bind(env: dict[str, str], bind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("BIND", "PORT"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert _gunicorn_settings()["bind"] == bind


def test_gunicorn_leaves_access_logging_to_the_app_and_has_no_control_socket() -> None:
    settings = _gunicorn_settings()
    assert settings["accesslog"] is None
    assert settings["control_socket_disable"] is True


def test_the_development_key_the_docs_quote_is_the_services() -> None:
    from service.play.client_management import DEVELOPMENT_KEY

    for path in ("README.md", "openapi.yaml", "docs/DEPLOY.md"):
        assert DEVELOPMENT_KEY in (ROOT / path).read_text(), path
