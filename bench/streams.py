"""Game streams under load: how many one instance holds, how soon a move reaches them, what they cost moves.

Two thousand viewers (``bench.stream_client``, one process) hold streams of 400 games
(each game's four seats and its spectator) on the service under test. Then:

- a mover plays those games at a steady pace, noting when each move's 200 came back;
  each frame's arrival at each viewer, less that moment, is the move's delay to it;
- wrk loads moves on other games against the service and the floor, as in the main
  runs: the moves/s ratio with the streams open, beside the ratio without them.
"""

from __future__ import annotations

import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench.games import create_games, precompute_moves
from harness.http_client import Client
from harness.service_process import REPO, ServiceProcess

VIEWERS_PER_GAME = 5
"""Each of the four seats, and the spectator."""
MOVES_PER_SECOND = 20
OPEN_TIMEOUT = 180.0


class Viewers:
    """The stream client process, holding ``streams`` streams until ``close``."""

    def __init__(self, service: ServiceProcess, workdir: Path, streams: int, first_seed: int) -> None:
        self.games = create_games(service.url, service.api_key, streams // VIEWERS_PER_GAME, first_seed)
        listed = workdir / "viewers.tsv"
        with listed.open("w") as out:
            for game in self.games:
                for token in (*game.players, game.created["tokens"]["spectator"]):
                    out.write(f"{game.id}\t{token}\n")
        self.out = workdir / "arrivals.jsonl"
        command = [sys.executable, "-m", "bench.stream_client", "--url", service.url,
                   "--viewers", str(listed), "--out", str(self.out)]  # fmt: skip
        self.process = subprocess.Popen(command, cwd=REPO, stdout=subprocess.PIPE, text=True)
        line = self._first_line()
        if not line.startswith("open "):
            raise RuntimeError(f"the stream client said {line!r}")
        self.opened = int(line.split()[1])

    def _first_line(self) -> str:
        assert self.process.stdout is not None
        deadline = time.monotonic() + OPEN_TIMEOUT
        os.set_blocking(self.process.stdout.fileno(), False)
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if line:
                return line.strip()
            if self.process.poll() is not None:
                return f"(exited {self.process.returncode})"
            time.sleep(0.1)
        return "(no answer)"

    def close(self) -> tuple[int, dict[tuple[str, int], list[float]]]:
        """Stop the client: how many streams were still open, and every frame's arrivals."""
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=60)
        if self.process.stdout is not None:
            self.process.stdout.close()
        lines = self.out.read_text().splitlines()
        still_open = json.loads(lines[0])["still_open"]
        arrivals: dict[tuple[str, int], list[float]] = {}
        for line in lines[1:]:
            game_id, seq, arrived = json.loads(line)
            arrivals.setdefault((game_id, seq), []).append(arrived)
        return still_open, arrivals


def play_followed_games(
    service: ServiceProcess, viewers: Viewers, seconds: float
) -> dict[tuple[str, int], float]:
    """Moves on the followed games at ``MOVES_PER_SECOND``: when each event's move was answered."""
    client, chooser = Client(service.url), random.Random(7)
    lines = {game.id: list(precompute_moves(game, chooser)) for game in viewers.games}
    answered: dict[tuple[str, int], float] = {}
    deadline = time.monotonic() + seconds
    try:
        for turn in range(10**6):
            if time.monotonic() >= deadline:
                break
            game = viewers.games[turn % len(viewers.games)]
            if not lines[game.id]:
                continue
            move = lines[game.id].pop(0)
            answer = client.request("POST", f"{game.url}/moves", move.to_json(), game.players[move.player])
            at = time.monotonic()
            if answer.status == 200:
                for event in answer.body["events"]:
                    answered[(game.id, event["seq"])] = at
            time.sleep(max(0.0, 1 / MOVES_PER_SECOND - (time.monotonic() - at)))
    finally:
        client.close()
    return answered


def delays(
    answered: dict[tuple[str, int], float], arrivals: dict[tuple[str, int], list[float]]
) -> list[float]:
    """Milliseconds from a move's answer to each of its frames (0 for a frame that came first)."""
    return [
        max(0.0, arrived - at) * 1000 for key, at in answered.items() for arrived in arrivals.get(key, [])
    ]


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")
