"""A seat changing hands mid-game: handed to a new holder, vacated, or left for good by its holder.

``PUT /v1/games/{id}/seats/{seat}/holder`` (the owner or the game's admin) hands the seat to a new
holder and answers its token, once; the last holder's token opens nothing from that version on.
``POST .../seats/{seat}/invitation`` makes an invitation instead: a single-use, expiring token for
a link, whose first claim (``POST .../seats/{seat}/claim``, the invitation as its bearer token)
takes the seat the same way; ``DELETE`` of it revokes it.
``DELETE`` of it vacates the seat: the service plays it by the game's absent-seat policy until
someone is handed it. ``POST .../leave`` (the holder, or the admin for them) leaves it for good.
Each is a change like a move (``transitions.taken``, ``vacated``, ``left``), decided again
against the game as a lost race finds it: a hand-over racing the old holder's move saves one of
them, and a move saved after it was decided against a token it revoked is refused (401).
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from dataclasses import dataclass, replace

from service.play.access import Caller, hash_token, new_token
from service.play.commit import Rider, commit
from service.play.games import OpenGame
from service.play.holders import Fate, Holding, Invitation, SeatState
from service.play.outbox import Told, nobody
from service.play.refusals import (
    BotSeat,
    GameFinished,
    InvitationExpired,
    InvitationRevoked,
    InvitationUsed,
    SeatLeft,
    Unauthorized,
    VersionMismatch,
)
from service.play.stored_game import StoredGame
from service.play.transitions import Found, Transition, claimed, invited, left, taken, uninvited, vacancy
from service.rules import Status
from service.store import Store

INVITATION_SECONDS = 7 * 24 * 3600
"""How long an invitation is open unless its maker says (a week: time to pass a link on)."""
MIN_INVITATION_SECONDS = 60
MAX_INVITATION_SECONDS = 30 * 24 * 3600


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


@dataclass(frozen=True, slots=True)
class MadeInvitation:
    game: OpenGame
    """The game as the invitation left it."""
    token: str
    """The invitation's token, for a link: shown this once."""
    until_ms: int
    """When it expires (epoch ms)."""


def invite(
    store: Store, game: OpenGame, seat: int, seconds: int, expected: int | None, rider: Rider,
    now: float, told: Told = nobody,
) -> MadeInvitation:  # fmt: skip
    """An invitation to ``seat``, open ``seconds`` from ``now``, made by the owner or the admin: its
    first claim takes the seat (from its holder, if it has one: who plays on until then). An open
    invitation to the seat before it is revoked."""
    game.caller.require_admin()
    token = new_token()
    invitation = Invitation(hash_token(token), round(now * 1000) + seconds * 1000)
    after = _change(
        store, game, seat, expected, rider, now, told, lambda stored: invited(stored, seat, invitation)
    )
    assert after is not None  # an invitation always changes the game: a new token
    return MadeInvitation(after, token, invitation.until_ms)


def revoke(
    store: Store, game: OpenGame, seat: int, expected: int | None, rider: Rider, now: float,
    told: Told = nobody,
) -> OpenGame:  # fmt: skip
    """The open invitation to ``seat`` revoked by the owner or the admin; a seat with none is left as
    it is (nothing saved)."""
    game.caller.require_admin()

    def withdraw(stored: StoredGame) -> Transition | None:
        return None if stored.holding(seat).invitation is None else uninvited(stored, seat)

    return _change(store, game, seat, expected, rider, now, told, withdraw) or game


def claim(
    store: Store, game: OpenGame, seat: int, invitation: str, name: str | None, player: str | None,
    rider: Rider, now: float, told: Told = nobody,
) -> HandedSeat:  # fmt: skip
    """``seat`` taken by whoever holds its open ``invitation`` (the token of its link), as ``name``
    (else the seat's) under the client app's reference ``player``: they get a new token for it, and the
    last holder's opens nothing from then on. Of two claims of one invitation the first saved wins."""
    digest = hash_token(invitation)
    token = new_token()
    holding = Holding(SeatState.HELD, player, hash_token(token), name)
    now_ms = round(now * 1000)

    def vouch(stored: StoredGame) -> None:
        """The invitation is the seat's, open or spent (before anything else: a stranger's token learns
        nothing of the game, as with any token that opens nothing)."""
        if seat >= len(stored.snapshot["players"]):
            raise Unauthorized()
        open_one, spent = stored.holding(seat).invitation, stored.holding(seat).spent
        if open_one is not None and hmac.compare_digest(open_one.digest, digest):
            return
        if spent is not None and hmac.compare_digest(spent.digest, digest):
            raise InvitationUsed(seat) if spent.fate is Fate.USED else InvitationRevoked(seat)
        raise Unauthorized()

    def take(stored: StoredGame) -> Transition:
        invitation = stored.holding(seat).invitation
        assert invitation is not None  # vouched for
        if invitation.until_ms <= now_ms:
            raise InvitationExpired(seat)
        return claimed(stored, seat, holding, now_ms)

    after = _change(store, game, seat, None, rider, now, told, take, vouch)
    assert after is not None  # a claim always changes the game
    return HandedSeat(replace(after, caller=Caller.player(seat, holding.token)), token)


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
    return (
        _change(store, game, seat, expected, rider, now, told, lambda stored: vacancy(stored, seat, now_ms))
        or game
    )


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
    change: Callable[[StoredGame], Transition | None], vouch: Callable[[StoredGame], None] | None = None,
) -> OpenGame | None:  # fmt: skip
    """``change`` of ``seat`` decided against the game as each save finds it, and saved; None when
    it changes nothing. ``vouch``: the caller's credential checked first, where the caller is let in by
    what the game holds (a claim's invitation)."""

    def decide(found: Found) -> Transition | None:
        stored = found.stored
        assert stored is not None  # the game is there
        if vouch is not None:
            vouch(stored)
        game.check_seat_in_path(seat)
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
