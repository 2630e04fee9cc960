"""Helpers for the HTTP tests: a store that interferes with saves, and a rival's move. The helpers
that drive the app (``Api``) are the harness's (``harness.in_process_api``): bench uses them too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from service.store import MoveSave, SaveOutcome, Store


class InterferingStore:
    """Wraps a store: before each of its first ``times`` saves, ``interfere()`` runs.

    ``interfere`` may raise (the save then never happens: an outage) or change the game
    itself (``rival_move``: the save then loses its race, as against another request).
    """

    def __init__(self, inner: Store, times: int, interfere: Callable[[], None]) -> None:
        self.inner, self.times, self.interfere = inner, times, interfere

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def save_move(self, save: MoveSave) -> SaveOutcome:
        self._before_a_save()
        outcome: SaveOutcome = self.inner.save_move(save)
        return outcome

    def _before_a_save(self) -> None:
        if self.times > 0:
            self.times -= 1
            self.interfere()


def rival_move(store: Store, game_id: str) -> Callable[[], None]:
    """Another request's move landing first: it bumps the version by saving the same snapshot again."""

    def rival() -> None:
        record = store.load_game(game_id)
        assert record is not None
        store.save_move(MoveSave(game_id, record.version, record.snapshot, [], finished=False))

    return rival
