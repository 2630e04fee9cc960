"""The WorkStore contract (outboxes, doorbells, leases), on every store: memory, Redis, TLS, cluster."""

from __future__ import annotations

import time
from typing import Any

import pytest

from harness.redis_server import RedisServer
from harness.sample_games import game_row
from service.store import Save, Store, WorkItem, keys
from service.store.client_apps import Counting
from service.store.config import RedisOptions
from service.store.redis import RedisStore
from service.store.redis.wire import _Connection
from tests.store.helpers import create, delete, move_save
from tests.store.test_client_app_store import NOW, REQUESTS, client

GAME = "g-1"
DUE = 1_800_000_060_000


def rung(store: Store) -> list[str]:
    """The games of the doorbells waiting now (taken, then finished)."""
    items = store.take_work("test-worker", 100, 0.01)
    store.finish_work(items)
    return [item.game_id for item in items]


def test_a_creation_a_move_and_a_deletion_post_their_entries_and_ring(store: Store) -> None:
    create(store, GAME, game_row(), ['{"e": 1}'], outbox=("created",))
    assert [text for _, text in store.outbox(GAME, 10)] == ["created"]
    assert rung(store) == [GAME]
    saved = store.save(move_save(GAME, 1, "s2", ['{"e": 2}'], False, outbox=("moved", "bot turn")))
    assert saved.version == 2
    assert [text for _, text in store.outbox(GAME, 10)] == ["created", "moved", "bot turn"]
    assert rung(store) == [GAME]
    assert delete(store, GAME, outbox=("deleted",))
    assert [text for _, text in store.outbox(GAME, 10)][-1] == "deleted"  # the outbox outlives its game
    assert rung(store) == [GAME]


def test_a_counted_save_posts_and_rings_in_the_same_step(store: Store) -> None:
    store.create_client(client())
    create(store, GAME, game_row(), [])
    counted = Counting("c1", REQUESTS, NOW)
    saved = store.save(move_save(GAME, 1, "s2", [], False, "c1", counted, outbox=("bot turn",)))
    assert saved.version == 2 and [text for _, text in store.outbox(GAME, 10)] == ["bot turn"]
    assert rung(store) == [GAME]


def test_a_save_that_lost_its_race_posts_nothing(store: Store) -> None:
    create(store, GAME, game_row(), [])
    assert store.save(move_save(GAME, 7, "s2", [], False, outbox=("bot turn",))).version is None
    assert store.outbox(GAME, 10) == [] and rung(store) == []


def test_nothing_posted_rings_nothing(store: Store) -> None:
    create(store, GAME, game_row(), [])
    store.save(move_save(GAME, 1, "s2", [], False))
    assert rung(store) == [] and store.games_with_outbox() == []


def take(store: Store, worker: str, seconds: float, count: int) -> list[tuple[str, str]] | None:
    """``GAME``'s outbox as ``worker`` takes it (None: another holds it)."""
    return store.take_outboxes([GAME], worker, seconds, count).get(GAME)


def release(store: Store, worker: str, handled: list[str]) -> bool:
    """``GAME``'s handled entries released; whether entries are left."""
    return store.release_outboxes(worker, {GAME: handled}) == [GAME]


def test_cleared_entries_go_and_an_empty_outbox_with_them(store: Store) -> None:
    create(store, GAME, game_row(), [], outbox=("one", "two", "three"))
    entries = store.outbox(GAME, 2)
    assert [text for _, text in entries] == ["one", "two"]
    release(store, "w", [entry_id for entry_id, _ in entries])
    assert [text for _, text in store.outbox(GAME, 10)] == ["three"]
    assert store.games_with_outbox() == [GAME]
    release(store, "w", [entry_id for entry_id, _ in store.outbox(GAME, 10)])
    assert store.outbox(GAME, 10) == [] and store.games_with_outbox() == []


def test_an_item_not_finished_is_taken_again_by_another_worker(store: Store) -> None:
    store.ring(GAME)
    (taken,) = store.take_work("first", 10, 0.01)
    assert store.take_work("second", 10, 0.01) == []  # taken: no one else gets it as new
    abandoned = store.take_abandoned_work("second", 0.0, 10)
    assert abandoned == [WorkItem(taken.id, GAME)]
    store.finish_work(abandoned)
    assert store.take_abandoned_work("third", 0.0, 10) == []


def test_one_worker_at_a_time_holds_a_game(store: Store) -> None:
    assert take(store, "first", 30, 0) is not None
    assert take(store, "second", 30, 0) is None
    release(store, "second", [])  # not its to let go
    assert take(store, "second", 30, 0) is None
    release(store, "first", [])
    assert take(store, "second", 30, 0) is not None


def test_a_holder_renews_its_hold_and_only_its_own(store: Store) -> None:
    assert take(store, "first", 0.001, 0) is not None
    assert take(store, "first", 30, 0) is not None
    time.sleep(0.01)
    assert take(store, "second", 30, 0) is None


def test_one_worker_sweeps_in_a_period(store: Store) -> None:
    assert store.take_sweep("first", 30)
    assert not store.take_sweep("second", 30)
    assert not store.take_sweep("first", 30)


def test_the_next_sweep_is_due_when_the_period_ends(store: Store) -> None:
    assert store.take_sweep("first", 0.001)
    time.sleep(0.01)
    assert store.take_sweep("second", 30)


def test_a_hold_lapses_when_its_worker_is_gone(store: Store) -> None:
    assert take(store, "first", 0.001, 0) is not None
    time.sleep(0.01)  # what is decided is a lapse of 1 ms, far behind us whatever the machine
    assert take(store, "second", 30, 0) is not None


def test_the_holder_takes_the_first_entries_and_releases_the_handled_ones_in_one_step_each(
    store: Store,
) -> None:
    create(store, GAME, game_row(), [], outbox=("one", "two", "three"))
    taken = take(store, "first", 30, 2)
    assert taken is not None and [text for _, text in taken] == ["one", "two"]
    assert take(store, "second", 30, 2) is None  # held: nothing read for it
    assert release(store, "first", [entry_id for entry_id, _ in taken])  # "three" is left
    rest = take(store, "second", 30, 2)
    assert rest is not None and [text for _, text in rest] == ["three"]
    assert not release(store, "second", [rest[0][0]])
    assert store.games_with_outbox() == [] and take(store, "first", 30, 2) == []


def test_many_games_are_taken_and_released_together_but_for_one_another_holds(store: Store) -> None:
    games = [f"g_batch{n}" for n in range(3)]
    for game_id in games:
        create(store, game_id, game_row(), [], outbox=(f"{game_id} one", f"{game_id} two"))
    assert store.take_outboxes([games[1]], "other", 30, 0) == {games[1]: []}
    taken = store.take_outboxes(games, "first", 30, 1)
    assert {game_id: [text for _, text in entries] for game_id, entries in taken.items()} == {
        games[0]: [f"{games[0]} one"],
        games[2]: [f"{games[2]} one"],
    }
    handled = {
        games[0]: [taken[games[0]][0][0]],
        games[2]: [entry_id for entry_id, _ in store.outbox(games[2], 2)],
    }
    assert store.release_outboxes("first", handled) == [games[0]]  # its second entry is left
    assert sorted(store.games_with_outbox()) == sorted(games[:2])
    assert store.take_outboxes([games[0]], "other", 30, 0) == {games[0]: []}  # let go


def worker_save(game_id: str) -> Save:
    return move_save(game_id, 1, "s2", [], False, outbox=("bot turn",), timed=True, deadline=DUE)


def test_on_one_server_a_save_counted_against_no_one_rings_in_its_own_round_trip(
    redis_server: RedisServer, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot's move or a timeout, saved by the worker: the move, its turn's deadline and the worker's
    doorbell in one script, one exchange with Redis (a cluster's scripts cannot reach their slots)."""
    store = RedisStore(RedisOptions(redis_url))
    try:
        for game_id in ("warm-up", GAME):  # the first call of a script may load it: a second exchange
            create(store, game_id, game_row(), [])
        store.save(worker_save("warm-up"))
        rung(store)
        exchanges: list[int] = []
        exchange = _Connection.exchange

        def counted(connection: _Connection, packed: bytes, replies: int) -> list[Any]:
            exchanges.append(replies)
            return exchange(connection, packed, replies)

        monkeypatch.setattr(_Connection, "exchange", counted)
        saved = store.save(worker_save(GAME))
        monkeypatch.undo()
        assert saved.version == 2 and exchanges == [1]
        assert rung(store) == [GAME]
        with redis_server.client() as client:
            assert client.zscore(keys.deadlines(), GAME) == DUE
    finally:
        store.close()
