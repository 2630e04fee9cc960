"""What a game's change leaves the background worker, as the outbox entries it writes with itself.

A ``BotTurn``: the turn passed to a seat the service plays (at ``version``). A ``Change``: a
change to tell its owner's webhooks, with the sequenced events it logged. Entries are JSON
texts; the game id is the outbox's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from service.encoding import dumps, loads_trusted
from service.play.stored_game import StoredGame
from service.rules import GameState


@dataclass(frozen=True, slots=True)
class BotTurn:
    game_id: str
    version: int
    """The version whose turn is the bot's: its move is saved only if the game is still there."""
    seat: int
    kind = "bot"

    def text(self) -> str:
        return dumps({"kind": self.kind, "version": self.version, "seat": self.seat})


@dataclass(frozen=True, slots=True)
class Change:
    game_id: str
    type: str
    """``game.created``, ``game.moved``, ``game.finished`` or ``game.deleted``."""
    version: int
    events: tuple[str, ...]
    """The change's events as the log gives them (JSON texts with their ``seq``)."""
    at: float
    """When it happened, in epoch seconds."""
    kind = "change"

    def text(self) -> str:
        document = {"kind": self.kind, "type": self.type, "version": self.version, "at": self.at}
        return dumps(document)[:-1] + f',"events":[{",".join(self.events)}]}}'


Entry = BotTurn | Change


def read_entry(game_id: str, text: str) -> Entry:
    """The entry an outbox holds (written by this service: trusted)."""
    document: dict[str, Any] = loads_trusted(text)
    if document["kind"] == BotTurn.kind:
        return BotTurn(game_id, int(document["version"]), int(document["seat"]))
    events = tuple(dumps(event) for event in document["events"])
    return Change(game_id, str(document["type"]), int(document["version"]), events, float(document["at"]))


def left_for_the_worker(game_id: str, stored: StoredGame, state: GameState, version: int) -> tuple[str, ...]:
    """What a change to ``state`` (now at ``version``) leaves the worker: the turn, if a bot has it."""
    if state.outcome is None and stored.bot(state.current_player) is not None:
        return (BotTurn(game_id, version, state.current_player).text(),)
    return ()
