"""The game use cases: create a game, read it as its caller may, a seat's legal moves, delete it.

Opening a game for the holder of a credential is admission's (``service.admission.opening``).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from service.bots.levels import LEVEL_NAMES, UnknownLevel, level
from service.play.access import Caller, IssuedTokens, issue_tokens
from service.play.commit import commit
from service.play.consent import DEFAULT_POLICY, OfferPolicy
from service.play.holders import SeatState
from service.play.outbox import Told, nobody
from service.play.projection import game_view
from service.play.refusals import (
    BotSeat,
    InvalidField,
    RatingNeedsPlayers,
    SeatLeft,
    SeatNotFound,
    SeatOutOfRange,
    SeatVacated,
    UnknownBotLevel,
)
from service.play.stored_game import StoredGame, decode
from service.play.transitions import Found, Transition, created, deleted
from service.rules import Move, from_snapshot, legal_moves
from service.rules.clock import ClockSettings
from service.rules.messages import Message
from service.rules.state import MAX_SEED, Status
from service.store import GameRow, Store, TokenHashes


@dataclass(frozen=True, slots=True)
class OpenGame:
    """A game as one store read (or this process's copy) found it, with the caller its credential
    identified."""

    game_id: str
    owner: str | None
    """The client app that created it (None for games made before clients)."""
    version: int
    stored: StoredGame
    caller: Caller
    confirmed: bool = True
    """Read from the store for this request; False: as this process last saw it (perhaps stale)."""

    @classmethod
    def of(cls, game_id: str, row: GameRow, caller: Caller, confirmed: bool = True) -> OpenGame:
        """The game a store's row holds (its snapshot decoded: CorruptData if the service never wrote it)."""
        return cls(game_id, row.owner, row.version, decode(row.snapshot), caller, confirmed)

    @property
    def found(self) -> Found:
        """The game as a change is judged against it (``play.commit``)."""
        return Found(self.game_id, self.owner, self.version, self.stored, self.confirmed)

    def after(self, found: Found) -> OpenGame:
        """The game as a change left it (``Committed.found``), for the same caller."""
        assert found.stored is not None  # a game that is still there
        return OpenGame(self.game_id, self.owner, found.version, found.stored, self.caller)

    @property
    def snapshot(self) -> dict[str, Any]:
        return self.stored.snapshot

    def view(self, now: float) -> dict[str, Any]:
        """The game as its caller may see it, its clock read at ``now`` (epoch seconds)."""
        return game_view(self.game_id, self.version, self.stored, self.caller, now)

    def check_seat_in_path(self, seat: int) -> None:
        """``seat``, named by a path (``/seats/{seat}/...``), exists in this game: else it is not found,
        as a game is."""
        seats = len(self.snapshot["players"])
        if seat >= seats:
            raise SeatNotFound(seats)

    def check_seat(self, seat: int) -> None:
        """``seat`` exists in this game (the schema allows up to the largest game's)."""
        seats = len(self.snapshot["players"])
        if seat >= seats:
            raise SeatOutOfRange(seats)

    def authorize_move(self, move: Move) -> None:
        """The caller may ask for ``move``: its seat is theirs (or they are the admin), exists, and is
        not one the service plays."""
        self.caller.require_seat(move.player)
        self.check_seat(move.player)
        refuse_served(self.stored, move.player)


def refuse_served(stored: StoredGame, seat: int) -> None:
    """No one but the service acts for a seat it plays: a bot's (BotSeat), one vacated (SeatVacated)
    or one its holder left (SeatLeft)."""
    level = stored.stand_in(seat)
    if level is None:
        return
    state = stored.holding(seat).state
    if state is SeatState.LEFT:
        raise SeatLeft(seat)
    if state is SeatState.VACATED:
        raise SeatVacated(seat)
    raise BotSeat(seat, level)


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat as a creation asks for it: a person's name (and perhaps the client app's reference for
    them), or a name and the bot level to play it."""

    name: str
    bot: str | None = None
    player: str | None = None


@dataclass(frozen=True, slots=True)
class CreatedGame:
    game_id: str
    version: int
    stored: StoredGame
    tokens: IssuedTokens
    hashes: TokenHashes
    """What the store keeps of its tokens (never changed, like its owner: ``KnownGames``)."""

    def view(self, now: float) -> dict[str, Any]:
        """The new game as its admin sees it."""
        return game_view(self.game_id, self.version, self.stored, Caller.admin(), now)


BOT_LEVELS: tuple[str, ...] = LEVEL_NAMES
"""The levels the service plays a seat at, weakest first."""


def check_level(name: str) -> None:
    """``name`` is a level the service plays (else UnknownBotLevel)."""
    try:
        level(name)
    except UnknownLevel:
        raise UnknownBotLevel(name, ", ".join(LEVEL_NAMES)) from None


def create_game(
    store: Store,
    game_id: str,
    owner: str,
    now: float,
    seats: Sequence[Seat],
    seed: int | None,
    target_score: int,
    told: Told = nobody,
    clock: ClockSettings | None = None,
    policy: OfferPolicy = DEFAULT_POLICY,
    rated: bool = False,
) -> CreatedGame:
    """Deal the new game ``game_id`` for ``owner`` (its place among the owner's open games reserved:
    ``admission.creation``). A seat the service plays gets no token; its first turn, if the game
    starts with it, is left to the worker with the creation. With a ``clock``, the first turn's
    starts ``now``. ``policy``: what the game allows of consent offers. ``rated``: its result goes to
    the owner's rating pool (RatingNeedsPlayers unless a person with a player reference has each seat)."""
    bots = tuple(seat.bot for seat in seats)
    for bot in bots:
        if bot is not None:
            check_level(bot)
    if rated:
        for number, seat in enumerate(seats):
            if seat.bot is not None or not seat.player:
                raise RatingNeedsPlayers(number, seat.bot is not None)
    if seed is None:
        seed = secrets.randbelow(MAX_SEED + 1)
    tokens = issue_tokens([bot is None for bot in bots])
    names = [seat.name for seat in seats]
    hashes = tokens.hashes()

    players = [seat.player for seat in seats]

    def dealt(_: Found) -> Transition:
        return created(
            names, bots, seed, target_score, clock, round(now * 1000), hashes, players, policy, rated
        )

    committed = commit(store, Found(game_id, owner, 0, None), dealt, now, told=told)
    assert committed is not None and committed.sealed.transition.stored is not None  # a creation is a change
    return CreatedGame(game_id, committed.version, committed.sealed.transition.stored, tokens, hashes)


def close_finished_games(store: Store, client_id: str) -> None:
    """Free the places of games that finished or expired but still count as open.

    A finished game leaves the open ones right after its last move; only a failure between
    that move and this step (or a game's expiry) leaves it counted, so this runs when a
    creation finds the cap reached.
    """
    listed = store.client_games(client_id, None, 1_000_000, open_only=True)
    rows = store.load_games([game_id for _, game_id in listed])
    for (_, game_id), row in zip(listed, rows, strict=True):
        if row is None:
            store.game_closed(client_id, game_id, forget=True)
        elif decode(row.snapshot).snapshot["status"] == Status.FINISHED:
            store.game_closed(client_id, game_id, forget=False)


def delete_game(store: Store, game: OpenGame, now: float, told: Told = nobody) -> None:
    """Remove the game and all of it; only its admin (its token, or its owner's key) may. The
    deletion is left for the owner's webhooks in the game's outbox, which the deletion keeps."""
    game.caller.require_admin()
    commit(store, game.found, lambda _: deleted(), now, told=told)


def asked_seat(game: OpenGame, seat: int | None) -> int:
    """The seat a question is about: a player's own by default; the admin must name one (``?player=``);
    a spectator has none."""
    game.caller.require_not_spectator()
    if seat is None:
        seat = game.caller.seat
    if seat is None:
        raise InvalidField("player", Message("the admin token must name a seat: ?player=n"))
    game.caller.require_seat(seat)
    game.check_seat(seat)
    return seat


def seat_legal_moves(game: OpenGame, seat: int | None) -> tuple[int, list[Move]]:
    """The seat asked about and its legal moves: empty when not its turn."""
    seat = asked_seat(game, seat)
    return seat, legal_moves(from_snapshot(game.snapshot, verify=False), seat)
