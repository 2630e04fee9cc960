"""A seat changing hands mid-game: handed to a new holder, vacated, or left for good by its holder.

``PUT /v1/games/{id}/seats/{seat}/holder`` (the owner or the game's admin) hands the seat to a new
holder and answers its token, once; the last holder's token opens nothing from that version on.
``DELETE`` of it vacates the seat: the service plays it by the game's absent-seat policy until
someone is handed it. ``POST .../leave`` (the holder, or the admin for them) leaves it for good.
Each is a change like a move (``transitions.taken``, ``vacated``, ``left``), decided again
against the game as a lost race finds it: a hand-over racing the old holder's move saves one of
them, and a move saved after it was decided against a token it revoked is refused (401).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from service.play.access import Caller, hash_token, new_token
from service.play.commit import Rider, commit
from service.play.games import OpenGame
from service.play.holders import Holding, SeatState
from service.play.outbox import Told, nobody
from service.play.refusals import BotSeat, GameFinished, SeatLeft, VersionMismatch
from service.play.stored_game import StoredGame
from service.play.transitions import Found, Transition, left, taken, vacated
from service.rules import Status
from service.store import Store


@dataclass(frozen=True, slots=True)
class HandedSeat:
    game: OpenGame
    """The game as the hand-over left it."""
    token: str
    """The new holder's token for the seat: shown this once."""


def hand_to(
    store: Store, game: OpenGame, seat: int, name: str | None, player: str | None, expected: int | None,
    rider: Rider, now: float, told: Told = nobody,
) -> HandedSeat:  # fmt: skip
    """``seat`` handed to a new holder (``name``: theirs, else the seat's; ``player``: the client app's
    reference for them), who gets a new token; the owner's or the admin's to do."""
    game.caller.require_admin()
    token = new_token()
    holding = Holding(SeatState.HELD, player, hash_token(token), name)
    now_ms = round(now * 1000)
    after = _change(
        store, game, seat, expected, rider, now, told, lambda stored: taken(stored, seat, holding, now_ms)
    )
    assert after is not None  # a hand-over always changes the game: a new token
    return HandedSeat(after, token)


def take_off(
    store: Store,
    game: OpenGame,
    seat: int,
    expected: int | None,
    rider: Rider,
    now: float,
    told: Told = nobody,
) -> OpenGame:
    """``seat`` taken from its holder, until it is handed to someone; the owner's or the admin's to do.
    A seat already vacated is left as it is (nothing saved)."""
    game.caller.require_admin()
    now_ms = round(now * 1000)

    def vacate(stored: StoredGame) -> Transition | None:
        return None if stored.holding(seat).state is SeatState.VACATED else vacated(stored, seat, now_ms)

    return _change(store, game, seat, expected, rider, now, told, vacate) or game


def leave(
    store: Store,
    game: OpenGame,
    seat: int,
    expected: int | None,
    rider: Rider,
    now: float,
    told: Told = nobody,
) -> OpenGame:
    """``seat``'s holder (or the admin, for them) leaves the game for good; the game as the caller sees
    it after (a holder who left: as a spectator)."""
    game.caller.require_seat(seat)
    now_ms = round(now * 1000)
    after = _change(store, game, seat, expected, rider, now, told, lambda stored: left(stored, seat, now_ms))
    assert after is not None  # leaving always changes the game
    return after if game.caller.is_admin else replace(after, caller=Caller.spectator(left=seat))


def _change(
    store: Store, game: OpenGame, seat: int, expected: int | None, rider: Rider, now: float, told: Told,
    change: Callable[[StoredGame], Transition | None],
) -> OpenGame | None:  # fmt: skip
    """``change`` of ``seat`` decided against the game as each save finds it, and saved; None when
    it changes nothing."""
    game.check_seat_in_path(seat)

    def decide(found: Found) -> Transition | None:
        stored = found.stored
        assert stored is not None  # the game is there
        game.caller.check_holds(stored.seats)  # a player's token taken from it meanwhile: refused
        if stored.snapshot["status"] == Status.FINISHED:
            raise GameFinished()
        bot = stored.bot(seat)
        if bot is not None:
            raise BotSeat(seat, bot)
        if stored.holding(seat).state is SeatState.LEFT:
            raise SeatLeft(seat)
        if expected is not None and found.version != expected:
            raise VersionMismatch(expected)
        return change(stored)

    committed = commit(store, game.found, decide, now, rider, told)
    return None if committed is None else game.after(committed.found)
