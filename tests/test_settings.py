"""Settings from the environment: read once, defaults where they are written, bad values refused by name."""

from __future__ import annotations

import pytest

from service.settings import SettingError, Settings
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
