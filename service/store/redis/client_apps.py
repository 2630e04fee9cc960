"""Client apps on Redis: a hash per client, its GCRA arrival times, its game indexes, all in its own slot."""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import Any

from service.store import keys
from service.store.base import CorruptData
from service.store.client_apps import (
    LIMIT_FIELDS,
    Admission,
    Admitted,
    ClientExists,
    ClientLimits,
    ClientRow,
    Counting,
    KeyDigest,
    TurnPosition,
    Window,
    WindowUse,
    past,
)
from service.store.config import Expiry
from service.store.redis.connection import RedisConnection, decoded, translated
from service.store.redis.scripts import Call, Script

MAX_LISTED_GAMES = 100_000
"""A client's listing keeps its newest games up to this many (a game's own data expires anyway)."""

CREATE_CLIENT = Script.load("create_client")
REPLACE_CLIENT = Script.load("replace_client")
ADMIT = Script.load("admit")
HIT = Script.load("hit")
RESERVE = Script.load("reserve")
CLIENT_SCRIPTS = (CREATE_CLIENT, REPLACE_CLIENT, ADMIT, HIT, RESERVE)
RECORD_FIELDS = ("name", "created_at", "revoked", "keys", *LIMIT_FIELDS)
"""A client's hash (``last_game`` beside them belongs to ``RESERVE``)."""


OUTCOMES = {outcome.value: outcome for outcome in Admission}
"""An admission's outcome by its name (a dict is a tenth of what ``Admission(name)`` costs)."""


def _limit(value: Any) -> int | None:
    return None if value in (None, b"", "") else int(value)


@functools.lru_cache(maxsize=256)
def _own_limits(fields: tuple[Any, ...]) -> ClientLimits:
    """A client's own limits as the admit script answers them: read once per set of values (a
    client's limits change when an operator changes them; each admission would read them again)."""
    return ClientLimits(*(_limit(value) for value in fields))


def admission_keys(count: Counting) -> dict[str, str]:
    window = count.window
    return {
        "client": keys.client(count.client_id),
        "count": keys.client_window(count.client_id, window.name),
    }


def admission_args(count: Counting, key_digest: str | None) -> dict[str, Any]:
    window = count.window
    return {
        "now": repr(count.now),
        "digest": key_digest or "",
        "quota": window.quota,
        "override": window.override or "",
        "seconds": window.seconds,
    }


def admit_call(count: Counting, key_digest: str | None) -> Call:
    return ADMIT.call(admission_keys(count), admission_args(count, key_digest))


def admitted(reply: Any, count: Counting) -> Admitted:
    """What the Lua function ``admit`` (lua/functions/admit.lua) answered."""
    outcome = OUTCOMES.get(decoded(reply[0], "the admit script's reply"))
    if outcome is None:
        raise CorruptData(f"the admit script answered {reply[0]!r}")
    if outcome is Admission.UNKNOWN:
        return Admitted(outcome)
    limits = _own_limits(tuple(reply[3:]))
    use = count.window.standing(int(reply[1]), float(reply[2]), count.now)
    return Admitted(outcome, (use,), limits)


def client_row(client_id: str, fields: Sequence[Any]) -> ClientRow | None:
    """A client from its hash's ``RECORD_FIELDS``; None when it has none of them."""
    if all(value is None for value in fields):
        return None
    key = keys.client(client_id)
    try:
        named = zip(RECORD_FIELDS, fields, strict=True)
        text = {name: decoded(value, key) for name, value in named if value is not None}
        digests = tuple(
            KeyDigest(str(item["digest"]), item.get("expires_at")) for item in json.loads(text["keys"])
        )
        limits = ClientLimits(*(_limit(text.get(name)) for name in LIMIT_FIELDS))
        return ClientRow(
            client_id, text["name"], float(text["created_at"]), digests, limits, text.get("revoked") == "1"
        )
    except (KeyError, TypeError, ValueError, UnicodeDecodeError) as error:
        raise CorruptData(f"{key} is not a client this service wrote") from error


def client_fields(record: ClientRow) -> tuple[list[str], list[str]]:
    """The hash fields of ``record`` to set (name, value, ...) and the limit fields to remove."""
    digests = [{"digest": key.digest, "expires_at": key.expires_at} for key in record.keys]
    values: list[str] = ["name", record.name, "created_at", repr(record.created_at)]
    values += ["revoked", "1" if record.revoked else "0", "keys", json.dumps(digests)]
    removed = []
    for name in LIMIT_FIELDS:
        limit = getattr(record.limits, name)
        if limit is None:
            removed.append(name)
        else:
            values += [name, str(limit)]
    return values, removed


class RedisClientApps(RedisConnection):
    """The ClientStore's methods."""

    expiry: Expiry

    @translated
    def create_client(self, record: ClientRow) -> None:
        # The registry of ids lives in its own slot: the id joins it first, so that every client
        # that exists is listed (an id whose record a failure left unwritten is skipped by list).
        self._commands.call("ZADD", keys.clients(), "NX", repr(record.created_at), record.id)
        values, _ = client_fields(record)
        if not self._run(CREATE_CLIENT.call({"client": keys.client(record.id)}, {}, values)):
            raise ClientExists(record.id)

    @translated
    def load_client(self, client_id: str) -> ClientRow | None:
        return client_row(client_id, self._commands.call("HMGET", keys.client(client_id), *RECORD_FIELDS))

    @translated
    def list_clients(self) -> list[ClientRow]:
        ids = [decoded(raw, keys.clients()) for raw in self._commands.call("ZRANGE", keys.clients(), 0, -1)]
        found = self._pipeline([("HMGET", keys.client(client_id), *RECORD_FIELDS) for client_id in ids])
        records = (client_row(client_id, fields) for client_id, fields in zip(ids, found, strict=True))
        return [record for record in records if record is not None]

    @translated
    def replace_client(self, record: ClientRow) -> None:
        values, removed = client_fields(record)
        if not self._run(
            REPLACE_CLIENT.call({"client": keys.client(record.id)}, {}, [*values, "--", *removed])
        ):
            raise KeyError(record.id)

    @translated
    def admit(self, client_id: str, key_digest: str | None, window: Window, now: float) -> Admitted:
        count = Counting(client_id, window, now)
        return admitted(self._run(admit_call(count, key_digest)), count)

    @translated
    def count_hit(self, subject: str, window: Window, now: float) -> WindowUse:
        key = keys.address_window(subject, window.name, window.index(now))
        return window.use(
            window.quota, int(self._run(HIT.call({"count": key}, {"seconds": window.seconds}))), now
        )

    @translated
    def reserve_game(self, client_id: str, game_id: str, max_open: int, now: float) -> bool:
        script_keys = {
            "client": keys.client(client_id),
            "games": keys.client_games(client_id),
            "open": keys.client_open_games(client_id),
        }
        args = {"game_id": game_id, "max_open": max_open, "now_us": f"{now * 1_000_000:.0f}",
                "max_listed": MAX_LISTED_GAMES}  # fmt: skip
        return self._run(RESERVE.call(script_keys, args)) is not None

    @translated
    def game_closed(self, client_id: str, game_id: str, *, forget: bool) -> None:
        removals = [("ZREM", keys.client_open_games(client_id), game_id)]
        if forget:
            removals.append(("ZREM", keys.client_games(client_id), game_id))
        self._pipeline(removals)

    @translated
    def client_games(
        self, client_id: str, before: int | None, limit: int, open_only: bool
    ) -> list[tuple[int, str]]:
        key = keys.client_open_games(client_id) if open_only else keys.client_games(client_id)
        top = "+inf" if before is None else f"({before}"
        found = self._commands.call("ZREVRANGEBYSCORE", key, top, "-inf", "WITHSCORES", "LIMIT", 0, limit)
        pairs = zip(found[::2], found[1::2], strict=True)
        return [(int(score), decoded(member, key)) for member, score in pairs]

    @translated
    def turn_given(self, client_id: str, player: str, game_id: str, score: int) -> None:
        key = keys.player_turns(client_id, player)
        self._pipeline([("ZADD", key, score, game_id), ("EXPIRE", key, self.expiry.idle)])

    @translated
    def turn_taken(self, client_id: str, player: str, game_id: str) -> None:
        self._commands.call("ZREM", keys.player_turns(client_id, player), game_id)

    @translated
    def player_turns(
        self, client_id: str, player: str, after: TurnPosition | None, limit: int
    ) -> list[TurnPosition]:
        key = keys.player_turns(client_id, player)
        top, ties = "+inf", 0
        if after is not None:  # from its score on, the entries at that score seen already passed over
            top, ties = str(after.score), int(self._commands.call("ZCOUNT", key, after.score, after.score))
        found = self._commands.call(
            "ZREVRANGEBYSCORE", key, top, "-inf", "WITHSCORES", "LIMIT", 0, limit + ties
        )
        pairs = zip(found[::2], found[1::2], strict=True)
        entries = [TurnPosition(int(float(score)), decoded(member, key)) for member, score in pairs]
        return past(entries, after)[:limit]
