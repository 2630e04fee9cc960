"""``python -m bench.deliveries``: what a delivery costs the background worker, against a bare sender.

Issue 32 asks that a webhook cost about what a bare Python sender spends (``bench.bare_sender``):
the worker at most ``MAX_RATIO`` times its CPU time per delivery. Moves are played with one webhook
registered and no worker running, so their changes wait in the games' outboxes; each change is also
copied into a Redis stream as the delivery the worker will make of it (an id, and a body of the same
shape and size). Then one worker (``WORKER_NICE`` as given, 0 by default) alone on a core drains the
outboxes to nginx answering 204 over TLS (``harness.nginx_receiver``), and after it the bare sender,
on the same core, drains its stream to the same nginx. Redis, the service, nginx and this process
share the other core. Each one's CPU time (user and system, read from ``/proc``, its start-up left
out) is divided by the deliveries nginx received from it. ``--pairs`` such pairs, each on moves of
its own, and the median ratio.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import redis

from bench.lab import Lab, describe_machine
from bench.webhooks import REST, SENDER, Drained, Stage, cpu_seconds, distinct, drained, on_core, pin
from harness.service_process import REPO
from harness.worker_process import WorkerProcess
from service.store import keys

MAX_RATIO = 1.5
ARRIVAL_SECONDS = 5.0
"""How long nginx's log may lag behind the bare sender's last answer."""


def delivery(game_id: str, entry: bytes) -> tuple[str, str] | None:
    """The webhook id and body the worker will send for an outbox entry (None: a bot's turn): the
    body as ``play.deliveries.change_body`` makes it, an id of the worker's shape."""
    change = json.loads(entry)
    if change["kind"] != "change":
        return None
    made = f"bare|{game_id}|{change['type']}|{change['version']}".encode()
    at = datetime.fromtimestamp(change["at"], UTC)
    stamp = at.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    data = {"game_id": game_id, "version": change["version"], "events": change["events"]}
    body = {"type": change["type"], "timestamp": stamp, "data": data}
    text = json.dumps(body, separators=(",", ":"), ensure_ascii=False)
    return "msg_" + hashlib.sha256(made).hexdigest()[:26], text


def copy_outboxes(client: redis.Redis, stream: str) -> int:
    """Each change waiting in an outbox, as the worker's delivery of it, into ``stream``; how many."""
    outboxes = [key.decode() for key in client.scan_iter(match=keys.OUTBOX_PATTERN, count=1000)]
    with client.pipeline(transaction=False) as pipe:
        for key in outboxes:
            pipe.xrange(key)
        entries = pipe.execute()
    copied = 0
    with client.pipeline(transaction=False) as pipe:
        for key, found in zip(outboxes, entries, strict=True):
            game_id = key.split("{", 1)[1].split("}", 1)[0]
            for _, fields in found:
                if made := delivery(game_id, fields[b"e"]):
                    pipe.xadd(stream, {"id": made[0], "body": made[1]})
                    copied += 1
        pipe.execute()
    return copied


def worker_drain(stage: Stage, nice: str) -> tuple[Drained, int]:
    """One worker on its own core until the outboxes are drained; and every delivery it made, those
    made before its CPU time was first read too (its start-up's CPU is left out, and theirs with it)."""
    before = len(stage.receiver.received())
    with WorkerProcess(stage.redis.url, env=stage.worker_env(nice)) as worker:
        pid = worker.pid or 0
        pin([pid], {SENDER})
        drain = drained(stage.receiver, pid)
    return drain, len(distinct(stage.receiver.received()[before:]))


def bare_drain(stage: Stage, stream: str) -> Drained:
    """The bare sender on the worker's core until ``stream`` is drained (its CPU from its ``ready``)."""
    command = [sys.executable, "-m", "bench.bare_sender", "--wait", stage.redis.url, stream,
               stage.receiver.url("/bare"), stage.receiver.ca_file]  # fmt: skip
    with subprocess.Popen(
        command, cwd=REPO, text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE
    ) as sender:
        assert sender.stdin is not None and sender.stdout is not None
        pin([sender.pid], {SENDER})
        if sender.stdout.readline().strip() != "ready":
            raise RuntimeError("the bare sender did not start")
        since = len(stage.receiver.received())
        started, cpu_before = time.monotonic(), cpu_seconds(sender.pid)
        sender.stdin.write("go\n")
        sender.stdin.flush()
        said = sender.stdout.readline()
        took, cpu = time.monotonic() - started, cpu_seconds(sender.pid) - cpu_before
        sender.stdin.close()
    if not said.startswith("sent "):
        raise RuntimeError(f"the bare sender failed: {said!r}")
    deadline = time.monotonic() + ARRIVAL_SECONDS
    while len(stage.receiver.received()) - since < int(said.split()[1]) and time.monotonic() < deadline:
        time.sleep(0.05)
    return Drained(len(distinct(stage.receiver.received()[since:])), took, cpu)


@dataclass(frozen=True)
class Pair:
    queued: int
    worker: Drained
    worker_made: int
    """Every delivery the worker made (``worker`` counts those after its CPU time was first read)."""
    bare: Drained

    @property
    def ratio(self) -> float:
        return self.worker.cpu_us / self.bare.cpu_us


def described(name: str, drain: Drained) -> str:
    return (
        f"{name} {drain.deliveries:,} deliveries in {drain.seconds:.1f} s ({drain.per_second:,.0f}/s), "
        f"{drain.cpu_us:,.0f} µs CPU each"
    )


def main() -> None:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("--seconds", type=int, default=4, help="of moves queued before each pair")
    arguments.add_argument("--pairs", type=int, default=3)
    arguments.add_argument("--nice", default="0", help="WORKER_NICE of the worker")
    options = arguments.parse_args()
    print(f"{describe_machine()}; worker and bare sender on core {SENDER}, the rest on core {REST}")
    pairs = []
    with tempfile.TemporaryDirectory() as workdir, on_core(REST), Stage.open() as stage:
        pin(stage.pids(), {REST})  # started there already; again, should one have reset it
        stage.register()
        lab = Lab(stage.redis, stage.service, None, Path(workdir))
        client = stage.redis.client()
        for number in range(1, options.pairs + 1):
            lab.service_load(16, options.seconds)
            stream = f"bench:bare:{number}"
            queued = copy_outboxes(client, stream)
            pair = Pair(queued, *worker_drain(stage, options.nice), bare_drain(stage, stream))
            pairs.append(pair)
            print(
                f"pair {number}: {pair.queued:,} changes queued; {described('worker', pair.worker)}; "
                f"{described('bare sender', pair.bare)}; ratio {pair.ratio:.2f}"
            )
            for name, made in (("worker", pair.worker_made), ("bare sender", pair.bare.deliveries)):
                if made != pair.queued:
                    print(f"WARNING: the {name} delivered {made:,} of {pair.queued:,} changes")
        client.close()
    median = statistics.median(pair.ratio for pair in pairs)
    met = "met" if median <= MAX_RATIO else "NOT met"
    print(f"median ratio {median:.2f} (bound: the worker at most {MAX_RATIO}x the bare sender: {met})")


if __name__ == "__main__":
    main()
