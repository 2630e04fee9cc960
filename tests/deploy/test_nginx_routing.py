"""deploy/nginx.conf routes a game's requests to one replica, so its moves find that replica's copy
of the game current (one round trip to Redis); round robin finds it stale about half the time.

Two instances behind Debian's nginx running the deployment's configuration (``harness.nginx``):
``bench.routing`` plays games through it and reads both instances' copies counters.
"""

from __future__ import annotations

from bench.routing import GAMES, MOVES, hit_rates


def test_routed_by_game_a_move_never_finds_a_stale_copy() -> None:
    counted = hit_rates(by_game=True)
    assert sum(counted.values()) == GAMES * MOVES
    assert counted["stale"] == 0
    assert counted["read"] <= GAMES  # a game's first move, when it was created on the other replica


def test_without_the_routing_copies_are_found_stale() -> None:
    counted = hit_rates(by_game=False)
    assert counted["stale"] > GAMES
