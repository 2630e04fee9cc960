"""The test Redis helper starts a real, private server and survives a crash with AOF."""

import pytest

from harness.redis_server import DEVELOPER_PORT, RedisServer, free_port


def test_free_port_is_never_the_developer_port() -> None:
    assert all(free_port() != DEVELOPER_PORT for _ in range(20))


def test_session_server_is_private(redis_server: RedisServer) -> None:
    assert redis_server.port != DEVELOPER_PORT
    assert redis_server.url == f"redis://127.0.0.1:{redis_server.port}/0"


def test_set_then_get(redis_url: str, redis_server: RedisServer) -> None:
    with redis_server.client(decode_responses=True) as client:
        client.set("greeting", "hello")
        assert client.get("greeting") == "hello"


def test_redis_url_starts_empty(redis_url: str, redis_server: RedisServer) -> None:
    with redis_server.client() as client:
        assert client.dbsize() == 0


def test_killed_server_with_aof_always_keeps_data_after_restart() -> None:
    with RedisServer(appendonly=True, appendfsync="always") as server:
        port = server.port
        with server.client(decode_responses=True) as client:
            client.set("survivor", "yes")
        server.kill()
        assert not server.running
        server.restart()
        assert server.port == port
        with server.client(decode_responses=True) as client:
            assert client.get("survivor") == "yes"


def test_without_aof_a_kill_loses_data() -> None:
    with RedisServer() as server:
        with server.client() as client:
            client.set("ephemeral", "1")
        server.kill()
        server.restart()
        with server.client() as client:
            assert client.get("ephemeral") is None


def test_start_failure_reports_the_log() -> None:
    server = RedisServer(extra_args=["--no-such-option", "1"])
    with pytest.raises(RuntimeError, match="redis-server exited at start"):
        server.start()
    server.close()
