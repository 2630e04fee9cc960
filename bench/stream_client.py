"""Many game streams held open at once by one process, each frame's arrival noted: the bench's viewers.

    python -m bench.stream_client --url URL --viewers FILE --out FILE

``FILE`` holds one viewer per line (game id, token). The process opens every stream
(asyncio: one socket each, no thread), says ``open N`` on stdout once each has sent its
first frame, keeps them open and notes when each event frame arrives
(``time.monotonic()``, which every process of the machine shares), and on SIGTERM writes
the arrivals as JSON lines (game id, seq, seconds) and the count of streams still open.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import signal
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit


class Viewer:
    def __init__(self, game_id: str, token: str) -> None:
        self.game_id, self.token = game_id, token
        self.opened = asyncio.Event()
        self.open = False
        self.arrivals: list[tuple[int, float]] = []

    async def watch(self, host: str, port: int) -> None:
        reader, writer = await asyncio.open_connection(host, port, limit=2**20)
        request = (
            f"GET /v1/games/{self.game_id}/stream HTTP/1.1\r\nHost: {host}\r\n"
            f"Authorization: Bearer {self.token}\r\nAccept: text/event-stream\r\n\r\n"
        )
        writer.write(request.encode())
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 200"):
            raise RuntimeError(head.decode(errors="replace"))
        self.open = True
        buffer = b""
        try:
            while chunk := await reader.read(65536):
                arrived = time.monotonic()
                buffer += chunk
                while b"\n\n" in buffer:
                    block, buffer = buffer.split(b"\n\n", 1)
                    self.opened.set()
                    for line in block.split(b"\n"):
                        if line.startswith(b"id: "):
                            self.arrivals.append((int(line[4:]), arrived))
        finally:
            self.open = False
            writer.close()


async def hold(url: str, viewers: list[Viewer], out: Path) -> None:
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    tasks = []
    for start in range(0, len(viewers), 100):  # a hundred at a time: no thundering herd of connects
        batch = viewers[start : start + 100]
        tasks += [asyncio.create_task(viewer.watch(host, port)) for viewer in batch]
        await asyncio.wait_for(asyncio.gather(*(viewer.opened.wait() for viewer in batch)), 60)
    print(f"open {sum(viewer.open for viewer in viewers)}", flush=True)
    await stop.wait()
    still_open = sum(viewer.open for viewer in viewers)
    with out.open("w") as file:
        file.write(
            json.dumps({"still_open": still_open, "failed": sum(task.done() for task in tasks)}) + "\n"
        )
        for viewer in viewers:
            for seq, arrived in viewer.arrivals:
                file.write(json.dumps([viewer.game_id, seq, arrived]) + "\n")
    for task in tasks:
        task.cancel()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--viewers", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # a socket per stream
    viewers = [Viewer(*line.split("\t")) for line in args.viewers.read_text().splitlines() if line]
    asyncio.run(hold(args.url, viewers, args.out))
    sys.exit(0)


if __name__ == "__main__":
    main()
