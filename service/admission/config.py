"""What admission is configured with: the limits a client meets unless it has its own.

Plain values with their defaults written here once; ``service.settings`` fills them from the
environment (as it fills ``service.store.config``), and admission takes them as they are.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.store.client_apps import Window


@dataclass(frozen=True, slots=True)
class LimitDefaults:
    """Limits a small honest client never meets (each client may have its own)."""

    requests_per_second: int = 100
    games_per_minute: int = 60
    max_open_games: int = 1_000
    max_in_flight: int = 8
    """Requests of one client at once in one worker process (its key and its games' tokens)."""
    max_streams: int = 500
    """Streams of one client's games open at once in one worker process."""
    auth_failures_per_minute: int = 30
    """Per source address: requests whose credential is refused (a key, a token)."""

    @property
    def requests(self) -> Window:
        return Window("requests", self.requests_per_second, 1, override="requests_per_second")

    @property
    def games(self) -> Window:
        return Window("games", self.games_per_minute, 60, override="games_per_minute")

    @property
    def auth_failures(self) -> Window:
        return Window("auth-failures", self.auth_failures_per_minute, 60)
