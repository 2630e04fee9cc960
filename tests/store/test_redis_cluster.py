"""The Redis store on a real 3-master Redis Cluster: every game's keys in one slot, scripts work."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from harness.redis_cluster import RedisCluster, free_cluster_port
from harness.sample_games import game_row
from service.store import keys
from service.store.base import GameVersion, IdempotencyClaim, IdempotencyState, StoreUnavailable
from service.store.client_apps import Admission, ClientRow, Counting, KeyDigest, Window
from service.store.config import RedisOptions
from service.store.redis import RedisStore
from tests.store.helpers import create, delete, move_save, save_move, stored_answer
from tests.store.test_redis_failures import GAME, HANG_GUARD, STORE_CALLS, within

GAME_IDS = [f"game-{number:03d}" for number in range(60)]


@pytest.fixture(scope="module")
def store(cluster: RedisCluster) -> Iterator[RedisStore]:
    own = RedisStore(RedisOptions(cluster.url, cluster=True))
    yield own
    own.close()


@pytest.fixture(autouse=True)
def empty(cluster: RedisCluster) -> None:
    for client in cluster.node_clients():
        with client:
            client.flushall()


def all_keys(game_id: str) -> list[str]:
    return [keys.snapshot(game_id), keys.events(game_id), keys.idempotency(game_id, "some-key")]


def test_all_keys_of_a_game_share_one_slot(cluster: RedisCluster) -> None:
    with cluster.client() as client:
        slots = {game_id: {client.cluster_keyslot(key) for key in all_keys(game_id)} for game_id in GAME_IDS}
        owners = {client.get_node_from_key(keys.snapshot(game_id)).port for game_id in GAME_IDS}
    assert all(len(one) == 1 for one in slots.values()), slots
    assert len({slot for one in slots.values() for slot in one}) > 1
    assert owners == set(cluster.ports)  # the test games really spread over every master


def play(store: RedisStore, game_id: str) -> None:
    """One game's life through every store method, checked as it goes."""
    create(store, game_id, game_row(), ['{"e": 1}'])
    assert store.load_game(game_id) == game_row()
    assert store.claim_idempotency_key(game_id, "k0", "fp-0").state is IdempotencyState.CLAIMED
    in_flight = store.claim_idempotency_key(game_id, "k0", "fp-2")
    assert in_flight == IdempotencyClaim(IdempotencyState.IN_FLIGHT, fingerprint="fp-0")
    held = store.save(move_save(game_id, 1, "s2", [], False, answer=("k0", stored_answer("fp-2"))))
    assert (held.version, held.held) == (None, in_flight)
    answer = stored_answer("fp-1")
    assert (
        save_move(store, game_id, 1, "s2", ['{"e": 2}', '{"e": 3}'], finished=False, answer=("k1", answer))
        == 2
    )
    assert save_move(store, game_id, 1, "lost", ['{"lost": 1}'], finished=False) is None
    assert store.claim_idempotency_key(game_id, "k1", "fp-1") == IdempotencyClaim(
        IdempotencyState.ANSWERED, answer
    )
    store.claim_idempotency_key(game_id, "k2", "fp-3")
    store.record_answer(game_id, "k2", stored_answer("fp-3", 409))
    store.claim_idempotency_key(game_id, "k3", "fp-4")
    store.release_idempotency_key(game_id, "k3")
    assert store.claim_idempotency_key(game_id, "k3", "fp-5").state is IdempotencyState.CLAIMED
    assert save_move(store, game_id, 2, "s3", [], finished=True) == 3
    assert store.read_events(game_id, 1, 10) == [(2, '{"e": 2}'), (3, '{"e": 3}')]
    loaded = store.load_game(game_id)
    assert loaded is not None and (loaded.version, loaded.snapshot) == (3, "s3")


def test_every_store_method_on_many_games(cluster: RedisCluster, store: RedisStore) -> None:
    for game_id in GAME_IDS:
        play(store, game_id)
    store.ping()
    holders: dict[str, set[int]] = {game_id: set() for game_id in GAME_IDS}
    for port, client in zip(cluster.ports, cluster.node_clients(), strict=True):
        with client:
            for key in client.scan_iter(match="restart:*"):
                holders[key.decode().split("{")[1].split("}")[0]].add(port)
                assert client.ttl(key) > 0
    assert all(len(ports) == 1 for ports in holders.values()), holders  # one game, one node


def test_every_client_method_on_many_clients_and_their_games(store: RedisStore) -> None:
    window = Window("requests", 2, 1, override="requests_per_second")
    for number in range(12):
        client_id = f"client{number:02d}"
        store.create_client(ClientRow(client_id, "App", 1_700_000_000.0 + number, (KeyDigest("d" * 64),)))
        assert store.admit(client_id, "d" * 64, window, 1_800_000_000.0).admission is Admission.ADMITTED
        assert store.reserve_game(client_id, f"g-{client_id}", 1, 1_800_000_000.0)
        store.game_closed(client_id, f"g-{client_id}", forget=False)
        assert store.client_games(client_id, None, 5, open_only=False)[0][1] == f"g-{client_id}"
        assert store.count_hit(f"10.0.0.{number}", window, 1_800_000_000.0).used == 1
        record, admitted = store.load_counted(GAME_IDS[0], Counting(client_id, window, 1_800_000_000.0))
        whole = store.load_game(GAME_IDS[0])
        assert admitted.windows[0].used == 2
        assert record == (None if whole is None else GameVersion(whole.version, whole.snapshot))
    assert [record.id for record in store.list_clients()] == [f"client{number:02d}" for number in range(12)]
    assert store.load_games(GAME_IDS[:5]) == [store.load_game(game_id) for game_id in GAME_IDS[:5]]
    assert not delete(store, "no-such-game")


def test_a_counted_move_spans_two_slots_in_three_calls(store: RedisStore) -> None:
    """The game's slot and its owner's differ: a cluster cannot run one script over both."""
    window = Window("requests", 5, 1)
    store.create_client(ClientRow("owner", "App", 1_700_000_000.0, (KeyDigest("d" * 64),)))
    create(store, "g-owned", game_row(), [])
    assert store.reserve_game("owner", "g-owned", 1, 1_800_000_000.0)
    counted = store.save(
        move_save("g-owned", 1, "s2", ['{"e": 1}'], True, "owner", Counting("owner", window, 1.8e9))
    )
    assert counted.version == 2 and counted.admitted is not None and counted.admitted.windows[0].used == 1
    assert store.client_games("owner", None, 5, open_only=True) == []
    assert store.read_events("g-owned", 0, 5) == [(1, '{"e": 1}')]


def test_games_played_from_many_threads_at_once(store: RedisStore) -> None:
    errors: list[BaseException] = []

    def play_some(offset: int) -> None:
        try:
            for game_id in GAME_IDS[offset::6]:
                play(store, game_id)
        except BaseException as error:  # reported on the test thread
            errors.append(error)

    threads = [threading.Thread(target=play_some, args=(offset,)) for offset in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not errors and not any(thread.is_alive() for thread in threads)


def test_scripts_survive_script_flush_on_every_node(cluster: RedisCluster, store: RedisStore) -> None:
    for game_id in GAME_IDS[:12]:
        create(store, game_id, game_row(), [])
    for client in cluster.node_clients():
        with client:
            client.script_flush()
    assert all(save_move(store, game_id, 1, "s2", [], finished=False) == 2 for game_id in GAME_IDS[:12])


def test_unreachable_cluster_is_unavailable_not_a_crash() -> None:
    store = RedisStore(RedisOptions(f"redis://127.0.0.1:{free_cluster_port(set())}/0", cluster=True))
    with pytest.raises(StoreUnavailable):
        store.ping()
    with pytest.raises(StoreUnavailable):
        store.load_game("g-1")


def test_same_store_recovers_when_the_whole_cluster_restarts() -> None:
    with RedisCluster(masters=3) as own:
        store = RedisStore(RedisOptions(own.url, cluster=True))
        create(store, "before", game_row(), [])
        for node in own.nodes:
            node.stop()
        with pytest.raises(StoreUnavailable):
            store.load_game("before")
        for node in own.nodes:
            node.start()  # same ports and nodes.conf: the nodes find each other again
        deadline = time.monotonic() + 20
        while True:  # until the nodes agree again the store says CLUSTERDOWN: unavailable, not broken
            try:
                create(store, "after", game_row(), [])
                break
            except StoreUnavailable:
                assert time.monotonic() < deadline, "the store never came back"
                time.sleep(0.1)
        assert store.load_game("after") == game_row()
        store.close()


def test_every_method_fails_fast_when_the_cluster_is_gone() -> None:
    """The failure tests' calls (test_redis_failures), on a cluster whose every master has stopped."""
    with RedisCluster(masters=3) as own:
        store = RedisStore(RedisOptions(own.url, cluster=True))
        create(store, GAME, game_row(), ['{"e": 1}'])
        for node in own.nodes:
            node.stop()
        for call in STORE_CALLS.values():
            with pytest.raises(StoreUnavailable):
                within(HANG_GUARD, lambda: call(store))  # noqa: B023 (called at once)
        store.close()
