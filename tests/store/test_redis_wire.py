"""The lean connection (``service.store.redis.wire``): what redis-py did for the store, it does too.

Restarts, timeouts, full memory, flushed scripts and unix sockets are covered for every store
call in ``test_redis_failures``; here are the rest: credentials and a database number from
the URL, a bounded pool, and error replies keeping their redis-py class.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
import redis
from redis import exceptions as rex

from harness.redis_server import RedisServer
from harness.sample_games import game_row
from service.store import keys
from service.store.base import StoreUnavailable
from service.store.config import RedisOptions
from service.store.redis import RedisStore
from service.store.redis.wire import Wire, reply_error
from tests.store.helpers import create, save_move


@pytest.fixture
def server() -> Iterator[RedisServer]:
    with RedisServer(extra_args=["--enable-debug-command", "local"]) as own:
        yield own


def test_credentials_and_database_come_from_the_url() -> None:
    with RedisServer() as server:
        with server.client() as admin:
            admin.config_set("requirepass", "s3cret")
        url = f"redis://:s3cret@127.0.0.1:{server.port}/3"
        store = RedisStore(RedisOptions(url))
        create(store, "g-1", game_row(), ['{"e": 1}'])
        assert store.load_game("g-1") == game_row()
        assert save_move(store, "g-1", 1, "s2", ['{"e": 2}'], finished=False) == 2
        store.close()
        with redis.Redis(port=server.port, password="s3cret", db=3) as client:
            assert client.hget(keys.snapshot("g-1"), "version") == b"2"
        with redis.Redis(port=server.port, password="s3cret", db=0) as client:
            assert client.dbsize() == 0
        refused = RedisStore(RedisOptions(f"redis://:wrong@127.0.0.1:{server.port}/3"))
        with pytest.raises(StoreUnavailable):
            refused.load_game("g-1")


def test_a_process_opens_at_most_pool_size_connections(server: RedisServer) -> None:
    """With its one connection busy, a second call waits ``socket_timeout`` at most, then fails.

    The busy connection waits in a BLPOP until the test pushes: how fast the machine is cannot
    free it before the second call has given up."""
    wire = Wire(RedisOptions(server.url, pool_size=1, socket_timeout=30.0))
    waiting = threading.Thread(target=wire.call, args=("BLPOP", "released", 20))
    waiting.start()
    with redis.Redis(port=server.port) as observer:
        while not any(client["cmd"] == "blpop" for client in observer.client_list()):
            time.sleep(0.01)
        wire.socket_timeout = 0.2
        with pytest.raises(rex.ConnectionError, match="no free Redis connection"):
            wire.call("PING")
        observer.lpush("released", "go")
    waiting.join()
    assert wire.call("PING") == b"PONG"  # the connection came back to the pool
    wire.close()


def test_error_replies_keep_their_redis_py_class(server: RedisServer) -> None:
    wire = Wire(RedisOptions(server.url))
    with pytest.raises(rex.NoScriptError):
        wire.call("EVALSHA", "0" * 40, 0)
    with pytest.raises(rex.ResponseError, match="unknown command"):
        wire.call("NO-SUCH-COMMAND")
    replies = wire.pipeline([("SET", "k", "v"), ("INCR", "k"), ("GET", "k")])
    assert replies[0] == b"OK" and isinstance(replies[1], rex.ResponseError) and replies[2] == b"v"
    wire.close()
    assert isinstance(reply_error("READONLY You can't write against a read only replica."), rex.ReadOnlyError)
    assert isinstance(reply_error("OOM command not allowed"), rex.OutOfMemoryError)
    assert isinstance(reply_error("LOADING Redis is loading the dataset in memory"), rex.ConnectionError)


@pytest.fixture(scope="module")
def tls_server() -> Iterator[RedisServer]:
    with RedisServer(tls=True) as own:
        yield own


def test_tls_verifies_the_server_by_the_authority_named_in_the_url(tls_server: RedisServer) -> None:
    """``ssl_ca_certs`` names the authority (redis-py's name); the system's authorities do not know
    this one, so without it the handshake is refused; ``ssl_cert_reqs=none`` verifies nothing."""
    base = f"rediss://127.0.0.1:{tls_server.port}/0"
    verified = Wire(RedisOptions(f"{base}?ssl_ca_certs={tls_server.certificates.ca}"))
    assert verified.call("PING") == b"PONG"
    verified.close()
    with pytest.raises(rex.ConnectionError, match="CERTIFICATE_VERIFY_FAILED"):
        Wire(RedisOptions(base)).call("PING")
    unverified = Wire(RedisOptions(f"{base}?ssl_cert_reqs=none"))
    assert unverified.call("PING") == b"PONG"
    unverified.close()


def test_tls_names_the_host_it_verifies(tls_server: RedisServer) -> None:
    """The certificate is for 127.0.0.1 and localhost: either name is verified, as redis-py does."""
    ca = tls_server.certificates.ca
    for host in ("127.0.0.1", "localhost"):
        wire = Wire(RedisOptions(f"rediss://{host}:{tls_server.port}/0?ssl_ca_certs={ca}"))
        assert wire.call("PING") == b"PONG"
        wire.close()


@pytest.mark.parametrize(
    "query", ["ssl_cert_reqs=sometimes", "ssl_validate_ocsp=true"], ids=["unknown requirement", "ocsp"]
)
def test_a_tls_setting_the_connection_cannot_honour_stops_the_start(query: str) -> None:
    with pytest.raises(ValueError, match="REDIS_URL"):
        Wire(RedisOptions(f"rediss://127.0.0.1:6380/0?{query}"))
