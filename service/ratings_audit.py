"""``python -m service.ratings_audit --pool P``: rebuild a rating pool from its games' records, in the
order it applied them, and compare with the ratings it stores, exactly (docs/RATINGS.md, "Audit").

On the store of ``REDIS_URL`` (the embedded store of a process cannot be reached from another). Exits
0 when every rating is reproduced, 1 with each difference, 2 when the store cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from service.play.rating_audit import audit
from service.settings import SettingError, Settings
from service.store import StoreUnavailable
from service.store.factory import build_store


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m service.ratings_audit", description=__doc__)
    parser.add_argument("--pool", required=True, help="the pool: a client's id, or a name RATING_POOLS gives")
    pool = parser.parse_args(argv).pool
    try:
        settings = Settings.from_environment()
    except SettingError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if settings.redis is None:
        print("error: REDIS_URL is not set: the pool lives in the service's Redis", file=sys.stderr)
        return 2
    store = build_store(settings.redis, settings.expiry)
    try:
        found = audit(store, pool)
    except StoreUnavailable as outage:
        print(f"error: the store did not answer: {outage}", file=sys.stderr)
        return 2
    finally:
        store.close()
    for difference in found.differences:
        print(difference)
    verdict = "every rating reproduced exactly" if found.equal else f"{len(found.differences)} differences"
    print(f"pool {pool}: {found.games} games replayed from their records, {found.players} players: {verdict}")
    return 0 if found.equal else 1


if __name__ == "__main__":
    sys.exit(main())
