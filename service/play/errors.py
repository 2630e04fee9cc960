"""Why a use case refuses: domain errors that the api room's one handler translates.

Each carries the sentence a client reads; the handler adds the status and the code.
"""

from __future__ import annotations

from service.store.clients import WindowUse


class Refused(Exception):
    """Base of every refusal of a use case (not of the rules: those are ``IllegalMove``)."""

    windows: tuple[WindowUse, ...] = ()
    """The limits' windows the refused request counted in (or found full): told in its answer."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class Unauthorized(Refused):
    """No credential, or one that opens nothing here: an unknown, revoked or rotated-out key, an
    unknown token, one of another game, or a game that does not exist. All alike, whatever it was."""

    def __init__(self, needs_key: bool = False) -> None:
        if needs_key:
            super().__init__("a valid client key (X-API-Key) is required")
        else:
            super().__init__("a valid bearer token for this game, or its owner's client key, is required")
        self.needs_key = needs_key


class NotFound(Refused):
    """A client key asking for a game that is not one of its client's (or no longer exists)."""

    def __init__(self) -> None:
        super().__init__("no game of this client has that id")


class Forbidden(Refused):
    """A valid token asking for what its holder may not do or see."""


class InvalidField(Refused):
    """A request field that is well-formed but wrong for this game (answered as a field error)."""

    def __init__(self, field: str, detail: str) -> None:
        super().__init__(detail)
        self.field = field


class SeatOutOfRange(InvalidField):
    """A seat number the game does not have."""

    def __init__(self, seats: int) -> None:
        super().__init__("player", f"this game has seats 0 to {seats - 1}")


class VersionMismatch(Refused):
    """``If-Match`` named a version the game is no longer at."""

    def __init__(self, expected: int) -> None:
        super().__init__(f"the game is no longer at version {expected}: fetch it again and decide anew")
        self.expected = expected


class ConcurrentUpdate(Refused):
    """A move lost every race it was allowed against other moves of the same game."""

    def __init__(self, attempts: int) -> None:
        super().__init__(f"the game changed under this move {attempts} times in a row: retry")
        self.attempts = attempts


class RateLimited(Refused):
    """A window of the client (or of the source address) is full."""

    def __init__(self, windows: tuple[WindowUse, ...], retry_after: int) -> None:
        super().__init__(f"too many requests: retry in {retry_after} s (see RateLimit and RateLimit-Policy)")
        self.windows = windows
        self.retry_after = retry_after


class QuotaExceeded(Refused):
    """The client has as many unfinished games as it may have at once."""

    def __init__(self, max_open_games: int, windows: tuple[WindowUse, ...]) -> None:
        super().__init__(
            f"this client has {max_open_games} unfinished games, its most at once: finish or delete one first"
        )
        self.windows = windows
