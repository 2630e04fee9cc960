"""Tables on Redis: each a hash (``version``, ``table``) in its game's slot, written by a script that
compares the version (one key: the same on a cluster)."""

from __future__ import annotations

from service.store import keys
from service.store.base import CorruptData
from service.store.redis.connection import RedisConnection, translated
from service.store.redis.scripts import Script
from service.store.tables import StoredTable

SAVE_TABLE = Script.load("save_table")
DELETE_TABLE = Script.load("delete_table")
TABLE_SCRIPTS = (SAVE_TABLE, DELETE_TABLE)


class RedisTables(RedisConnection):
    """The TableStore's methods."""

    @translated
    def load_table(self, table_id: str) -> StoredTable | None:
        key = keys.table(table_id)
        version, text = self._commands.call("HMGET", key, "version", "table")
        if version is None and text is None:
            return None
        try:
            return StoredTable(int(version), text.decode() if isinstance(text, bytes) else str(text))
        except (TypeError, ValueError, UnicodeDecodeError):
            raise CorruptData(f"{key} is not a table this service wrote") from None

    @translated
    def save_table(self, table_id: str, version: int, text: str, keep_ms: int) -> bool:
        call = SAVE_TABLE.call(
            {"table": keys.table(table_id)}, {"version": version, "text": text, "keep_ms": keep_ms}
        )
        return bool(self._run(call))

    @translated
    def delete_table(self, table_id: str, version: int) -> bool:
        return bool(self._run(DELETE_TABLE.call({"table": keys.table(table_id)}, {"version": version})))
