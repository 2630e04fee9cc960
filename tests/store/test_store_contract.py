"""The GameStore contract, run against the in-process store and a real Redis alike."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import replace

import pytest
import redis

from harness.sample_games import game_row
from service.store.base import (
    IDEMPOTENCY_KEYS_PER_GAME,
    IN_FLIGHT_TTL,
    GameExists,
    GameStore,
    GameVersion,
    IdempotencyClaim,
    IdempotencyState,
)
from service.store.memory import MemoryStore
from tests.store.helpers import FakeClock, StoreFactory, create, move_save, save_move, stored_answer

GAME = "g-1"
FIRST_EVENTS = ['{"e": 1}', '{"e": 2}']


@pytest.fixture
def game(store: GameStore) -> GameStore:
    """The store holding GAME at version 1 with FIRST_EVENTS."""
    create(store, GAME, game_row(), FIRST_EVENTS)
    return store


def test_create_then_load_returns_the_record(store: GameStore) -> None:
    create(store, GAME, game_row(), FIRST_EVENTS)
    assert store.load_game(GAME) == game_row()
    assert store.load_version(GAME) == GameVersion(1, game_row().snapshot)
    assert store.load_version("no-such-game") is None
    assert store.read_events(GAME, 0, 10) == [(1, '{"e": 1}'), (2, '{"e": 2}')]


def test_create_without_events(store: GameStore) -> None:
    create(store, GAME, game_row(), [])
    assert store.load_game(GAME) == game_row()
    assert store.read_events(GAME, 0, 10) == []
    assert save_move(store, GAME, 1, "s2", ['{"e": 1}'], finished=False) == 2
    assert store.read_events(GAME, 0, 10) == [(1, '{"e": 1}')]


def test_load_unknown_game_is_none(store: GameStore) -> None:
    assert store.load_game("nobody") is None


def test_create_refuses_an_existing_id(
    game: GameStore, request: pytest.FixtureRequest, store_kind: str
) -> None:
    with pytest.raises(GameExists):
        create(game, GAME, game_row(version=7, snapshot="other"), ['{"e": "other"}'])
    assert game.load_game(GAME) == game_row()
    assert game.read_events(GAME, 0, 10) == [(1, '{"e": 1}'), (2, '{"e": 2}')]


def test_save_move_bumps_version_and_appends_events(game: GameStore) -> None:
    assert save_move(game, GAME, 1, "s2", ['{"e": 3}'], finished=False) == 2
    assert save_move(game, GAME, 2, "s3", ['{"e": 4}', '{"e": 5}'], finished=False) == 3
    loaded = game.load_game(GAME)
    assert loaded is not None
    assert (loaded.version, loaded.snapshot, loaded.tokens) == (3, "s3", game_row().tokens)
    assert [seq for seq, _ in game.read_events(GAME, 0, 100)] == [1, 2, 3, 4, 5]


def test_save_move_on_unknown_game_is_none(store: GameStore) -> None:
    assert (
        save_move(store, "nobody", 1, "s", ['{"e": 1}'], finished=False, answer=("k", stored_answer()))
        is None
    )
    assert store.load_game("nobody") is None
    assert store.read_events("nobody", 0, 10) == []


@pytest.mark.parametrize("stale", [0, 2, 5])
def test_stale_version_writes_nothing(game: GameStore, stale: int) -> None:
    assert game.claim_idempotency_key(GAME, "held", "fp-held").state is IdempotencyState.CLAIMED
    assert (
        save_move(game, GAME, stale, "lost", ['{"lost": 1}'], finished=True, answer=("held", stored_answer()))
        is None
    )
    assert save_move(game, GAME, stale, "lost", [], finished=False, answer=("fresh", stored_answer())) is None
    assert game.load_game(GAME) == game_row()
    assert game.read_events(GAME, 0, 10) == [(1, '{"e": 1}'), (2, '{"e": 2}')]
    held = game.claim_idempotency_key(GAME, "held", "fp-other")
    assert held == IdempotencyClaim(IdempotencyState.IN_FLIGHT, fingerprint="fp-held")
    assert game.claim_idempotency_key(GAME, "fresh", "fp").state is IdempotencyState.CLAIMED


@pytest.mark.parametrize("timed", [False, True], ids=["untimed", "timed"])
def test_a_save_at_a_stale_version_finds_the_game_as_it_is(game: GameStore, timed: bool) -> None:
    """The save that loses answers with the version and snapshot it found, in the same step (one
    script on Redis, with or without a deadline to index): the move is judged again without a read."""
    assert save_move(game, GAME, 1, "s2", ['{"e": 3}']) == 2
    lost = game.save(move_save(GAME, 1, "s-lost", ['{"lost": 1}'], False, timed=timed, deadline=5))
    assert (lost.version, lost.found) == (None, GameVersion(2, "s2"))
    gone = game.save(move_save("no-such-game", 1, "s", [], False, timed=timed, deadline=5))
    assert (gone.version, gone.found) == (None, None)
    assert game.load_version(GAME) == GameVersion(2, "s2")


@pytest.mark.parametrize(
    ("after", "limit", "expected"),
    [
        (0, 10, [1, 2, 3, 4, 5]),
        (0, 2, [1, 2]),
        (2, 2, [3, 4]),
        (3, 10, [4, 5]),
        (4, 1, [5]),
        (5, 10, []),
        (9, 10, []),
        (0, 0, []),
        (2, 0, []),
    ],
)
def test_read_events_after_and_limit(game: GameStore, after: int, limit: int, expected: list[int]) -> None:
    save_move(game, GAME, 1, "s2", ['{"e": 3}', '{"e": 4}', '{"e": 5}'], finished=False)
    events = game.read_events(GAME, after, limit)
    assert [seq for seq, _ in events] == expected
    assert all(body == f'{{"e": {seq}}}' for seq, body in events)


def test_a_save_keeps_its_answer_under_a_free_key_and_a_held_key_saves_nothing(game: GameStore) -> None:
    answer = stored_answer("fp-1", 200, '{"version": 2}')
    assert save_move(game, GAME, 1, "s2", [], finished=False, answer=("k", answer)) == 2
    assert game.claim_idempotency_key(GAME, "k", "fp-1") == IdempotencyClaim(
        IdempotencyState.ANSWERED, answer
    )
    retried = game.save(move_save(GAME, 2, "s3", [], False, answer=("k", stored_answer("fp-1"))))
    assert (retried.version, retried.held) == (None, IdempotencyClaim(IdempotencyState.ANSWERED, answer))
    assert game.claim_idempotency_key(GAME, "c", "fp-2") == IdempotencyClaim(IdempotencyState.CLAIMED)
    again = game.claim_idempotency_key(GAME, "c", "fp-3")
    assert again == IdempotencyClaim(IdempotencyState.IN_FLIGHT, fingerprint="fp-2")
    claimed = game.save(move_save(GAME, 2, "s3", [], False, answer=("c", stored_answer("fp-3"))))
    assert (claimed.version, claimed.held) == (None, again)  # whatever the version: the key answers
    assert game.load_version(GAME) == GameVersion(2, "s2")
    assert [seq for seq, _ in game.read_events(GAME, 0, 10)] == [1, 2]


def test_claim_then_answered_by_record_answer(game: GameStore) -> None:
    assert game.claim_idempotency_key(GAME, "k", "fp-1").state is IdempotencyState.CLAIMED
    refusal = replace(stored_answer("fp-1", 422, '{"code": "not_ascending"}'), language="fr")
    game.record_answer(GAME, "k", refusal)
    assert game.claim_idempotency_key(GAME, "k", "fp-9") == IdempotencyClaim(
        IdempotencyState.ANSWERED, refusal
    )
    assert game.load_game(GAME) == game_row()


def test_keys_are_per_game(store: GameStore) -> None:
    create(store, "g-a", game_row(), [])
    create(store, "g-b", game_row(), [])
    assert store.claim_idempotency_key("g-a", "k", "fp").state is IdempotencyState.CLAIMED
    assert store.claim_idempotency_key("g-b", "k", "fp").state is IdempotencyState.CLAIMED


def test_release_frees_a_claim(game: GameStore) -> None:
    game.claim_idempotency_key(GAME, "k", "fp-1")
    game.release_idempotency_key(GAME, "k")
    assert game.claim_idempotency_key(GAME, "k", "fp-2").state is IdempotencyState.CLAIMED


def test_release_of_unknown_key_is_harmless(game: GameStore) -> None:
    game.release_idempotency_key(GAME, "never-claimed")
    game.release_idempotency_key("nobody", "k")


def test_release_keeps_an_answer(game: GameStore, request: pytest.FixtureRequest, store_kind: str) -> None:
    answer = stored_answer()
    assert save_move(game, GAME, 1, "s2", [], finished=False, answer=("k", answer)) == 2
    game.release_idempotency_key(GAME, "k")
    assert game.claim_idempotency_key(GAME, "k", "fp-1") == IdempotencyClaim(
        IdempotencyState.ANSWERED, answer
    )


def test_racing_writers_on_one_version_exactly_one_wins(game: GameStore) -> None:
    writers = 16
    start = threading.Barrier(writers)
    results: list[int | None] = [None] * writers

    def write(seat: int) -> None:
        start.wait()
        results[seat] = save_move(game, GAME, 1, f"by-{seat}", [f'{{"by": {seat}}}'], finished=False)

    run_threads(write, writers)
    assert results.count(2) == 1 and results.count(None) == writers - 1
    winner = results.index(2)
    loaded = game.load_game(GAME)
    assert loaded is not None and (loaded.version, loaded.snapshot) == (2, f"by-{winner}")
    assert game.read_events(GAME, 2, 100) == [(3, f'{{"by": {winner}}}')]


def test_writers_that_reload_and_retry_all_land(game: GameStore) -> None:
    writers, moves_each = 8, 5

    def write(seat: int) -> None:
        for move in range(moves_each):
            while True:
                loaded = game.load_game(GAME)
                assert loaded is not None
                event = f'{{"by": {seat}, "move": {move}}}'
                if save_move(game, GAME, loaded.version, f"by-{seat}", [event], finished=False) is not None:
                    break

    run_threads(write, writers)
    total = writers * moves_each
    loaded = game.load_game(GAME)
    assert loaded is not None and loaded.version == 1 + total
    events = game.read_events(GAME, 2, 1000)
    assert [seq for seq, _ in events] == list(range(3, 3 + total))
    assert sorted(body for _, body in events) == sorted(
        f'{{"by": {seat}, "move": {move}}}' for seat in range(writers) for move in range(moves_each)
    )


def run_threads(target: Callable[[int], None], count: int) -> None:
    threads = [threading.Thread(target=target, args=(seat,)) for seat in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not any(thread.is_alive() for thread in threads)


# Expiry. Each store has its own clock: Redis counts TTLs itself, the memory store reads its clock.


def test_a_game_keeps_only_its_last_idempotency_keys(game: GameStore) -> None:
    """Claimed, answered by a save or recorded: past IDEMPOTENCY_KEYS_PER_GAME, the oldest key is
    forgotten, and a request bringing it again claims it anew."""
    kept = IDEMPOTENCY_KEYS_PER_GAME
    save_move(game, GAME, 1, "s2", [], answer=("k0", stored_answer("fp-0")))
    game.claim_idempotency_key(GAME, "k1", "fp-1")
    game.record_answer(GAME, "k1", stored_answer("fp-1", 422))
    for number in range(2, kept + 1):
        assert (
            game.claim_idempotency_key(GAME, f"k{number}", f"fp-{number}").state is IdempotencyState.CLAIMED
        )
    assert (
        game.claim_idempotency_key(GAME, "k0", "fp-x").state is IdempotencyState.CLAIMED
    )  # k0 was the oldest
    assert game.claim_idempotency_key(GAME, "k1", "fp-y").state is IdempotencyState.CLAIMED  # then k1 went
    for still_held in (f"k{kept}", "k3"):  # the newest, and the oldest left: k2 made room for k1
        assert game.claim_idempotency_key(GAME, still_held, "fp-z").state is IdempotencyState.IN_FLIGHT
    assert game.claim_idempotency_key(GAME, "k2", "fp-z").state is IdempotencyState.CLAIMED


@pytest.fixture
def redis_client(redis_url: str) -> redis.Redis:
    return redis.Redis.from_url(redis_url)


def game_keys(client: redis.Redis, game_id: str) -> list[str]:
    return sorted(key.decode() for key in client.scan_iter(match=f"restart:{{{game_id}}}:*"))


@pytest.mark.parametrize("store_kind", ["redis"], indirect=True)
def test_redis_keys_expire_idle_then_finished(make_store: StoreFactory, redis_client: redis.Redis) -> None:
    store = make_store(idle=1000, finished=100)
    create(store, GAME, game_row(), FIRST_EVENTS)
    store.claim_idempotency_key(GAME, "pending", "fp")
    ttls = {key: redis_client.ttl(key) for key in game_keys(redis_client, GAME)}
    assert ttls == {
        f"restart:{{{GAME}}}:events": pytest.approx(1000, abs=2),
        f"restart:{{{GAME}}}:idem-order": pytest.approx(1000, abs=2),
        f"restart:{{{GAME}}}:idem:pending": pytest.approx(IN_FLIGHT_TTL, abs=2),
        f"restart:{{{GAME}}}:snapshot": pytest.approx(1000, abs=2),
    }

    save_move(store, GAME, 1, "s2", ['{"e": 3}'], finished=False, answer=("idle", stored_answer()))
    assert redis_client.ttl(f"restart:{{{GAME}}}:idem:idle") == pytest.approx(1000, abs=2)

    # Finishing shortens the game's keys; an answer recorded earlier keeps its own (bounded) TTL.
    save_move(store, GAME, 2, "s3", ['{"e": 4}'], finished=True, answer=("last", stored_answer()))
    store.record_answer(GAME, "refused", stored_answer(status=409))
    ttls = {key: redis_client.ttl(key) for key in game_keys(redis_client, GAME)}
    assert ttls == {
        f"restart:{{{GAME}}}:events": pytest.approx(100, abs=2),
        f"restart:{{{GAME}}}:idem-order": pytest.approx(100, abs=2),
        f"restart:{{{GAME}}}:idem:idle": pytest.approx(1000, abs=2),
        f"restart:{{{GAME}}}:idem:last": pytest.approx(100, abs=2),
        f"restart:{{{GAME}}}:idem:pending": pytest.approx(IN_FLIGHT_TTL, abs=2),
        f"restart:{{{GAME}}}:idem:refused": pytest.approx(100, abs=2),
        f"restart:{{{GAME}}}:snapshot": pytest.approx(100, abs=2),
    }


@pytest.mark.parametrize("store_kind", ["redis"], indirect=True)
def test_redis_game_really_expires(make_store: StoreFactory, redis_client: redis.Redis) -> None:
    store = make_store(idle=1)
    create(store, GAME, game_row(), FIRST_EVENTS)
    time.sleep(1.1)
    assert store.load_game(GAME) is None
    assert store.read_events(GAME, 0, 10) == []
    assert game_keys(redis_client, GAME) == []


@pytest.mark.parametrize("store_kind", ["memory"], indirect=True)
def test_memory_game_expires_idle_then_finished(make_store: StoreFactory, clock: FakeClock) -> None:
    store = make_store(idle=1000, finished=100)
    assert isinstance(store, MemoryStore)
    create(store, GAME, game_row(), FIRST_EVENTS)
    clock.advance(999)
    assert save_move(store, GAME, 1, "s2", [], finished=False) == 2  # a move resets the idle clock
    clock.advance(999)
    assert save_move(store, GAME, 2, "s3", [], finished=True, answer=("k", stored_answer())) == 3
    clock.advance(99)
    assert store.load_game(GAME) is not None
    clock.advance(1)
    assert store.load_game(GAME) is None
    assert store.read_events(GAME, 0, 10) == []
    assert store.claim_idempotency_key(GAME, "k", "fp").state is IdempotencyState.CLAIMED


@pytest.mark.parametrize("store_kind", ["memory"], indirect=True)
def test_memory_in_flight_claim_lapses(make_store: StoreFactory, clock: FakeClock) -> None:
    store = make_store()
    create(store, GAME, game_row(), [])
    store.claim_idempotency_key(GAME, "k", "fp-1")
    clock.advance(IN_FLIGHT_TTL - 1)
    assert store.claim_idempotency_key(GAME, "k", "fp-2").state is IdempotencyState.IN_FLIGHT
    clock.advance(1)
    assert store.claim_idempotency_key(GAME, "k", "fp-2").state is IdempotencyState.CLAIMED


def test_waiting_for_events_returns_those_already_logged_at_once(game: GameStore) -> None:
    assert game.wait_for_events(GAME, 1, 5.0) == [(2, '{"e": 2}')]


def test_waiting_for_events_wakes_when_a_move_logs_some(game: GameStore) -> None:
    found: list[list[tuple[int, str]]] = []
    waiter = threading.Thread(target=lambda: found.append(game.wait_for_events(GAME, 2, 5.0)))
    waiter.start()
    time.sleep(0.2)  # the waiter is blocked by now (a wrong store would have returned already)
    assert found == []
    assert save_move(game, GAME, 1, "s2", ['{"e": 3}', '{"e": 4}'], finished=False) == 2
    waiter.join(timeout=5.0)
    assert found == [[(3, '{"e": 3}'), (4, '{"e": 4}')]]


def test_waiting_for_events_gives_up_after_its_timeout_with_none(game: GameStore) -> None:
    assert game.wait_for_events(GAME, 2, 0.2) == []
