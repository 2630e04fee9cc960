"""The TableStore in this process's memory (``memory.py``'s lock makes each step atomic)."""

from __future__ import annotations

import threading
from collections.abc import Callable

from service.store.tables import StoredTable


class MemoryTables:
    """The TableStore's methods; ``_lock`` is the store's one lock, ``clock`` its clock (seconds)."""

    _lock: threading.RLock
    clock: Callable[[], float]

    def __init__(self) -> None:
        self._tables: dict[str, tuple[StoredTable, float]] = {}
        """Table id -> (the table, until when it is kept)."""

    def load_table(self, table_id: str) -> StoredTable | None:
        with self._lock:
            kept = self._tables.get(table_id)
            if kept is None:
                return None
            if kept[1] <= self.clock():
                del self._tables[table_id]
                return None
            return kept[0]

    def save_table(self, table_id: str, version: int, text: str, keep_ms: int) -> bool:
        with self._lock:
            found = self.load_table(table_id)
            if (0 if found is None else found.version) != version - 1:
                return False
            self._tables[table_id] = (StoredTable(version, text), self.clock() + keep_ms / 1000)
            return True

    def delete_table(self, table_id: str, version: int) -> bool:
        with self._lock:
            found = self.load_table(table_id)
            if found is None or found.version != version:
                return False
            del self._tables[table_id]
            return True
