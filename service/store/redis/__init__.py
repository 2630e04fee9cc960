"""The store on Redis or Redis Cluster: games (``games.py``) and client apps (``clients.py``).

Every key comes from ``service.store.keys``; a game's keys share its hash tag and a
client's keys share the client's, so every script of those two modules touches one slot.
The two steps that join a game and its owner (its read with the owner's admission, a move
saved with the owner's count) are one round trip on a plain server and two or three calls
on a cluster, whose scripts cannot span slots.
"""

from __future__ import annotations

from collections.abc import Sequence

from redis import exceptions as rex

from service.store import count_then_save, keys
from service.store.base import GameVersion
from service.store.clients import Admitted, CountedSave, Counting, Window
from service.store.config import Expiry, RedisOptions
from service.store.redis.clients import ADMIT_FUNCTION, CLIENT_SCRIPTS, RedisClients, admission, admitted
from service.store.redis.connection import translated
from service.store.redis.games import GAME_SCRIPTS, SAVE_FUNCTION, VERSION_FIELDS, RedisGames, game_version

__all__ = ["RedisStore", "translated"]

JOINT_SCRIPTS = {
    # KEYS: game, events, idem-keys, client, client's open games, then one count per window.
    # ARGV: expected version, snapshot, ttl, finished ('1' or ''), game id, now, then per window:
    # quota, override field, seconds; then the events. Returns {admit's reply, new version or nil}.
    "count_and_save": "#!lua"
    + ADMIT_FUNCTION
    + SAVE_FUNCTION
    + """
local windows = #KEYS - 5
local counted = admit(KEYS[4], {unpack(KEYS, 6)}, tonumber(ARGV[6]), '', {unpack(ARGV, 7, 6 + windows * 3)})
if counted.err then return counted end
if counted[1] ~= 'admitted' then return {counted, false} end
local texts = {unpack(ARGV, 7 + windows * 3)}
local version, failure = save({KEYS[1], KEYS[2], KEYS[3]}, ARGV[1], ARGV[2], ARGV[3], '', 0, '', texts)
if failure then return failure end
if version and ARGV[4] == '1' then redis.call('ZREM', KEYS[5], ARGV[5]) end
return {counted, version}
""",
}


class RedisStore(RedisGames, RedisClients):
    """The GameStore and the ClientStore on Redis; thread-safe, one instance per process."""

    def __init__(self, options: RedisOptions, expiry: Expiry | None = None) -> None:
        super().__init__(options, {**GAME_SCRIPTS, **CLIENT_SCRIPTS, **JOINT_SCRIPTS})
        self.expiry = expiry or Expiry()

    @translated
    def load_admitted(
        self, game_id: str, client_id: str, windows: Sequence[Window], now: float
    ) -> tuple[GameVersion | None, Admitted]:
        """The game's version and snapshot and one admission of its owner, in one round trip (the
        two slots pipelined).

        On a cluster, two: redis-py runs no script in a cluster pipeline.
        """
        if self.cluster:
            return self.load_version(game_id), self.admit(client_id, None, windows, now)
        script_keys, args = admission(client_id, None, windows, now)
        admit = ("EVALSHA", self._shas["admit"], len(script_keys), *script_keys, *args)
        read = ("HMGET", keys.game(game_id), *VERSION_FIELDS)
        if self._wire is not None:
            reply, fields = self._wire.pipeline([admit, read])
        else:
            with self._redis().pipeline(transaction=False) as pipe:
                pipe.execute_command(*admit)
                pipe.execute_command(*read)
                reply, fields = pipe.execute(raise_on_error=False)
        if isinstance(reply, rex.NoScriptError):  # the script cache was emptied: EVAL carries it again
            reply = self._run("admit", script_keys, args)
        for answer in (reply, fields):
            if isinstance(answer, Exception):
                raise answer
        return game_version(keys.game(game_id), fields), admitted(reply, windows, now)

    @translated
    def save_counted_move(
        self,
        game_id: str,
        expected_version: int,
        snapshot: str,
        events: Sequence[str],
        finished: bool,
        counting: Counting,
    ) -> CountedSave:
        if self.cluster:
            return count_then_save(self, game_id, expected_version, snapshot, events, finished, counting)
        owner, windows, now = counting.client_id, counting.windows, counting.now
        count_keys, count_args = admission(owner, None, windows, now)
        script_keys = [
            *(keys.game(game_id), keys.events(game_id), keys.idempotency_keys(game_id)),
            *(count_keys[0], keys.client_open_games(owner), *count_keys[1:]),
        ]
        ttl = self.expiry.after_move(finished)
        args = [
            expected_version,
            snapshot,
            ttl,
            "1" if finished else "",
            game_id,
            *count_args[:1],
            *count_args[2:],
        ]
        reply, version = self._run("count_and_save", script_keys, [*args, *events])
        return CountedSave(admitted(reply, windows, now), None if version is None else int(version))
