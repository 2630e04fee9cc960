"""``python -m service.client_apps``: every command against a real Redis, and its refusals."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from harness.redis_server import free_port
from harness.service_process import REPO
from service.play.access import ApiKey
from service.store.config import RedisOptions
from service.store.redis import RedisStore


def command(redis_url: str | None, *arguments: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "REDIS_CLUSTER")}
    if redis_url is not None:
        env["REDIS_URL"] = redis_url
    return subprocess.run(
        [sys.executable, "-m", "service.client_apps", *arguments],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=30, check=False,
    )  # fmt: skip


def succeeded(redis_url: str, *arguments: str) -> Any:
    done = command(redis_url, *arguments)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_create_prints_the_key_once_and_stores_only_its_digest(redis_url: str) -> None:
    created = succeeded(
        redis_url,
        "create",
        "Frontend",
        "--max-open-games",
        "5",
        "--games-per-minute",
        "9",
        "--max-in-flight",
        "3",
    )
    assert {"id", "name", "key"} <= set(created) and created["name"] == "Frontend"
    assert created["limits"] == {"requests_per_second": 100, "games_per_minute": 9, "max_open_games": 5,
                                 "max_in_flight": 3, "max_streams": 500}  # fmt: skip
    assert created["own_limits"] == {"games_per_minute": 9, "max_open_games": 5, "max_in_flight": 3}
    key = ApiKey.parse(created["key"])
    assert key is not None and key.client_id == created["id"]
    record = RedisStore(RedisOptions(redis_url)).load_client(created["id"])
    assert record is not None and [digest.digest for digest in record.keys] == [key.digest]
    shown = succeeded(redis_url, "show", created["id"])
    assert "key" not in shown and created["key"] not in json.dumps(shown)
    assert [client["id"] for client in succeeded(redis_url, "list")] == [created["id"]]


def test_update_changes_only_the_limits_given(redis_url: str) -> None:
    created = succeeded(redis_url, "create", "Bot", "--max-open-games", "5")
    updated = succeeded(redis_url, "update", created["id"], "--requests-per-second", "7")
    assert updated["own_limits"] == {"requests_per_second": 7, "max_open_games": 5}


def test_rotate_gives_a_new_key_and_the_old_one_a_grace_period_then_revoke_ends_both(redis_url: str) -> None:
    created = succeeded(redis_url, "create", "App")
    rotated = succeeded(redis_url, "rotate", created["id"], "--grace", "3600")
    assert rotated["key"] != created["key"]
    assert [key["expires_at"] is None for key in rotated["keys"]] == [True, False]
    assert succeeded(redis_url, "rotate", created["id"], "--grace", "0")["keys"][1:] == []
    assert succeeded(redis_url, "revoke", created["id"])["revoked"] is True


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("show", "nobody"), "no client has the id 'nobody'"),
        (("update", "nobody", "--max-open-games", "2"), "no client has the id 'nobody'"),
        (("update", "someone"), "update takes at least one of"),
        (("create", " "), "a client's name may not be empty"),
        (("rotate", "someone", "--grace", "-1"), "--grace takes 0 or more seconds"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_a_failure(
    redis_url: str, arguments: tuple[str, ...], message: str
) -> None:
    done = command(redis_url, *arguments)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and message in done.stderr


@pytest.mark.parametrize("arguments", [("create",), ("create", "x", "--max-open-games", "0"), ("fly",)])
def test_a_command_line_that_cannot_be_read_exits_2(redis_url: str, arguments: tuple[str, ...]) -> None:
    assert command(redis_url, *arguments).returncode == 2


def test_an_unreachable_or_missing_store_is_one_line_and_a_failure() -> None:
    unreachable = command(f"redis://127.0.0.1:{free_port()}/0", "list")
    assert unreachable.returncode == 1 and unreachable.stderr.count("\n") == 1
    assert unreachable.stderr.startswith("error: the store named by REDIS_URL")
    missing = command(None, "list")
    assert missing.returncode == 1 and "REDIS_URL is not set" in missing.stderr


@pytest.mark.parametrize("name", ["create", "list", "show", "update", "rotate", "revoke"])
def test_every_command_has_help(name: str) -> None:
    done = command(None, name, "--help")
    assert done.returncode == 0 and done.stdout.startswith("usage: python -m service.client_apps")
