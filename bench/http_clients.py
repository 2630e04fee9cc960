"""``python -m bench.http_clients``: the CPU one POST of a delivery costs, by HTTP client, to nginx over TLS.

Why the sender is ``http.client`` (docs/WEBHOOKS.md, "The sender"): the worker's own send
(``Transport.send``: the URL checked again, a kept ``CheckedConnection`` to the checked address, the
watchdog), urllib3's pool (its ``HTTPSConnectionPool``, no retries, no redirect) and a bare
``http.client.HTTPSConnection`` each POST the same body to the same receiver (``harness.nginx_receiver``:
C, answering 204, pinned to core 0) from this process, pinned to core 1, on one kept connection. Rounds
alternate the three; the median round's CPU (user and system) per POST is printed for each.
"""

from __future__ import annotations

import argparse
import http.client
import os
import ssl
import statistics
from collections.abc import Callable

import urllib3

from harness.nginx_receiver import NginxReceiver
from service.settings import WebhookSettings, networks
from service.webhooks.transport import Transport

BODY = (
    b'{"type":"game.moved","timestamp":"2026-12-03T07:00:00.000Z","data":{"game_id":"wfjnnEF19Hjiu_46H1ErsQ",'
    b'"version":3,"events":[{"seq":4,"type":"tile_placed","player":0,"tile":{"color":"red","number":3},'
    b'"row":1},{"seq":5,"type":"turn_passed","player":1}]}}'
)
HEADERS = {
    "webhook-id": "msg_0123456789abcdefghijklmnop",
    "webhook-timestamp": "1764745200",
    "webhook-signature": "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
    "content-type": "application/json",
}


def cpu_seconds() -> float:
    times = os.times()
    return times.user + times.system


def per_post(post: Callable[[], None], count: int) -> float:
    """Microseconds of this process's CPU per POST, over ``count`` of them (after one to warm up)."""
    post()
    started = cpu_seconds()
    for _ in range(count):
        post()
    return (cpu_seconds() - started) / count * 1e6


def main() -> None:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("--posts", type=int, default=3000, help="per client and round")
    arguments.add_argument("--rounds", type=int, default=3)
    options = arguments.parse_args()
    with NginxReceiver() as nginx:
        os.sched_setaffinity(0, {1})
        for pid in nginx.pids():
            os.sched_setaffinity(pid, {0})
        settings = WebhookSettings(allowed_networks=networks("127.0.0.0/8"), ca_file=nginx.ca_file)
        context = ssl.create_default_context(cafile=nginx.ca_file)
        transport = Transport()
        pool = urllib3.HTTPSConnectionPool(
            "127.0.0.1", nginx.port, ssl_context=context, maxsize=1, retries=False, timeout=10.0
        )
        bare = http.client.HTTPSConnection("127.0.0.1", nginx.port, context=context, timeout=10.0)

        def worker_send() -> None:
            assert transport.send(nginx.url(), BODY, HEADERS, settings).delivered

        def urllib3_post() -> None:
            answer = pool.urlopen("POST", "/webhook", body=BODY, headers=HEADERS, redirect=False)
            assert answer.status == 204

        def bare_post() -> None:
            bare.request("POST", "/webhook", BODY, HEADERS)
            assert bare.getresponse().read() == b""

        clients = {"the worker's send (http.client)": worker_send, "urllib3's pool": urllib3_post,
                   "bare http.client": bare_post}  # fmt: skip
        rounds: dict[str, list[float]] = {name: [] for name in clients}
        for _ in range(options.rounds):
            for name, post in clients.items():
                rounds[name].append(per_post(post, options.posts))
        transport.close()
        pool.close()
        bare.close()
    for name, figures in rounds.items():
        shown = ", ".join(f"{figure:.0f}" for figure in figures)
        print(f"{name}: {statistics.median(figures):.0f} µs CPU per POST (rounds: {shown})")


if __name__ == "__main__":
    main()
