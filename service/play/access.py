"""Credentials and what each holder may do: client keys, and the tokens of a game.

A client app holds a key, ``rsk_<client id>_<secret>``: it opens game creation, the
client's listing, and every operation on the client's games as their admin. Each game
has one admin token (sees everything, acts for any seat: for a backend that
authenticates its own users) and one token per seat. Keys and tokens are long random
secrets shown once; the store keeps only their SHA-256 digests. A presented token is
compared in constant time against every digest of the game, so the time taken does not
tell which one matched.

Whatever is wrong (no token, an unknown token, a token of another game, a game that
does not exist or expired), the refusal is the same ``Unauthorized``: a stranger learns
nothing, not even whether a game id exists.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from service.play.holders import Holding, SeatState
from service.play.refusals import Forbidden, SeatLeft, Unauthorized
from service.rules.messages import Message
from service.store import TokenHashes

GAME_ID_BYTES = 16
TOKEN_BYTES = 32
KEY_PREFIX = "rsk_"
CLIENT_ID_PATTERN = re.compile(r"[a-z0-9]{1,32}")
CLIENT_ID_LENGTH = 12
GAME_ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{22}")
"""``secrets.token_urlsafe(16)``: 22 URL-safe characters, never a brace (safe in a Redis hash tag)."""


class Role(StrEnum):
    ADMIN = "admin"
    """Sees every hand and acts for any seat."""
    PLAYER = "player"
    """Sees and acts for one seat."""
    SPECTATOR = "spectator"
    """Sees the public table and the events; acts for nobody."""


@dataclass(frozen=True, slots=True)
class Caller:
    """The holder of a valid credential of a game: its admin (by token or owner's key), or a seat's player."""

    role: Role
    seat: int | None = None
    """The player's seat; None for the admin."""
    token: str | None = None
    """The digest of the seat's token that identified the player; None: the service, playing the seat."""
    left: int | None = None
    """A spectator by the token of a seat its holder left: that seat."""

    @classmethod
    def admin(cls) -> Caller:
        return cls(Role.ADMIN)

    @classmethod
    def player(cls, seat: int, token: str | None = None) -> Caller:
        return cls(Role.PLAYER, seat, token)

    @classmethod
    def spectator(cls, left: int | None = None) -> Caller:
        return cls(Role.SPECTATOR, left=left)

    def check_holds(self, seats: tuple[Holding, ...]) -> None:
        """The seat this caller was identified for is still theirs (``seats``: the game's holdings as
        it is now): a token replaced or vacated since is Unauthorized, one whose holder left SeatLeft."""
        state = self._holding_state(seats)
        if state is SeatState.LEFT:
            raise SeatLeft(self.seat or 0)
        if state is not SeatState.HELD:
            raise Unauthorized()

    def as_seats_are(self, seats: tuple[Holding, ...]) -> Caller:
        """This caller as ``seats`` (the game's holdings now) make it: the token of a holder who left
        reads on as a spectator's (reading is what it still may do); else ``check_holds``."""
        if self._holding_state(seats) is SeatState.LEFT:
            return Caller.spectator(left=self.seat)
        self.check_holds(seats)
        return self

    def _holding_state(self, seats: tuple[Holding, ...]) -> SeatState | None:
        """How this caller's seat is held by this caller's token now: HELD for anyone but a player by
        a token (or with no holdings stored); None when the seat's token is another's."""
        if self.role is not Role.PLAYER or self.token is None or not seats:
            return SeatState.HELD
        assert self.seat is not None  # a player has a seat
        holding = seats[self.seat]
        if holding.token is not None and not hmac.compare_digest(holding.token, self.token):
            return None
        return holding.state

    @property
    def is_service(self) -> bool:
        """The service itself, playing the seat (a bot's move, a timeout, a stand-in's)."""
        return self.role is Role.PLAYER and self.token is None

    @property
    def is_admin(self) -> bool:
        return self.role is Role.ADMIN

    @property
    def fingerprint(self) -> str:
        """Part of an idempotency fingerprint: one caller's key never replays another's answer."""
        return f"seat:{self.seat}" if self.role is Role.PLAYER else self.role.value

    def require_seat(self, seat: int) -> None:
        """A player may act and look only for their own seat; the admin for any; a spectator for none."""
        self.require_not_spectator()
        if not self.is_admin and self.seat != seat:
            raise Forbidden(
                Message("this token belongs to seat {own}, not seat {seat}", own=str(self.seat), seat=seat)
            )

    def require_not_spectator(self) -> None:
        if self.left is not None:
            raise SeatLeft(self.left)
        if self.role is Role.SPECTATOR:
            raise Forbidden(Message("a spectator token watches the game: it acts and looks for no seat"))

    def require_admin(self) -> None:
        if not self.is_admin:
            raise Forbidden(Message("only the game's admin token may do this"))


@dataclass(frozen=True, slots=True)
class IssuedTokens:
    admin: str
    players: tuple[str | None, ...]
    """A token per seat; None for a seat the service plays (it has no token: no one acts for it)."""
    spectator: str

    def hashes(self) -> TokenHashes:
        """The digests kept; a bot's seat keeps an empty one, which no token's digest equals."""
        players = tuple("" if token is None else hash_token(token) for token in self.players)
        return TokenHashes(hash_token(self.admin), players, hash_token(self.spectator))


@dataclass(frozen=True, slots=True)
class ApiKey:
    """A client key as presented: whose it claims to be, and its digest (never the key itself)."""

    client_id: str
    digest: str

    @classmethod
    def parse(cls, text: str | None) -> ApiKey | None:
        """The key's parts, or None for anything that cannot be a key (no store read needed)."""
        if text is None or not text.startswith(KEY_PREFIX):
            return None
        client_id, _, secret = text[len(KEY_PREFIX) :].partition("_")
        if not CLIENT_ID_PATTERN.fullmatch(client_id) or not secret:
            return None
        return cls(client_id, hash_token(text))


def new_client_id() -> str:
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
    return "".join(secrets.choice(alphabet) for _ in range(CLIENT_ID_LENGTH))


def issue_api_key(client_id: str) -> str:
    return f"{KEY_PREFIX}{client_id}_{secrets.token_urlsafe(TOKEN_BYTES)}"


def new_game_id() -> str:
    return secrets.token_urlsafe(GAME_ID_BYTES)


def issue_tokens(people: Sequence[bool]) -> IssuedTokens:
    """A token for the admin, the spectators, and each seat a person plays (``people``: per seat)."""
    return IssuedTokens(new_token(), tuple(new_token() if person else None for person in people), new_token())


def new_token() -> str:
    """A game's token: for its admin, its spectators, a seat's holder (at the creation, or handed on)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def is_game_id(game_id: str) -> bool:
    """Whether ``game_id`` could be an id this service made (a store read is needed to know more)."""
    return GAME_ID_PATTERN.fullmatch(game_id) is not None


def held_digests(hashes: TokenHashes, seats: tuple[Holding, ...]) -> TokenHashes:
    """The game's digests as its seats are held now: a seat handed on opens to its holder's token, a
    vacated one to none, a left one to its last holder's (who reads on as a spectator)."""
    if not seats:
        return hashes
    held_by = zip(hashes.players, seats, strict=True)
    players = tuple(digest if held.token is None else held.token for digest, held in held_by)
    return replace(hashes, players=players)


def identify(hashes: TokenHashes, token: str, seats: tuple[Holding, ...] = ()) -> Caller:
    """The caller this token belongs to in this game, else Unauthorized. ``seats``: who holds each
    seat now (``StoredGame.seats``): a seat's token is its holder's, the creation's until it changed
    hands; a vacated seat's opens nothing; a left seat's reads as a spectator."""
    presented = hash_token(token)
    found: int | None = None
    players = held_digests(hashes, seats).players
    # Index 0: the admin; 1 to n: seats 0 to n - 1; then the spectator (games made before spectators
    # have none: an empty digest, which no token's digest equals).
    candidates = [hashes.admin, *players, hashes.spectator or ""]
    for index, digest in enumerate(candidates):
        # compare_digest runs first and for every candidate, matched or not.
        if hmac.compare_digest(presented, digest or "") and found is None:
            found = index
    if found is None:
        raise Unauthorized()
    if found == 0:
        return Caller.admin()
    if found > len(players):
        return Caller.spectator()
    return Caller.player(found - 1, presented).as_seats_are(seats)
