"""``bench.move_path``: a move in a game this process saw last makes one round trip to Redis, with an
``Idempotency-Key`` or without (its answer is kept by the script that saves the move)."""

from __future__ import annotations

import pytest

from bench.move_path import traced_move
from service.store.config import RedisOptions
from service.store.redis import RedisStore


@pytest.mark.parametrize("key", [None, "k-1"], ids=["no key", "Idempotency-Key"])
def test_a_move_with_a_current_copy_is_one_round_trip(redis_url: str, key: str | None) -> None:
    store = RedisStore(RedisOptions(redis_url))
    try:
        path = traced_move(store, key)
    finally:
        store.close()
    assert path[("store/redis/wire.py", "_Connection.exchange")] == 1  # the save, and nothing else
    assert ("store/redis/games.py", "RedisGames.load_version") not in path
    assert ("play/moves.py", "submit_move") in path and ("rules/engine.py", "apply") in path
