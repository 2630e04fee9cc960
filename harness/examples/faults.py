"""Stores that fail on purpose, for the answers a healthy store never provokes (503, 500, 409)."""

from __future__ import annotations

from typing import Any

from service.store import Save, Store, StoreUnavailable, Written


class Unreachable:
    """Every call fails as a Redis outage would."""

    def __getattr__(self, name: str) -> Any:
        def unavailable(*args: Any, **kwargs: Any) -> Any:
            raise StoreUnavailable("connection refused")

        return unavailable


class Failing:
    """``method`` raises ``error`` (a bug below the edge); every other call goes to the real store."""

    def __init__(self, inner: Store, method: str, error: Exception) -> None:
        self.inner, self.method, self.error = inner, method, error

    def __getattr__(self, name: str) -> Any:
        if name == self.method:

            def failing(*args: Any, **kwargs: Any) -> Any:
                raise self.error

            return failing
        return getattr(self.inner, name)


class Rivalled:
    """Before every save of a move, another request's move lands first on ``game_id`` (it saves the same
    snapshot again, which only bumps the version): the move loses every race."""

    def __init__(self, inner: Store, game_id: str) -> None:
        self.inner, self.game_id = inner, game_id

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.inner, name)
        if name != "save":
            return found

        def after_a_rival(*args: Any, **kwargs: Any) -> Any:
            row = self.inner.load_game(self.game_id)
            assert row is not None
            self.inner.save(Save(self.game_id, row.version, row.owner, Written(row.snapshot)))
            return found(*args, **kwargs)

        return after_a_rival
