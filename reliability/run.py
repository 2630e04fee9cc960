"""``python -m reliability.run [--scale full|small] [--only NAME,...]``: run the scenarios, print the
figures, and (a full set of scenarios only) rewrite the figures section of docs/RELIABILITY.md."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from reliability.report import console_table, figures_line, rewrite, section
from reliability.scenarios import BY_NAME, SCENARIOS

DOCUMENT = Path(__file__).resolve().parent.parent / "docs" / "RELIABILITY.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m reliability.run", description=__doc__)
    parser.add_argument("--scale", choices=("full", "small"), default="full")
    parser.add_argument("--only", help=f"comma-separated scenarios among: {', '.join(BY_NAME)}")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/RELIABILITY.md alone")
    options = parser.parse_args(argv)
    chosen = SCENARIOS
    if options.only:
        unknown = set(options.only.split(",")) - set(BY_NAME)
        if unknown:
            parser.error(f"unknown scenarios: {', '.join(sorted(unknown))}")
        chosen = tuple(BY_NAME[name] for name in options.only.split(","))
    results = []
    for scenario in chosen:
        print(f"running {scenario.name} ({options.scale})...", flush=True)
        results.append(scenario(options.scale))
        print(console_table(results[-1:]).splitlines()[-1], flush=True)
    print()
    print(console_table(results))
    for result in results:
        print(f"\n[{result.name}] {figures_line(result)}")
    for result in results:
        for anomaly in result.anomalies:
            print(f"\n[{result.name}] {anomaly}")
    if options.no_write or options.only:
        print("\ndocs/RELIABILITY.md left as it was (--only or --no-write)")
    else:
        rewrite(DOCUMENT, section(results, options.scale))
        print(f"\nfigures written to {DOCUMENT}")
    return 1 if any(result.anomalies for result in results) else 0


if __name__ == "__main__":
    sys.exit(main())
