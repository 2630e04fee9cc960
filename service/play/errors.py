"""Why a use case refuses: domain errors that the api room's one handler translates.

Each carries the sentence a client reads; the handler adds the status and the code.
"""

from __future__ import annotations


class Refused(Exception):
    """Base of every refusal of a use case (not of the rules: those are ``IllegalMove``)."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class Unauthorized(Refused):
    """No token, an unknown one, one of another game, or a game that does not exist: all alike."""

    def __init__(self) -> None:
        super().__init__("a valid bearer token for this game is required")


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
