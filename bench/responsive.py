"""How the page keeps being served while bots think, on the embedded store (``make run``'s one process).

The sandbox (``restart-service sandbox``: gunicorn, the embedded store, its worker thread) serves
timed reads of a game's view from one client (20 a second), first with nothing else going on, then while
``--games`` games of four ``expert`` bots play themselves to their end in the same process. The
figures are the reads' latency percentiles in each phase.

    python -m bench.responsive [--seconds 10] [--games 2]
"""

from __future__ import annotations

import argparse
import time

from bench.bots import percentile
from harness.games import create_game
from harness.http_client import Client
from harness.service_process import SandboxProcess

PACE_SECONDS = 0.05
"""Between two reads: the development client's default rate (50 requests/s) is never reached."""


def timed_reads(client: Client, url: str, token: str, seconds: float) -> list[float]:
    """Reads of ``url``, one every ``PACE_SECONDS``, for ``seconds``; each one's latency in ms."""
    latencies: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        started = time.perf_counter()
        client.request("GET", url, token=token)
        latencies.append((time.perf_counter() - started) * 1000)
        time.sleep(PACE_SECONDS)
    return latencies


def main() -> None:
    arguments = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    arguments.add_argument("--seconds", type=float, default=10.0)
    arguments.add_argument("--games", type=int, default=2)
    options = arguments.parse_args()
    with SandboxProcess() as sandbox:
        client = Client(sandbox.url)
        read = create_game(client, ["Annika", "Elias"], 1, key=sandbox.api_key)
        quiet = timed_reads(client, read.url, read.admin, options.seconds)
        bots = [{"name": f"Expert {seat}", "bot": "expert"} for seat in range(4)]
        games = [create_game(client, bots, 100 + n, key=sandbox.api_key) for n in range(options.games)]
        busy = timed_reads(client, read.url, read.admin, options.seconds)
        versions = [client.request("GET", game.url, token=game.admin).body["version"] for game in games]
    print(
        f"reads of a game's view on the sandbox, {options.seconds:.0f} s each; "
        f"{options.games} games of four expert bots playing during the second phase "
        f"(they reached versions {versions})"
    )
    print("| phase | reads | p50 ms | p99 ms | max ms |")
    print("|---|---|---|---|---|")
    for phase, values in (("nothing else", quiet), ("bots thinking", busy)):
        print(
            f"| {phase} | {len(values):,} | {percentile(values, 0.5):.1f} | "
            f"{percentile(values, 0.99):.1f} | {max(values):.1f} |"
        )


if __name__ == "__main__":
    main()
