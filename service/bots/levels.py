"""The served levels, weakest first, and the one entry point that plays them.

``oracle`` is not here: it reads every hand, so no caller of the service may name it
(it lives in ``service.bots.oracle``, for the arena).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from service.bots.expert import expert
from service.bots.greedy import greedy
from service.bots.view import SeatView, any_position
from service.rules import Move, legal_moves

Bot = Callable[[SeatView, random.Random], Move]
"""A level's brain: the seat's view and the decision's own generator in, a legal move out."""


class BotError(Exception):
    """Base of the errors a bot raises; ``code`` is stable, for the API's answers."""

    code = "bot_error"


class UnknownLevel(BotError):
    code = "unknown_bot_level"

    def __init__(self, level: str) -> None:
        super().__init__(f"{level!r} is not a bot level; the levels are {', '.join(LEVEL_NAMES)}")
        self.level = level


class NotTheSeatsTurn(BotError):
    code = "not_the_bots_turn"

    def __init__(self, view: SeatView) -> None:
        state = "the game is over" if view.outcome is not None else f"it is seat {view.current_player}'s turn"
        super().__init__(f"seat {view.seat} has no move to choose: {state}")


def uniform(view: SeatView, rng: random.Random) -> Move:
    """Any of the seat's legal moves, each as likely (the pass included)."""
    return rng.choice(legal_moves(any_position(view), view.seat))


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    description: str
    bot: Bot

    def to_json(self) -> dict[str, str]:
        return {"level": self.name, "description": self.description}


LEVELS: tuple[Level, ...] = (
    Level("random", "Plays any legal move, each as likely, passing included.", uniform),
    Level(
        "greedy",
        "Sheds the most points each turn, net of its own tiles it strands; keeps the 16s and purple tiles.",
        greedy,
    ),
    Level(
        "expert",
        "Plays out its best moves in many deals of the tiles it cannot see; keeps the one that wins most.",
        expert,
    ),
)
"""The levels a game may seat, weakest first."""

LEVEL_NAMES: tuple[str, ...] = tuple(level.name for level in LEVELS)
THOUGHT_BY_THE_WORKER = frozenset({"expert"})
"""Levels whose thinking is CPU work of a search: never done inside a request (a gevent worker's
other requests would wait for it), always by the worker."""
_BY_NAME = {level.name: level for level in LEVELS}


def level(name: str) -> Level:
    """The served level of this name; ``UnknownLevel`` for any other."""
    found = _BY_NAME.get(name)
    if found is None:
        raise UnknownLevel(name)
    return found


def choose(level_name: str, view: SeatView, seed: int) -> Move:
    """The move the level plays for the view's seat; the same view and seed give the same move."""
    bot = level(level_name).bot
    if not isinstance(view, SeatView):
        raise TypeError(f"a bot is given a SeatView, not a {type(view).__name__}")
    if not view.is_my_turn:
        raise NotTheSeatsTurn(view)
    return bot(view, random.Random(seed))
