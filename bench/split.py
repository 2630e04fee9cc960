"""How wrk's connections fell between gunicorn's workers during a run.

Each worker accepts from one shared listening socket, so which worker holds which
connection is chance: four connections over two workers fall 2+2, 3+1 or 4+0, and a
run whose four connections all fell on one worker makes about half the moves of a 2+2
run. The bench lists the split of every run of its 4- and 64-connection points, so that a
reader can tell chance from a change (Linux only: read from /proc).
"""

from __future__ import annotations

import threading
from pathlib import Path

from harness.service_process import ServiceProcess

ESTABLISHED = "01"


def established_inodes(port: int) -> set[str]:
    """Socket inodes of the established TCP connections whose local end is ``port``."""
    found: set[str] = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        path = Path(table)
        if not path.exists():
            continue
        for line in path.read_text().splitlines()[1:]:
            fields = line.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state == ESTABLISHED and int(local.rsplit(":", 1)[1], 16) == port:
                found.add(inode)
    return found


def connections_per_worker(process: ServiceProcess) -> list[int]:
    """How many of the established connections to ``process`` each of its workers holds, most first."""
    inodes = established_inodes(process.port)
    counts = []
    for pid in process.worker_pids():
        held = 0
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                target = fd.readlink().name
            except OSError:  # closed while we looked
                continue
            if target.startswith("socket:[") and target[8:-1] in inodes:
                held += 1
        counts.append(held)
    return sorted(counts, reverse=True)


class SplitDuringRun:
    """Reads the split once, ``after`` seconds into a run that starts with the ``with`` block."""

    def __init__(self, process: ServiceProcess, after: float = 1.0) -> None:
        self.split: list[int] = []
        self._timer = threading.Timer(after, self._read, args=(process,))

    def _read(self, process: ServiceProcess) -> None:
        try:
            self.split = connections_per_worker(process)
        except OSError:
            self.split = []

    def __enter__(self) -> SplitDuringRun:
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()
        self._timer.join()

    def __str__(self) -> str:
        return "+".join(str(n) for n in self.split) if self.split else "unknown"
