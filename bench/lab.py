"""What every row of ``make bench`` drives the service with: ``Lab`` (its Redis, the service, the floor,
fresh games for each wrk run) and the machine's description each report starts with. The rows
(``bench.run``, ``bench.ceiling``, ``bench.webhooks``, ...) import it; it imports none of them."""

from __future__ import annotations

import os
import platform
from dataclasses import dataclass, replace
from pathlib import Path

from bench.bare_apps import bare_load
from bench.games import create_games, write_moves_file
from bench.load import LoadResult, run_wrk
from bench.split import SplitDuringRun
from harness.games import create_game
from harness.http_client import Client
from harness.redis_server import RedisServer
from harness.service_process import REPO, ServiceProcess
from service.store import keys

MOVES_SCRIPT = REPO / "bench" / "moves.lua"
THREADS = 2
"""wrk's threads."""
WARM_UP_SECONDS = 3
GAMES_PER_SECOND = 320
MAX_SHARE_PLAYED = 0.8
"""Games enough for 8,000 moves/s (about 32 moves a game here), and a run that plays more
than this share of its moves is refused: near the end only a few games still have moves,
so wrk sends a game's next move before its previous answer (refused as not_your_turn) and
then /healthz (answered at once, counted as a move) when every game is played out."""


@dataclass
class Lab:
    """The service under test, on its Redis, beside the floor (None: not measured)."""

    redis: RedisServer
    service: ServiceProcess
    floor: ServiceProcess | None
    workdir: Path
    next_seed: int = 1
    main_ratio: float | None = None
    """moves/s of the service over the floor's in the main run (16 connections, no stream open)."""

    def service_load(
        self,
        connections: int,
        seconds: int,
        mix: dict[str, str] | None = None,
        service: ServiceProcess | None = None,
    ) -> LoadResult:
        """Fresh games enough for the run, then wrk replaying their moves."""
        service = service or self.service
        count = GAMES_PER_SECOND * seconds + 10 * connections
        games = create_games(service.url, service.api_key, count, self.next_seed)
        self.next_seed += len(games)
        moves_file = self.workdir / f"moves-{self.next_seed}.tsv"
        available = write_moves_file(games, moves_file, seed=self.next_seed)
        env = {"BENCH_MOVES_FILE": str(moves_file), **(mix or {})}
        others = sum(float(share) for share in (mix or {}).values())
        with SplitDuringRun(service) as split:
            result = run_wrk(
                service.url, MOVES_SCRIPT, threads=THREADS, connections=connections, seconds=seconds,
                env=env, move_share=1.0 - others,
            )  # fmt: skip
        if result.requests * (1.0 - others) > MAX_SHARE_PLAYED * available:
            raise RuntimeError(
                f"the run played {result.requests:,} of its {available:,} moves: raise GAMES_PER_SECOND"
            )
        return replace(result, split=str(split))

    def warm_up(self) -> None:
        """A run of each app, not reported: the first run after a start is slower for both
        (the floor's by about 40% here), and would be compared with the other's second."""
        self.floor_load(16, WARM_UP_SECONDS)
        self.service_load(16, WARM_UP_SECONDS)

    def floor_load(self, connections: int, seconds: int) -> LoadResult | None:
        return None if self.floor is None else bare_load(self.floor, seconds, connections)

    def store_filler_games(self, total: int) -> None:
        """Bring the number of stored games up to ``total`` with copies of a real one."""
        client = self.redis.client()
        http = Client(self.service.url)
        game = create_game(http, ["a", "b", "c", "d"], key=self.service.api_key)
        http.close()
        fields = client.hgetall(keys.snapshot(game.id))
        present = sum(1 for _ in client.scan_iter(match="restart:*:snapshot", count=10_000))
        with client.pipeline(transaction=False) as pipe:
            for number in range(present, total):
                pipe.hset(keys.snapshot(f"filler{number}"), mapping=fields)
                if number % 5000 == 0:
                    pipe.execute()
            pipe.execute()
        client.close()


def describe_machine() -> str:
    """The machine a report's figures were made on: its cores, its CPU, the Python."""
    cpu = "unknown CPU"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    return f"{os.cpu_count()} cores ({cpu}), Python {platform.python_version()}"
