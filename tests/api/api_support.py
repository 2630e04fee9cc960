"""Helpers for the HTTP tests: a store that interferes with saves, and a rival's move. The helpers
that drive the app (``Api``) are the harness's (``harness.in_process_api``): bench uses them too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from service.store import Save, SaveOutcome, Store, Written


class InterferingStore:
    """Wraps a store: before each of its first ``times`` saves, ``interfere()`` runs.

    ``interfere`` may raise (the save then never happens: an outage) or change the game
    itself (``rival_move``: the save then loses its race, as against another request).
    """

    def __init__(self, inner: Store, times: int, interfere: Callable[[], None]) -> None:
        self.inner, self.times, self.interfere = inner, times, interfere

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def save(self, change: Save) -> SaveOutcome:
        if change.expected and not change.deletes:  # a change of a game (not its creation, nor its deletion)
            self._before_a_save()
        outcome: SaveOutcome = self.inner.save(change)
        return outcome

    def _before_a_save(self) -> None:
        if self.times > 0:
            self.times -= 1
            self.interfere()


def rival_move(store: Store, game_id: str) -> Callable[[], None]:
    """Another request's move landing first: it bumps the version by saving the same snapshot again."""

    def rival() -> None:
        row = store.load_game(game_id)
        assert row is not None
        store.save(Save(game_id, row.version, row.owner, Written(row.snapshot)))

    return rival
