"""What the Redis store does when Redis is gone, slow, full, flushed or holds garbage.

Servers that get stopped are private to each test, never the shared session server.
The time guard only proves "did not hang"; speed is not asserted.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest
import redis
from redis import exceptions as rex

from harness.redis_server import RedisServer, free_port
from harness.sample_games import game_row
from service.store import WorkItem, keys
from service.store.base import CorruptData, IdempotencyState, StoreUnavailable
from service.store.client_apps import Admission, ClientRow, Counting, KeyDigest, Window
from service.store.config import RedisOptions
from service.store.redis import RedisStore, translated
from service.store.redis.client_apps import admitted
from tests.store.helpers import create, move_save, save_move, stored_answer

GAME = "g-1"
COUNTING = Counting("c1", Window("requests", 10, 1), 1e9)
HANG_GUARD = 5.0
T = TypeVar("T")


def within(seconds: float, call: Callable[[], T]) -> T:
    """Run ``call`` in a thread; fail the test if it is still running after ``seconds``."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as error:  # handed back to the test thread below
            outcome["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still waiting after {seconds} s: the store hangs"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]  # type: ignore[no-any-return]


STORE_CALLS: dict[str, Callable[[RedisStore], object]] = {
    "create_game": lambda store: create(store, "g-new", game_row(), ['{"e": 1}']),
    "load_game": lambda store: store.load_game(GAME),
    "load_version": lambda store: store.load_version(GAME),
    "load_counted": lambda store: store.load_counted(GAME, COUNTING),
    "counted save_move": lambda store: store.save(move_save(GAME, 1, "s2", [], False, "c1", COUNTING)),
    "save_move": lambda store: save_move(store, GAME, 1, "s2", ['{"e": 3}'], finished=False),
    "read_events": lambda store: store.read_events(GAME, 0, 10),
    "claim_idempotency_key": lambda store: store.claim_idempotency_key(GAME, "k", "fp"),
    "record_answer": lambda store: store.record_answer(GAME, "k", stored_answer()),
    "release_idempotency_key": lambda store: store.release_idempotency_key(GAME, "k"),
    "ping": lambda store: store.ping(),
    "ring": lambda store: store.ring(GAME),
    "take_work": lambda store: store.take_work("w", 1, 0.01),
    "take_abandoned_work": lambda store: store.take_abandoned_work("w", 1.0, 1),
    "finish_work": lambda store: store.finish_work([WorkItem("1-0", GAME)]),
    "take_outboxes": lambda store: store.take_outboxes([GAME], "w", 1.0, 1),
    "outbox": lambda store: store.outbox(GAME, 1),
    "release_outboxes": lambda store: store.release_outboxes("w", {GAME: ["1-0"]}),
    "take_sweep": lambda store: store.take_sweep("w", 1.0),
    "games_with_outbox": lambda store: store.games_with_outbox(),
    "await_answer": lambda store: store.await_answer("r", 0.01),
}


@pytest.fixture(params=["plain", "tls"])
def server(request: pytest.FixtureRequest) -> Iterator[RedisServer]:
    """A private server of each kind the lean connection speaks to (a cluster's failures are in
    test_redis_cluster)."""
    tls = request.param == "tls"
    with RedisServer(appendonly=True, extra_args=["--enable-debug-command", "local"], tls=tls) as own:
        yield own


@pytest.fixture
def store(server: RedisServer) -> Iterator[RedisStore]:
    """A store that has already talked to ``server`` (its pool holds live connections)."""
    own = RedisStore(RedisOptions(server.url))
    create(own, GAME, game_row(), ['{"e": 1}', '{"e": 2}'])
    yield own
    own.close()


@pytest.fixture
def client(server: RedisServer) -> Iterator[redis.Redis]:
    with server.client() as own:
        yield own


@pytest.mark.parametrize("method", STORE_CALLS)
@pytest.mark.parametrize("how", ["stop", "kill"])
def test_every_method_fails_fast_when_redis_is_gone(
    server: RedisServer, store: RedisStore, method: str, how: str
) -> None:
    getattr(server, how)()
    with pytest.raises(StoreUnavailable):
        within(HANG_GUARD, lambda: STORE_CALLS[method](store))


@pytest.mark.parametrize("method", STORE_CALLS)
@pytest.mark.parametrize("scheme", ["redis", "rediss"])
def test_every_method_fails_fast_when_redis_never_was(method: str, scheme: str) -> None:
    store = RedisStore(RedisOptions(f"{scheme}://127.0.0.1:{free_port()}/0"))  # constructing does not connect
    with pytest.raises(StoreUnavailable):
        within(HANG_GUARD, lambda: STORE_CALLS[method](store))


def test_same_store_recovers_after_restart_on_the_same_port(server: RedisServer, store: RedisStore) -> None:
    server.stop()
    with pytest.raises(StoreUnavailable):
        within(HANG_GUARD, store.ping)
    server.start()
    within(HANG_GUARD, store.ping)
    assert store.load_game(GAME) == game_row()  # the append-only file brought it back
    assert save_move(store, GAME, 1, "s2", ['{"e": 3}'], finished=False) == 2


def test_stale_pooled_connections_are_replaced_without_an_error(
    server: RedisServer, store: RedisStore
) -> None:
    """A restart while idle closes every pooled socket; the caller must not see an error for that.

    redis-py notices a closed socket when it takes it from the pool; the one retry on a connection
    error covers a socket that dies between checkout and reply.
    """
    server.restart()
    assert within(HANG_GUARD, lambda: store.load_game(GAME)) == game_row()


def test_a_busy_server_times_out_into_store_unavailable(server: RedisServer, client: redis.Redis) -> None:
    """CLIENT PAUSE holds every other client's commands from the moment it answers (a sleep in a
    thread would leave it to the machine's speed whether the server is busy yet)."""
    store = RedisStore(RedisOptions(server.url, socket_timeout=0.2))
    store.ping()
    client.client_pause(1500)
    try:
        with pytest.raises(StoreUnavailable):
            within(HANG_GUARD, lambda: store.load_game(GAME))
    finally:
        client.client_unpause()
    assert store.load_game(GAME) is None  # answers again once the server does
    store.close()


def test_out_of_memory_refuses_writes_whole(store: RedisStore, client: redis.Redis) -> None:
    client.config_set("maxmemory", 1)  # noeviction: every write is refused with OOM
    try:
        with pytest.raises(StoreUnavailable):
            save_move(store, GAME, 1, "s2", ['{"e": 3}'], finished=False, answer=("k", stored_answer()))
        with pytest.raises(StoreUnavailable):
            create(store, "g-2", game_row(), [])
        with pytest.raises(StoreUnavailable):
            store.claim_idempotency_key(GAME, "k", "fp")
        store.release_idempotency_key(GAME, "k")  # freeing memory stays allowed
        assert store.load_game(GAME) == game_row()
    finally:
        client.config_set("maxmemory", 0)
    assert store.read_events(GAME, 0, 10) == [(1, '{"e": 1}'), (2, '{"e": 2}')]
    assert store.claim_idempotency_key(GAME, "k", "fp").state is IdempotencyState.CLAIMED


def test_the_workers_group_is_made_again_when_redis_lost_its_data(
    store: RedisStore, client: redis.Redis
) -> None:
    """A Redis that came back empty has no consumer group: the next take makes it, and work goes on."""
    store.ring(GAME)
    assert [item.game_id for item in store.take_work("w", 1, 0.01)] == [GAME]
    client.flushall()
    store.ring("g-2")
    assert [item.game_id for item in store.take_work("w", 1, 0.01)] == ["g-2"]
    client.flushall()
    assert store.take_abandoned_work("w", 0.0, 1) == []


def test_scripts_survive_script_flush(store: RedisStore, client: redis.Redis) -> None:
    """After NOSCRIPT (a restart or failover also empties the cache) the store sends EVAL, which
    carries the source: a flush between two calls never fails the second (redis-py's own fallback,
    SCRIPT LOAD then EVALSHA, did under reliability's script-flush scenario)."""
    for version in range(1, 5):
        client.script_flush()
        assert save_move(store, GAME, version, f"s{version + 1}", [f'{{"v": {version}}}'], finished=False)
        client.script_flush()
        assert store.claim_idempotency_key(GAME, f"k{version}", "fp").state is IdempotencyState.CLAIMED
        client.script_flush()
        store.release_idempotency_key(GAME, f"k{version}")
    assert store.read_events(GAME, 0, 10)[-1] == (6, '{"v": 4}')


@pytest.mark.parametrize(
    "error",
    [
        rex.ConnectionError("refused"),
        rex.TimeoutError("slow"),
        rex.BusyLoadingError("Redis is loading the dataset in memory"),
        rex.ClusterDownError("The cluster is down"),
        rex.MasterDownError("Link with MASTER is down"),
        rex.TryAgainError("Multiple keys request during rehashing of slot"),
        rex.ReadOnlyError("You can't write against a read only replica."),
        rex.OutOfMemoryError("command not allowed when used memory > 'maxmemory'."),
        rex.ResponseError("BUSY Redis is busy running a script."),
        rex.ResponseError("NOREPLICAS Not enough good replicas to write."),
    ],
    ids=type,
)
def test_unavailable_errors_are_translated(error: Exception) -> None:
    @translated
    def failing() -> None:
        raise error

    with pytest.raises(StoreUnavailable):
        failing()


def test_other_redis_errors_are_not_disguised() -> None:
    @translated
    def failing() -> None:
        raise rex.ResponseError("ERR unknown command")

    with pytest.raises(rex.ResponseError):
        failing()


# Garbage: keys of this service that hold something it never writes. Reads raise CorruptData;
# writes raise CorruptData before writing anything, so the game is left as it was.


def test_game_key_of_the_wrong_type(store: RedisStore, client: redis.Redis) -> None:
    client.delete(keys.snapshot(GAME))
    client.set(keys.snapshot(GAME), "garbage")
    with pytest.raises(CorruptData, match="WRONGTYPE"):
        store.load_game(GAME)
    with pytest.raises(CorruptData, match="snapshot holds a string"):
        save_move(store, GAME, 1, "s2", ['{"e": 3}'], finished=False, answer=("k", stored_answer()))
    assert client.xlen(keys.events(GAME)) == 2
    assert not client.exists(keys.idempotency(GAME, "k"))
    assert client.get(keys.snapshot(GAME)) == b"garbage"


def test_events_key_of_the_wrong_type(store: RedisStore, client: redis.Redis) -> None:
    client.delete(keys.events(GAME))
    client.hset(keys.events(GAME), "not", "a list")
    with pytest.raises(CorruptData, match="events holds a hash"):
        save_move(store, GAME, 1, "s2", ['{"e": 3}'], finished=False, answer=("k", stored_answer()))
    with pytest.raises(CorruptData):
        store.read_events(GAME, 0, 10)
    assert store.load_game(GAME) == game_row()
    assert not client.exists(keys.idempotency(GAME, "k"))


def test_idempotency_key_of_the_wrong_type(store: RedisStore, client: redis.Redis) -> None:
    client.rpush(keys.idempotency(GAME, "k"), "garbage")
    with pytest.raises(CorruptData):
        store.claim_idempotency_key(GAME, "k", "fp")
    with pytest.raises(CorruptData, match="idem:k holds a list"):
        save_move(store, GAME, 1, "s2", ['{"e": 3}'], finished=False, answer=("k", stored_answer()))
    with pytest.raises(CorruptData):
        store.release_idempotency_key(GAME, "k")
    assert store.load_game(GAME) == game_row()
    assert client.xlen(keys.events(GAME)) == 2


WRONG_TYPES = {  # a key a save writes -> something else put there, and the type the message names
    "snapshot": (lambda c, key: c.set(key, "garbage"), "string"),
    "events": (lambda c, key: c.hset(key, "not", "a stream"), "hash"),
    "outbox": (lambda c, key: c.rpush(key, "garbage"), "list"),
    "idem-order": (lambda c, key: c.set(key, "garbage"), "string"),
    "deadlines": (lambda c, key: c.set(key, "garbage"), "string"),
    "open games": (lambda c, key: c.rpush(key, "garbage"), "list"),
    "work": (lambda c, key: c.set(key, "garbage"), "string"),
}
EVENT = ['{"e": 3}']
DUE = 1_800_000_060_000
SAVES = {  # how a move is saved -> the save (each of a game with a clock, each leaving the worker an entry)
    "plain": move_save(GAME, 1, "s2", EVENT, False, outbox=("bot",), timed=True, deadline=DUE),
    "with a key": move_save(
        GAME, 1, "s2", EVENT, False, answer=("k", stored_answer()), outbox=("bot",), timed=True, deadline=DUE
    ),
    "counted": move_save(
        GAME, 1, "s2", EVENT, False, "c1", COUNTING, outbox=("bot",), timed=True, deadline=DUE
    ),
    "counted, the last move": move_save(
        GAME, 1, "s2", EVENT, True, "c1", COUNTING, outbox=("bot",), timed=True
    ),
}
KEY_OF = {
    "snapshot": keys.snapshot,
    "events": keys.events,
    "outbox": keys.outbox,
    "idem-order": keys.idempotency_order,
    "deadlines": lambda game_id: keys.deadlines(),
    "open games": lambda game_id: keys.client_open_games("c1"),
    "work": lambda game_id: keys.work(),
}
WRITTEN_ONLY_BY = {  # a key only some saves write in their one script -> those saves
    "idem-order": {"with a key"},
    "open games": {"counted, the last move"},
}
CORRUPTIONS = [
    (corrupted, save)
    for corrupted in WRONG_TYPES
    for save in SAVES
    if save in WRITTEN_ONLY_BY.get(corrupted, SAVES)
]


@pytest.mark.parametrize(("corrupted", "save"), CORRUPTIONS, ids=[f"{c}-{s}" for c, s in CORRUPTIONS])
def test_a_save_finding_a_key_of_the_wrong_type_writes_nothing(
    store: RedisStore, client: redis.Redis, corrupted: str, save: str
) -> None:
    """Whichever key a save writes is wrong, and whether the move has a key, an owner or neither,
    ends the game or not: CorruptData naming the key before any write."""
    store.create_client(ClientRow("c1", "Frontend", 1_700_000_000.0, (KeyDigest("d" * 64),)))
    key = KEY_OF[corrupted](GAME)
    client.delete(key)
    put, kind = WRONG_TYPES[corrupted]
    put(client, key)
    before = {name: client.dump(make(GAME)) for name, make in KEY_OF.items() if name != corrupted}
    with pytest.raises(CorruptData, match=re.escape(f"{key} holds a {kind}")):
        store.save(SAVES[save])
    assert {name: client.dump(KEY_OF[name](GAME)) for name in before} == before
    assert not client.exists(keys.idempotency(GAME, "k"))


@pytest.mark.parametrize("save", ["plain", "counted"])
def test_a_save_leaves_alone_a_key_it_does_not_write(
    store: RedisStore, client: redis.Redis, save: str
) -> None:
    """A move without an ``Idempotency-Key`` never reads the key order; one that does not end the
    game never touches the owner's open games: whatever they hold does not stop it."""
    store.create_client(ClientRow("c1", "Frontend", 1_700_000_000.0, (KeyDigest("d" * 64),)))
    for corrupted in ("idem-order", "open games"):
        WRONG_TYPES[corrupted][0](client, KEY_OF[corrupted](GAME))
    assert store.save(SAVES[save]).version == 2


@pytest.mark.parametrize(
    "value", [b"not json", b"\xff\xfe", b'"a string"', b'{"fingerprint": "fp"}', b'{"status": "x"}']
)
def test_idempotency_key_holding_garbage(store: RedisStore, client: redis.Redis, value: bytes) -> None:
    client.set(keys.idempotency(GAME, "k"), value)
    with pytest.raises(CorruptData):
        store.claim_idempotency_key(GAME, "k", "fp")
    store.release_idempotency_key(GAME, "k")  # not an in-flight marker: left alone
    assert client.get(keys.idempotency(GAME, "k")) == value


@pytest.mark.parametrize("value", [b"one", b"7200000000 1", b"\xff\xfe"])
def test_an_arrival_time_holding_garbage(store: RedisStore, client: redis.Redis, value: bytes) -> None:
    store.create_client(ClientRow("c1", "Frontend", 1_700_000_000.0, (KeyDigest("d" * 64),)))
    window = Window("requests", 4, 1)
    client.set(keys.client_window("c1", window.name), value)
    with pytest.raises(CorruptData, match="is not an arrival time"):
        store.admit("c1", None, window, 1_800_000_000.0)
    assert client.get(keys.client_window("c1", window.name)) == value


def test_an_admission_outcome_it_never_writes_is_corrupt_data() -> None:
    """The admit script answers admitted, limited or unknown; anything else is not its answer."""
    with pytest.raises(CorruptData, match="perhaps"):
        admitted([b"perhaps", 10, b"1"], COUNTING)
    assert admitted([b"unknown"], COUNTING).admission is Admission.UNKNOWN


@pytest.mark.parametrize(
    ("field", "value"),
    [("tokens", b"not json"), ("tokens", b'{"admin": "a"}'), ("version", b"one"), ("snapshot", b"\xff")],
)
def test_game_fields_holding_garbage(
    store: RedisStore, client: redis.Redis, field: str, value: bytes
) -> None:
    client.hset(keys.snapshot(GAME), field, value)
    with pytest.raises(CorruptData):
        store.load_game(GAME)


def test_game_missing_a_field(store: RedisStore, client: redis.Redis) -> None:
    client.hdel(keys.snapshot(GAME), "tokens")
    with pytest.raises(CorruptData, match="lacks"):
        store.load_game(GAME)


def test_event_that_is_not_utf8(store: RedisStore, client: redis.Redis) -> None:
    client.xadd(keys.events(GAME), {"e": b"\xff"}, id="3-0")
    with pytest.raises(CorruptData):
        store.read_events(GAME, 0, 10)
    assert store.read_events(GAME, 0, 2) == [(1, '{"e": 1}'), (2, '{"e": 2}')]  # connection still fine


def test_cluster_store_refuses_urls_it_cannot_use() -> None:
    with pytest.raises(ValueError, match="database 0"):
        RedisStore(RedisOptions("redis://127.0.0.1:7000/3", cluster=True))
    with pytest.raises(ValueError, match="database 0"):
        RedisStore(RedisOptions("unix:///tmp/redis.sock", cluster=True))
    with pytest.raises(ValueError):
        RedisStore(RedisOptions("http://127.0.0.1:7000"))


def test_unix_socket_url(tmp_path_factory: pytest.TempPathFactory) -> None:
    socket_path = tmp_path_factory.mktemp("sock") / "redis.sock"
    with RedisServer(extra_args=["--unixsocket", str(socket_path), "--unixsocketperm", "700"]):
        store = RedisStore(RedisOptions(f"unix://{socket_path}?db=0"))
        create(store, GAME, game_row(), [])
        assert store.load_game(GAME) == game_row()
        store.close()


def test_tls_url_speaks_tls(server: RedisServer) -> None:
    """``rediss://`` opens TLS and ``redis://`` does not: each fails against the other kind of server
    (a bounded wait), and works against its own."""
    scheme, other = ("rediss", "redis") if server.tls else ("redis", "rediss")
    query = f"?ssl_ca_certs={server.certificates.ca}" if server.tls else ""
    with pytest.raises(StoreUnavailable):
        within(HANG_GUARD, RedisStore(RedisOptions(f"{other}://127.0.0.1:{server.port}/0{query}")).ping)
    working = RedisStore(RedisOptions(f"{scheme}://127.0.0.1:{server.port}/0{query}"))
    working.ping()
    working.close()
