"""The CPU time processes have used, read from /proc: what a run costs each process, which a latency
measured on a shared machine cannot tell apart from the machine's other work."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far, user and system, every thread of it; 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def total_cpu_seconds(pids: Iterable[int]) -> float:
    return sum(cpu_seconds(pid) for pid in pids)


def children(pid: int) -> list[int]:
    """A process's children (nginx's workers, gunicorn's), from its main thread's list."""
    try:
        return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []
