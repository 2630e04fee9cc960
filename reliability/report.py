"""The figures as a console table and as the generated section of docs/RELIABILITY.md."""

from __future__ import annotations

import os
import platform
import subprocess
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from reliability.results import ScenarioResult

START = "<!-- reliability:start -->"
END = "<!-- reliability:end -->"
COLUMNS = ("scenario", "requests sent", "answers by status", "moves accepted", "moves lost", "games checked",
           "anomalies", "seconds")  # fmt: skip


def rows(results: Sequence[ScenarioResult]) -> list[tuple[str, ...]]:
    return [
        (
            result.name,
            str(result.requests),
            result.statuses_text(),
            str(result.moves_accepted),
            str(result.moves_lost),
            str(result.games_checked),
            str(len(result.anomalies)),
            f"{result.seconds:.1f}",
        )  # fmt: skip
        for result in results
    ]


def console_table(results: Sequence[ScenarioResult]) -> str:
    table = [COLUMNS, *rows(results)]
    widths = [max(len(row[column]) for row in table) for column in range(len(COLUMNS))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)) for row in table
    )


def _markdown(header: Sequence[str], body: Sequence[Sequence[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    return lines + ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in body]


def machine() -> str:
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in _read("/proc/cpuinfo").splitlines()
            if line.startswith("model name")
        ),
        platform.processor() or "unknown CPU",
    )
    memory_kib = next((int(line.split()[1]) for line in _read("/proc/meminfo").splitlines()
                       if line.startswith("MemTotal")), 0)  # fmt: skip
    redis = subprocess.run(["redis-server", "--version"], capture_output=True, text=True, check=False).stdout
    redis_version = next((part.removeprefix("v=") for part in redis.split() if part.startswith("v=")), "?")
    return (
        f"{os.cpu_count()} cores ({cpu}), {memory_kib / 2**20:.0f} GiB, "
        f"{platform.system()} {platform.release()}, Python {platform.python_version()}, Redis {redis_version}"
    )


def _read(path: str) -> str:
    try:
        return Path(path).read_text()
    except OSError:
        return ""


def section(results: Sequence[ScenarioResult], scale: str) -> str:
    """The generated part of the document: when, where, and every scenario's figures."""
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        START,
        "<!-- Written by `python -m reliability.run`; edits between these markers are overwritten. -->",
        "",
        f"Run of {when}, scale `{scale}`, on {machine()}.",
        "",
        *_markdown(COLUMNS, rows(results)),
        "",
    ]
    for result in results:
        details = figures_line(result)
        codes = ", ".join(f"{code}: {count}" for code, count in sorted(result.codes.items()))
        lines.append(
            f"**{result.name}** ({result.title}): {details}." + (f" Problem codes: {codes}." if codes else "")
        )
        if result.anomalies:
            lines.append(f"Anomalies: {len(result.anomalies)}, first: `{result.anomalies[0][:300]}`")
        lines.append("")
    lines.append(END)
    return "\n".join(lines)


def figures_line(result: ScenarioResult) -> str:
    return "; ".join(f"{name}: {value}" for name, value in result.figures.items())


def rewrite(document: Path, generated: str) -> None:
    """Replace what lies between the markers (markers included) with ``generated``."""
    text = document.read_text()
    start, end = text.find(START), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"{document} lacks the {START} ... {END} markers")
    document.write_text(text[:start] + generated + text[end + len(END) :])
