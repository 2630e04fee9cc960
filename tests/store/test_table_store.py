"""The TableStore on every store: a table written only over the version it was read at, kept as long
as asked, removed only at the version read."""

from __future__ import annotations

import time

from service.store import Store, StoredTable
from tests.store.helpers import FakeClock, StoreFactory


def test_a_new_table_is_saved_once(store: Store) -> None:
    assert store.load_table("t1") is None
    assert store.save_table("t1", 1, '{"a":1}', 60_000)
    assert store.load_table("t1") == StoredTable(1, '{"a":1}')
    assert not store.save_table("t1", 1, '{"a":2}', 60_000)  # its id is taken
    assert store.load_table("t1") == StoredTable(1, '{"a":1}')


def test_a_change_is_saved_only_over_the_version_it_was_read_at(store: Store) -> None:
    assert store.save_table("t2", 1, "one", 60_000)
    assert store.save_table("t2", 2, "two", 60_000)
    assert not store.save_table("t2", 2, "two again", 60_000)  # a rival read version 1 too
    assert not store.save_table("t2", 4, "four", 60_000)  # a version it never read
    assert not store.save_table("t3", 2, "no such table", 60_000)
    assert store.load_table("t2") == StoredTable(2, "two") and store.load_table("t3") is None


def test_a_table_is_deleted_only_at_the_version_read(store: Store) -> None:
    assert store.save_table("t4", 1, "one", 60_000) and store.save_table("t4", 2, "two", 60_000)
    assert not store.delete_table("t4", 1)
    assert store.load_table("t4") == StoredTable(2, "two")
    assert store.delete_table("t4", 2)
    assert store.load_table("t4") is None and not store.delete_table("t4", 2)
    assert store.save_table("t4", 1, "anew", 60_000)  # the id is free again


def test_a_table_is_kept_as_long_as_asked(
    make_store: StoreFactory, clock: FakeClock, store_kind: str
) -> None:
    store = make_store()
    assert store.save_table("t5", 1, "short", 50)
    if store_kind == "memory":
        clock.advance(0.06)
    else:
        time.sleep(0.2)
    assert store.load_table("t5") is None
    assert store.save_table("t5", 1, "again", 60_000)  # gone: its id is new
