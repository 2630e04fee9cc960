"""A game's whole log with each event's save time (``GameStore.read_log``, a game's record), on every
store: memory, Redis, TLS, cluster. Every event of a change carries the time of the save that logged
it; a save that lost its race logs nothing."""

from __future__ import annotations

import pytest
import redis

from harness.sample_games import game_row
from service.store import LoggedEvent, Store, keys
from tests.store.helpers import FakeClock, StoreFactory, create, delete, move_save

GAME = "g-1"
CREATED_AT = 1_800_000_000_000
FIRST_EVENTS = ['{"type": "round_dealt"}', '{"type": "hand"}']


@pytest.fixture
def game(store: Store) -> Store:
    """The store holding GAME at version 1 with FIRST_EVENTS, logged at CREATED_AT."""
    create(store, GAME, game_row(), FIRST_EVENTS, at=CREATED_AT)
    return store


def test_a_creation_logs_its_events_at_its_time(game: Store) -> None:
    assert game.read_log(GAME) == [
        LoggedEvent(1, FIRST_EVENTS[0], CREATED_AT),
        LoggedEvent(2, FIRST_EVENTS[1], CREATED_AT),
    ]


def test_each_save_logs_every_event_of_its_change_at_its_own_time(game: Store) -> None:
    game.save(
        move_save(GAME, 1, "s2", ['{"m": 1}', '{"m": 2}', '{"m": 3}'], False, at=CREATED_AT + 2_500)
    )
    game.save(move_save(GAME, 2, "s3", ['{"m": 4}'], True, at=CREATED_AT + 7_001))
    log = game.read_log(GAME)
    assert [(event.seq, event.at) for event in log] == [
        (1, CREATED_AT), (2, CREATED_AT),
        (3, CREATED_AT + 2_500), (4, CREATED_AT + 2_500), (5, CREATED_AT + 2_500),
        (6, CREATED_AT + 7_001),
    ]  # fmt: skip
    assert [event.text for event in log] == [*FIRST_EVENTS, '{"m": 1}', '{"m": 2}', '{"m": 3}', '{"m": 4}']


def test_the_log_is_the_events_read_page_by_page(game: Store) -> None:
    for version in range(1, 6):
        game.save(move_save(GAME, version, f"s{version}", [f'{{"v": {version}}}'], False, at=version))
    paged = game.read_events(GAME, 0, 3) + game.read_events(GAME, 3, 100)
    assert [(event.seq, event.text) for event in game.read_log(GAME)] == paged


def test_a_save_that_lost_its_race_logs_nothing(game: Store) -> None:
    assert game.save(move_save(GAME, 7, "s2", ['{"late": 1}'], False, at=CREATED_AT + 1)).version is None
    assert game.read_log(GAME) == [
        LoggedEvent(seq, text, CREATED_AT) for seq, text in enumerate(FIRST_EVENTS, 1)
    ]


def test_a_change_with_no_time_given_is_logged_at_zero(store: Store) -> None:
    """``at`` defaults to 0, the time of events logged before saves carried one."""
    create(store, GAME, game_row(), FIRST_EVENTS[:1])
    store.save(move_save(GAME, 1, "s2", ['{"m": 1}'], False))
    assert store.read_log(GAME) == [LoggedEvent(1, FIRST_EVENTS[0], 0), LoggedEvent(2, '{"m": 1}', 0)]


def test_a_game_without_events_or_gone_has_an_empty_log(store: Store) -> None:
    assert store.read_log("never-made") == []
    create(store, GAME, game_row(), [], at=CREATED_AT)
    assert store.read_log(GAME) == []
    delete(store, GAME)
    assert store.read_log(GAME) == []


@pytest.mark.parametrize("store_kind", ["memory"], indirect=True)
def test_an_expired_game_has_an_empty_log(make_store: StoreFactory, clock: FakeClock) -> None:
    """On the fake clock; Redis expires keys on its own (tests/store/test_store_contract.py waits for it)."""
    store = make_store(idle=10)
    create(store, GAME, game_row(), FIRST_EVENTS, at=CREATED_AT)
    clock.advance(11)
    assert store.read_log(GAME) == []


@pytest.mark.parametrize("store_kind", ["redis"], indirect=True)
def test_a_redis_entry_logged_before_saves_carried_their_time_reads_as_zero(
    game: Store, redis_url: str
) -> None:
    with redis.Redis.from_url(redis_url) as client:
        client.xadd(keys.events(GAME), {"e": '{"old": 1}'}, id="3-0")
    assert game.read_log(GAME)[-1] == LoggedEvent(3, '{"old": 1}', 0)
