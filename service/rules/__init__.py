"""The rules of Restart: pure values and functions, no I/O, no clock.

Entry points, layered like python-chess: ``validate`` says why a move is not
legal, ``apply`` validates then returns the new state and its events,
``legal_moves`` enumerates. One function (``judge.judge``) decides legality.
"""

from service.rules.actions import Action, Move
from service.rules.engine import Step, anyone_can_play, apply, end_by_consent, new_game
from service.rules.errors import BadSetup, Illegal, IllegalMove, InvalidSnapshot, RulesError
from service.rules.events import Event, GameOver, Passed, RoundDealt, RoundScored, TilesPlaced, TilesRemoved
from service.rules.judge import validate
from service.rules.legal import legal_moves
from service.rules.messages import Message
from service.rules.snapshot import SCHEMA_VERSION, from_snapshot, to_snapshot
from service.rules.state import EndReason, GameState, Outcome, Player, RoundEndReason, Status
from service.rules.tiles import ALL_TILES, COLOURS, Colour, Kind, Tile

__all__ = [
    "ALL_TILES", "COLOURS", "SCHEMA_VERSION", "Action", "BadSetup", "Colour", "EndReason", "Event",
    "GameOver", "GameState", "Illegal", "IllegalMove", "InvalidSnapshot", "Kind", "Message", "Move",
    "Outcome", "Passed", "Player", "RoundDealt", "RoundEndReason", "RoundScored", "RulesError", "Status",
    "Step", "Tile", "TilesPlaced", "TilesRemoved", "anyone_can_play", "apply", "end_by_consent",
    "from_snapshot", "legal_moves", "new_game", "to_snapshot", "validate",
]  # fmt: skip
