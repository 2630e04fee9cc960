"""The store's tables: games waiting for their players (``play.tables``), each one document with a
version, written only over the version it was read at."""

from __future__ import annotations

from typing import NamedTuple, Protocol


class StoredTable(NamedTuple):
    version: int
    text: str
    """The table's JSON, opaque to the store."""


class TableStore(Protocol):
    def load_table(self, table_id: str) -> StoredTable | None:
        """The table, or None when there is none (deleted, or kept past its time)."""

    def save_table(self, table_id: str, version: int, text: str, keep_ms: int) -> bool:
        """The table at ``version``, kept ``keep_ms`` from now: version 1 only if there is no table of
        that id, a later one only over ``version - 1``; False (nothing written) otherwise."""

    def delete_table(self, table_id: str, version: int) -> bool:
        """The table removed if it is still at ``version`` (else False, nothing removed)."""
