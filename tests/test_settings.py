"""Settings from the environment: read once, defaults where they are written, bad values refused by name."""

from __future__ import annotations

import ipaddress
from pathlib import Path

import pytest

from service.settings import SettingError, Settings, WebhookSettings
from service.store.config import Expiry, RedisOptions


def test_an_empty_environment_gives_the_defaults() -> None:
    assert Settings.from_environment({}) == Settings()
    assert Settings().redis is None and Settings().expiry == Expiry() and Settings().access_log


def test_every_variable_reaches_its_setting() -> None:
    settings = Settings.from_environment(
        {
            "REDIS_URL": "redis://cache:6379/2",
            "REDIS_CLUSTER": "yes",
            "REDIS_CONNECT_TIMEOUT": "0.1",
            "REDIS_SOCKET_TIMEOUT": "2",
            "REDIS_POOL_SIZE": "7",
            "GAME_IDLE_TTL": "60",
            "GAME_FINISHED_TTL": "30",
            "CORS_ORIGINS": "https://a.example, https://b.example/",
            "LOG_LEVEL": "warning",
            "ACCESS_LOG": "off",
        }
    )
    assert settings.redis == RedisOptions("redis://cache:6379/2", True, 0.1, 2.0, 7)
    assert settings.expiry == Expiry(idle=60, finished=30)
    assert settings.cors_origins == {"https://a.example", "https://b.example"}
    assert settings.log_level == "WARNING" and settings.access_log is False


def test_an_unset_redis_option_keeps_its_default() -> None:
    assert Settings.from_environment({"REDIS_URL": "redis://x"}).redis == RedisOptions("redis://x")


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("ACCESS_LOG", "maybe"),
        ("REDIS_CLUSTER", "2"),
        ("GAME_IDLE_TTL", "0"),
        ("GAME_IDLE_TTL", "a week"),
        ("REDIS_SOCKET_TIMEOUT", "-1"),
        ("LOG_LEVEL", "loud"),
        ("WORKER_NICE", "20"),
    ],
)
def test_a_value_its_setting_cannot_take_stops_the_start_by_name(variable: str, value: str) -> None:
    with pytest.raises(SettingError, match=variable):
        Settings.from_environment({"REDIS_URL": "redis://x", variable: value})


def test_the_webhook_variables_reach_their_settings(tmp_path: Path) -> None:
    authorities = tmp_path / "ca.crt"
    authorities.write_text("a certificate\n")
    webhooks = Settings.from_environment(
        {
            "WEBHOOK_RETRY_SCHEDULE": "0.1, 0.2,3",
            "WEBHOOK_ALLOWED_NETWORKS": "127.0.0.0/8, ::1",
            "WEBHOOK_CA_FILE": str(authorities),
            "WEBHOOK_CONNECT_TIMEOUT_SECONDS": "0.5",
            "WEBHOOK_ATTEMPT_TIMEOUT_SECONDS": "1.5",
            "WEBHOOK_MAX_ANSWER_BYTES": "1024",
            "WEBHOOK_ROTATION_GRACE_SECONDS": "0",
            "WEBHOOK_SENDERS": "2",
        }
    ).webhooks
    assert webhooks == WebhookSettings(
        retry_schedule=(0.1, 0.2, 3.0),
        allowed_networks=(ipaddress.ip_network("127.0.0.0/8"), ipaddress.ip_network("::1/128")),
        ca_file=str(authorities),
        connect_timeout=0.5,
        attempt_timeout=1.5,
        max_answer_bytes=1024,
        rotation_grace=0.0,
        senders=2,
    )


def test_the_default_retry_schedule_is_standard_webhooks() -> None:
    minute, hour = 60, 3600
    webhooks = Settings().webhooks
    assert webhooks.retry_schedule == (5, 5 * minute, 30 * minute, 2 * hour, 5 * hour, 10 * hour, 10 * hour)
    assert webhooks.allowed_networks == () and webhooks.ca_file is None


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("WEBHOOK_RETRY_SCHEDULE", "5,,300"),
        ("WEBHOOK_RETRY_SCHEDULE", "5, soon"),
        ("WEBHOOK_RETRY_SCHEDULE", "-1"),
        ("WEBHOOK_RETRY_SCHEDULE", "5,inf"),
        ("WEBHOOK_RETRY_SCHEDULE", "nan"),
        ("WEBHOOK_ALLOWED_NETWORKS", "127.0.0.0/33"),
        ("WEBHOOK_ALLOWED_NETWORKS", "localhost"),
        ("WEBHOOK_CA_FILE", "/nonexistent/ca.crt"),
        ("WEBHOOK_CONNECT_TIMEOUT_SECONDS", "0"),
        ("WEBHOOK_ATTEMPT_TIMEOUT_SECONDS", "ten"),
        ("WEBHOOK_MAX_ANSWER_BYTES", "0"),
        ("WEBHOOK_ROTATION_GRACE_SECONDS", "-5"),
        ("WEBHOOK_SENDERS", "0"),
    ],
)
def test_a_webhook_value_its_setting_cannot_take_stops_the_start_by_name(variable: str, value: str) -> None:
    with pytest.raises(SettingError, match=variable):
        Settings.from_environment({variable: value})


def test_the_rating_variables_reach_their_settings() -> None:
    settings = Settings.from_environment(
        {"RATING_POOLS": "cl_a=league, cl_b=league", "RATINGS_SKIP_TAKEBACKS": "cl_a,cl_c"}
    )
    ratings = settings.ratings
    assert (ratings.pool_of("cl_a"), ratings.pool_of("cl_b"), ratings.pool_of("cl_d")) == (
        "league",
        "league",
        "cl_d",
    )
    assert (ratings.rates_takebacks("cl_a"), ratings.rates_takebacks("cl_b")) == (False, True)


@pytest.mark.parametrize("value", ["cl_a", "cl_a=", "=league", "cl_a=a pool", "cl_a=" + "x" * 65])
def test_a_rating_pool_the_settings_cannot_take_stops_the_start_by_name(value: str) -> None:
    with pytest.raises(SettingError, match="RATING_POOLS"):
        Settings.from_environment({"RATING_POOLS": value})
