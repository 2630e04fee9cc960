"""What the admit script costs Redis: ``EVALSHA`` microseconds per call, as Redis counts them.

    python -m bench.admit [--calls 20000]

The script that counts a client's request (lua/admit.lua: the function of lua/functions/admit.lua,
also the first step of a move's save, lua/commit.lua) called ``--calls`` times, every call
admitted, against a private redis-server; ``INFO commandstats`` gives the server's own time per
call, which the client's round trips and this machine's other load barely touch. Run it in two
checkouts to compare two versions of the script.
"""

from __future__ import annotations

import argparse
import time

from harness.redis_server import RedisServer
from service.store.client_apps import ClientLimits, ClientRow, Counting, KeyDigest, Window
from service.store.config import RedisOptions
from service.store.redis import RedisStore
from service.store.redis.client_apps import admit_call

BATCH = 100


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.admit", description=__doc__)
    parser.add_argument("--calls", type=int, default=20_000)
    calls = parser.parse_args().calls
    window = Window("requests", 100, 1, override="requests_per_second")
    with RedisServer() as server:
        server.start()
        store = RedisStore(RedisOptions(server.url))
        limits = ClientLimits(requests_per_second=1_000_000)  # every call admitted
        store.create_client(ClientRow("bench", "bench", 1.0, (KeyDigest("d" * 64),), limits))
        client = server.client()
        began = time.time()
        script = admit_call(Counting("bench", window, began), None).script
        client.execute_command("SCRIPT", "LOAD", script.source)
        client.config_resetstat()
        for batch in range(calls // BATCH):
            pipeline = client.pipeline(transaction=False)
            for number in range(BATCH):  # a microsecond apart: a million a second, each admitted
                at = began + (batch * BATCH + number) * 1e-6
                pipeline.execute_command(*admit_call(Counting("bench", window, at), None).command())
            replies = pipeline.execute()
        assert replies[-1][0] == b"admitted", replies[-1]
        stats = client.info("commandstats")["cmdstat_evalsha"]
        print(f"admit script: {stats['calls']} calls, {stats['usec_per_call']} µs a call (Redis's own time)")
        store.close()


if __name__ == "__main__":
    main()
