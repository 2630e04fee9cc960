"""Each process's copy of the games it read or saved (``Store.recent_version``): kept, found stale
when another process saved since, and put right by the save that found it so; bounded in bytes."""

from __future__ import annotations

import pytest

from harness.sample_games import game_row
from service.store import GameVersion
from service.store.recent import ENTRY_BYTES, RecentGames
from service.store.redis import RedisStore
from tests.store.conftest import redis_options
from tests.store.helpers import create, delete, move_save, save_move

GAME = "g-recent"


@pytest.mark.parametrize("store_kind", ["redis", "redis-tls", "redis-cluster"], indirect=True)
def test_a_copy_is_kept_found_stale_and_put_right_by_the_save(
    store_kind: str, request: pytest.FixtureRequest
) -> None:
    options = redis_options(store_kind, request)
    here, elsewhere = RedisStore(options), RedisStore(options)
    try:
        create(here, GAME, game_row(snapshot="s1"), [])
        assert here.recent_version(GAME) == GameVersion(1, "s1")
        assert elsewhere.recent_version(GAME) is None  # it never read it
        assert save_move(here, GAME, 1, "s2", []) == 2
        assert here.recent_version(GAME) == GameVersion(2, "s2")
        assert elsewhere.load_version(GAME) == GameVersion(2, "s2")
        assert save_move(elsewhere, GAME, 2, "s3", []) == 3
        assert here.recent_version(GAME) == GameVersion(2, "s2")  # stale: another process saved
        lost = here.save(move_save(GAME, 2, "s-lost", [], False))
        assert (lost.version, lost.found) == (None, GameVersion(3, "s3"))
        assert here.recent_version(GAME) == GameVersion(3, "s3")
        delete(elsewhere, GAME)
        assert elsewhere.recent_version(GAME) is None
        assert here.save(move_save(GAME, 3, "s4", [], False)).found is None  # gone: forgotten
        assert here.recent_version(GAME) is None
    finally:
        here.close()
        elsewhere.close()


@pytest.mark.parametrize("store_kind", ["redis"], indirect=True)
def test_no_copy_is_kept_with_a_cache_of_zero_bytes(store_kind: str, request: pytest.FixtureRequest) -> None:
    options = redis_options(store_kind, request)
    store = RedisStore(type(options)(options.url, game_cache_bytes=0))
    try:
        create(store, GAME, game_row(snapshot="s1"), [])
        assert store.load_version(GAME) == GameVersion(1, "s1")
        assert store.recent_version(GAME) is None
    finally:
        store.close()


def test_the_least_recently_used_go_first_and_a_later_version_stays() -> None:
    snapshot = "x" * 100
    recent = RecentGames(3 * (len(snapshot) + ENTRY_BYTES))
    for name in "abc":
        recent.keep(name, GameVersion(1, snapshot))
    assert recent.get("a") is not None  # now the most recently used
    recent.keep("d", GameVersion(1, snapshot))
    assert [name for name in "abcd" if recent.get(name)] == ["a", "c", "d"]
    recent.keep("a", GameVersion(5, snapshot))
    recent.keep("a", GameVersion(4, "older"))  # a slower read never replaces a later save
    assert recent.get("a") == GameVersion(5, snapshot)
    recent.keep("a", None)
    assert recent.get("a") is None
    recent.keep("huge", GameVersion(1, "y" * 10_000))  # more than the whole bound: not kept
    assert recent.get("huge") is None and recent.get("c") is not None
