"""The game use cases: create a game, open it for the holder of a token, and read it."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from service.encoding import dumps
from service.play.access import Caller, IssuedTokens, identify, is_game_id, issue_tokens, new_game_id
from service.play.errors import InvalidField, SeatOutOfRange, Unauthorized
from service.play.projection import game_view
from service.play.stored_game import StoredGame, decode, encode, numbered_events
from service.rules import Move, from_snapshot, legal_moves, new_game, to_snapshot
from service.rules.state import MAX_SEED
from service.store import GameRecord, GameStore

FIRST_VERSION = 1


@dataclass(frozen=True, slots=True)
class OpenGame:
    """A game as one store read found it, with the caller its token identified."""

    game_id: str
    record: GameRecord
    stored: StoredGame
    caller: Caller

    @property
    def version(self) -> int:
        return self.record.version

    @property
    def snapshot(self) -> dict[str, Any]:
        return self.stored.snapshot

    def view(self) -> dict[str, Any]:
        return game_view(self.game_id, self.version, self.snapshot, self.caller)

    def check_seat(self, seat: int) -> None:
        """``seat`` exists in this game (the schema allows up to the largest game's)."""
        seats = len(self.snapshot["players"])
        if seat >= seats:
            raise SeatOutOfRange(seats)

    def authorize_move(self, move: Move) -> None:
        """The caller may ask for ``move``: its seat is theirs (or they are the admin) and exists."""
        self.caller.require_seat(move.player)
        self.check_seat(move.player)


@dataclass(frozen=True, slots=True)
class CreatedGame:
    game_id: str
    version: int
    snapshot: dict[str, Any]
    tokens: IssuedTokens

    def view(self) -> dict[str, Any]:
        """The new game as its admin sees it."""
        return game_view(self.game_id, self.version, self.snapshot, Caller.admin())


def create_game(store: GameStore, names: Sequence[str], seed: int | None, target_score: int) -> CreatedGame:
    """Seat the players, deal round 1 and store it; BadSetup for an impossible setup."""
    if seed is None:
        seed = secrets.randbelow(MAX_SEED + 1)
    transition = new_game(names, seed, target_score)
    snapshot = to_snapshot(transition.state)
    events = numbered_events(transition.events, 0)
    game_id, tokens = new_game_id(), issue_tokens(len(names))
    record = GameRecord(FIRST_VERSION, encode(snapshot, len(events)), tokens.hashes())
    store.create_game(game_id, record, [dumps(event) for event in events])
    return CreatedGame(game_id, FIRST_VERSION, snapshot, tokens)


def open_game(store: GameStore, game_id: str, token: str | None) -> OpenGame:
    """The game and its caller, or Unauthorized: checked in an order that reads the store only for a token."""
    if token is None or not is_game_id(game_id):
        raise Unauthorized()
    record = store.load_game(game_id)
    if record is None:
        raise Unauthorized()
    caller = identify(record.tokens, token)
    return OpenGame(game_id, record, decode(record.snapshot), caller)


def seat_legal_moves(game: OpenGame, seat: int | None) -> tuple[int, list[Move]]:
    """The seat asked about (a player's own by default) and its legal moves: empty when not its turn."""
    if seat is None:
        seat = game.caller.seat
    if seat is None:
        raise InvalidField("player", "the admin token must name a seat: ?player=n")
    game.caller.require_seat(seat)
    game.check_seat(seat)
    return seat, legal_moves(from_snapshot(game.snapshot, verify=False), seat)
