"""The bots' brains: pure functions from what one seat sees to one of its legal moves.

A bot is handed a ``SeatView`` (``seat_view``), never the full ``GameState``, so it
cannot read another hand, the box or the seed. ``choose(level, view, seed)`` plays a
served level; ``LEVELS`` lists them, weakest first. Each decision draws from its own
``random.Random(seed)`` (``decision_seed`` derives one from the game), so the same view
and seed always give the same move. Only the standard library and ``service.rules``
are imported: no I/O, no clock, no global randomness.
"""

from service.bots.levels import (
    LEVEL_NAMES,
    LEVELS,
    BotError,
    Level,
    NotTheSeatsTurn,
    UnknownLevel,
    choose,
    level,
)
from service.bots.seeding import decision_seed
from service.bots.view import SeatView, seat_view

__all__ = [
    "LEVELS", "LEVEL_NAMES", "BotError", "Level", "NotTheSeatsTurn", "SeatView", "UnknownLevel", "choose",
    "decision_seed", "level", "seat_view",
]  # fmt: skip
