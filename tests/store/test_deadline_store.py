"""The deadlines' index (``WorkStore.take_due``, ``settle_deadline``), on every store: memory, Redis,
TLS, cluster. Written with the change that starts a turn; taken only once due; a claim lasts a lease."""

from __future__ import annotations

from harness.sample_games import game_row
from service.store import Store
from service.store.client_apps import Counting
from tests.store.helpers import create, move_save
from tests.store.test_client_app_store import NOW, REQUESTS, client

GAME = "g-1"
LEASE = 10_000


def test_a_creation_indexes_its_first_deadline_and_nothing_is_due_before_it(store: Store) -> None:
    create(store, GAME, game_row(), [], deadline=5_000)
    assert store.take_due(4_999, LEASE, 10) == []
    assert store.take_due(5_000, LEASE, 10) == [(GAME, 5_000 + LEASE)]


def test_a_claim_is_not_taken_again_until_its_lease_ends(store: Store) -> None:
    create(store, GAME, game_row(), [], deadline=5_000)
    assert store.take_due(6_000, LEASE, 10) == [(GAME, 6_000 + LEASE)]
    assert store.take_due(6_000 + LEASE - 1, LEASE, 10) == []
    assert store.take_due(6_000 + LEASE, LEASE, 10) == [(GAME, 6_000 + 2 * LEASE)]  # its worker died


def test_a_save_moves_the_deadline_or_removes_it(store: Store) -> None:
    create(store, GAME, game_row(), [], deadline=5_000)
    store.save(move_save(GAME, 1, "s2", [], False, timed=True, deadline=9_000))
    assert store.take_due(8_999, LEASE, 10) == []
    store.save(move_save(GAME, 2, "s3", [], True, timed=True, deadline=None))
    assert store.take_due(10**12, LEASE, 10) == []


def test_a_counted_save_indexes_its_deadline_in_the_same_step(store: Store) -> None:
    store.create_client(client())
    create(store, GAME, game_row(), [], deadline=5_000)
    counted = Counting("c1", REQUESTS, NOW)
    saved = store.save(move_save(GAME, 1, "s2", [], False, "c1", counted, timed=True, deadline=7_000))
    assert saved.version == 2
    assert store.take_due(6_999, LEASE, 10) == [] and store.take_due(7_000, LEASE, 10)[0][0] == GAME


def test_a_save_that_lost_its_race_or_has_no_clock_leaves_the_index_alone(store: Store) -> None:
    create(store, GAME, game_row(), [], deadline=5_000)
    store.save(move_save(GAME, 7, "s2", [], False, timed=True, deadline=9_000))
    store.save(move_save(GAME, 1, "s2", [], False))
    assert store.take_due(5_000, LEASE, 10) == [(GAME, 5_000 + LEASE)]


def test_settling_a_claim_puts_the_real_deadline_back_unless_a_save_came_first(store: Store) -> None:
    create(store, GAME, game_row(), [], deadline=5_000)
    [(_, claimed)] = store.take_due(5_000, LEASE, 10)
    store.settle_deadline(GAME, claimed, 8_000)
    assert store.take_due(7_999, LEASE, 10) == []
    [(_, claimed)] = store.take_due(8_000, LEASE, 10)
    store.save(move_save(GAME, 1, "s2", [], False, timed=True, deadline=30_000))
    store.settle_deadline(GAME, claimed, None)  # too late: the save's deadline stays
    assert store.take_due(29_999, LEASE, 10) == [] and store.take_due(30_000, LEASE, 10)[0][0] == GAME
    [(_, claimed)] = store.take_due(40_000, LEASE, 10)
    store.settle_deadline(GAME, claimed, None)
    assert store.take_due(10**12, LEASE, 10) == []


def test_the_oldest_deadlines_are_taken_first_and_no_more_than_asked(store: Store) -> None:
    for number in range(5):
        create(store, f"g-{number}", game_row(), [], deadline=1_000 * (5 - number))
    assert [game for game, _ in store.take_due(10_000, LEASE, 3)] == ["g-4", "g-3", "g-2"]
