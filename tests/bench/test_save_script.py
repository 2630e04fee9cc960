"""``bench.save_script``: the move's save the service sent, replayed, and the one a commit wrote beside it."""

from __future__ import annotations

from bench.save_script import captured_save, per_call_us, script_at
from harness.redis_server import RedisServer
from service.store.redis.games import COMMIT


def test_the_captured_save_is_replayed_now_and_as_a_commit_wrote_it(redis_server: RedisServer) -> None:
    save = captured_save(redis_server.url, moves=60)
    assert save.script is COMMIT
    committed = script_at("HEAD")  # this test runs on a commit with the Lua files
    assert committed.keys == COMMIT.keys and committed.args == COMMIT.args
    with redis_server.client() as redis:
        assert per_call_us(redis, COMMIT, save, times=20) > 0  # each replay saves (else SystemExit)
        assert per_call_us(redis, committed, save, times=20) > 0
