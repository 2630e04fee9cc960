"""How often a move finds its process's copy of its game current, through nginx with
deploy/nginx.conf's routing by game and without it: ``python -m bench.routing``.

Two instances of the service (one gunicorn worker each, then two) on one private Redis,
behind nginx (Debian's, ``harness.nginx``). ``GAMES`` games are created through nginx, then
played ``MOVES`` moves each, the games in a new random order every round, each move a request of
its own as its seat's player would send it. The copies' counters of both instances
(``restart_move_game_copies_total``) give the share of moves that found the copy current
(``hit``, one round trip), stale (two) or none (``read``, two).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

from bench.games import precompute_moves
from harness.games import Game, create_game
from harness.http_client import Client
from harness.nginx import Nginx
from harness.players import SAMPLE_NAMES
from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess

GAMES = 24
MOVES = 12
COPIES = re.compile(r'^restart_move_game_copies_total\{outcome="(\w+)"\} (\S+)$', re.MULTILINE)


def copies(instance: ServiceProcess) -> Counter[str]:
    client = Client(instance.url)
    try:
        text = client.request("GET", "/metrics").raw.decode()
    finally:
        client.close()
    return Counter({outcome: int(float(value)) for outcome, value in COPIES.findall(text)})


def play_through(url: str, key: str, seed: int) -> None:
    """``GAMES`` games created and played ``MOVES`` moves each through ``url``."""
    chooser = random.Random(seed)
    client = Client(url)
    try:
        games: list[Game] = [create_game(client, SAMPLE_NAMES[:4], seed + n, key=key) for n in range(GAMES)]
        lines = {game.id: precompute_moves(game, chooser)[:MOVES] for game in games}
        for turn in range(MOVES):
            chooser.shuffle(games)
            for game in games:
                if turn < len(lines[game.id]):
                    move = lines[game.id][turn]
                    body = json.dumps(move.to_json())
                    answer = client.request(
                        "POST", f"{game.url}/moves", body.encode(), game.players[move.player]
                    )
                    assert answer.status == 200, answer.body
    finally:
        client.close()


def hit_rates(by_game: bool, workers: int = 1, seed: int = 1) -> Counter[str]:
    """The copies' counters of both instances after ``play_through`` (``by_game``: nginx routes by game;
    ``workers``: gunicorn's in each instance, among which the kernel spreads nginx's connections)."""
    with (
        RedisServer() as redis,
        ServiceProcess(redis.url, workers=workers) as first,
        ServiceProcess(redis.url, workers=workers) as second,
        Nginx([first.port, second.port], by_game=by_game) as nginx,
    ):
        play_through(nginx.url, first.api_key, seed)
        return copies(first) + copies(second)


def main() -> None:
    print("| nginx routing | workers per instance | moves | hit | stale | read | hit rate |")
    print("|---|---|---|---|---|---|---|")
    for workers in (1, 2):
        for by_game in (True, False):
            counted = hit_rates(by_game, workers)
            total = sum(counted.values())
            label = "by game (`hash $route_key consistent`)" if by_game else "none (round robin)"
            found = f"{counted['hit']} | {counted['stale']} | {counted['read']}"
            print(f"| {label} | {workers} | {total} | {found} | {counted['hit'] / total:.0%} |")


if __name__ == "__main__":
    main()
