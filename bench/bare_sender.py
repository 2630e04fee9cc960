"""``python -m bench.bare_sender REDIS_URL STREAM RECEIVER_URL CA_FILE``: the bare sender of issue 32,
the floor that what the worker spends on a delivery is held against.

It reads deliveries (entries with an ``id`` and a ``body``) 100 at a time from a Redis stream, in a
consumer group; signs each with ``standardwebhooks`` and POSTs it on one kept-alive TLS connection
verified against ``CA_FILE`` (``http.client``); then records every outcome (a small status record,
HSET) and acknowledges the batch, in one pipelined round trip. It stops when the stream has nothing
left and prints ``sent N``. With ``--wait`` it first prints ``ready`` (its imports done) and starts
on a line of standard input, so that its caller reads its CPU time from ``/proc`` from there on,
and it exits only once standard input closes, so that the caller reads it once more at the end.
"""

from __future__ import annotations

import argparse
import base64
import http.client
import json
import os
import ssl
import sys
import time
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import redis
from standardwebhooks import Webhook

GROUP = "bare"
BATCH = 100


def outcomes_key(stream: str) -> str:
    """Hash: each delivery's outcome, by its id."""
    return f"{stream}:outcomes"


def next_batch(client: redis.Redis, stream: str) -> list[tuple[bytes, dict[bytes, bytes]]]:
    """The next ``BATCH`` entries of the stream no one read yet, as (entry id, fields)."""
    found: Any = client.xreadgroup(GROUP, "sender", {stream: ">"}, count=BATCH)
    return found[0][1] if found else []


def send_all(client: redis.Redis, stream: str, url: str, ca_file: str, secret: str) -> int:
    """Every delivery left in ``stream`` sent to ``url`` and acknowledged; how many."""
    target = urlsplit(url)
    context = ssl.create_default_context(cafile=ca_file)
    connection = http.client.HTTPSConnection(target.hostname or "127.0.0.1", target.port, context=context)
    signer = Webhook(secret)
    try:
        client.xgroup_create(stream, GROUP, id="0", mkstream=True)
    except redis.ResponseError as error:  # BUSYGROUP: an earlier run made it
        if "BUSYGROUP" not in str(error):
            raise
    sent = 0
    while entries := next_batch(client, stream):
        outcomes = {}
        for _, fields in entries:
            message_id, body = fields[b"id"].decode(), fields[b"body"]
            now = datetime.now(UTC)
            headers = {
                "webhook-id": message_id,
                "webhook-timestamp": str(int(now.timestamp())),
                "webhook-signature": signer.sign(message_id, now, body.decode()),
                "content-type": "application/json",
            }
            connection.request("POST", target.path, body, headers)
            answer = connection.getresponse()
            answer.read()
            outcomes[message_id] = json.dumps({"status": answer.status, "at": time.time()})
        with client.pipeline(transaction=False) as pipe:
            for message_id, record in outcomes.items():
                pipe.hset(outcomes_key(stream), message_id, record)
            pipe.xack(stream, GROUP, *(entry_id for entry_id, _ in entries))
            pipe.execute()
        sent += len(entries)
    connection.close()
    return sent


def main() -> None:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for name in ("redis_url", "stream", "receiver_url", "ca_file"):
        arguments.add_argument(name)
    arguments.add_argument("--wait", action="store_true", help="say ready, start on a line of stdin")
    options = arguments.parse_args()
    secret = "whsec_" + base64.b64encode(os.urandom(32)).decode()
    if options.wait:
        print("ready", flush=True)
        sys.stdin.readline()
    with redis.Redis.from_url(options.redis_url) as client:
        sent = send_all(client, options.stream, options.receiver_url, options.ca_file, secret)
    print(f"sent {sent}", flush=True)
    if options.wait:
        sys.stdin.read()


if __name__ == "__main__":
    main()
