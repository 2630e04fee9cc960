"""The game use cases: create a game, open it for the holder of a credential, read it, delete it."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from service.bots.levels import LEVEL_NAMES, UnknownLevel, level
from service.play.access import ApiKey, Caller, IssuedTokens, identify, is_game_id, issue_tokens, new_game_id
from service.play.known_games import KnownGames
from service.play.limits import (
    InFlight,
    LimitDefaults,
    OwnerRequest,
    SeenAdmissions,
    admit,
    admitted_or_refused,
)
from service.play.outbox import Told, left_for_the_worker, nobody, told_change
from service.play.projection import game_view
from service.play.refusals import (
    BotSeat,
    InvalidField,
    NotFound,
    QuotaExceeded,
    SeatOutOfRange,
    Unauthorized,
    UnknownBotLevel,
)
from service.play.stored_game import StoredGame, decode, encode, event_texts, sequenced
from service.rules import Move, from_snapshot, legal_moves, new_game, to_snapshot
from service.rules.clock import ClockSettings, give_turn, start_clock
from service.rules.messages import Message
from service.rules.state import MAX_SEED, Status
from service.store import GameRecord, Store
from service.store.client_apps import Admitted, Counting, WindowUse

FIRST_VERSION = 1


@dataclass(frozen=True, slots=True)
class Requester:
    """Who asks: the credentials a request presents, when it came, and its place in flight."""

    token: str | None
    """A bearer token of one game (it wins when a key is sent too)."""
    key: str | None
    """A client key, as sent."""
    now: float
    """Epoch seconds, from the app's clock."""
    in_flight: InFlight
    """The request's place among its client's requests in flight (given back by the edge)."""


@dataclass(frozen=True, slots=True)
class Gate:
    """What this process applies to every requester, and remembers to let one in (or out) sooner:
    the default limits, the games whose owner and tokens it knows, the windows it saw full."""

    limits: LimitDefaults
    known: KnownGames
    seen: SeenAdmissions


@dataclass(frozen=True, slots=True)
class ClientAccess:
    """A client let in by its key, and where its windows stand."""

    client_id: str
    admitted: Admitted


@dataclass(frozen=True, slots=True)
class OpenGame:
    """A game as one store read found it, with the caller its credential identified."""

    game_id: str
    record: GameRecord
    stored: StoredGame
    caller: Caller
    admitted: Admitted | None
    """Where the owner's windows stand after this request (None for a game without an owner)."""
    confirmed: bool = True
    """Read from the store for this request; False: as this process last saw it (perhaps stale)."""

    @property
    def version(self) -> int:
        return self.record.version

    @property
    def snapshot(self) -> dict[str, Any]:
        return self.stored.snapshot

    def view(self, now: float) -> dict[str, Any]:
        """The game as its caller may see it, its clock read at ``now`` (epoch seconds)."""
        return game_view(self.game_id, self.version, self.stored, self.caller, now)

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
        level = self.stored.bot(move.player)
        if level is not None:
            raise BotSeat(move.player, level)


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat as a creation asks for it: a person's name, or a name and the bot level to play it."""

    name: str
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class CreatedGame:
    game_id: str
    version: int
    stored: StoredGame
    tokens: IssuedTokens

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


def authenticate_client(store: Store, gate: Gate, who: Requester) -> ClientAccess:
    """The client whose key the request holds, counted in its requests window; else Unauthorized."""
    key = ApiKey.parse(who.key)
    if key is None:
        raise Unauthorized(needs_key=True)
    who.in_flight.enter(key.client_id)  # before the store: a refused request costs it nothing
    try:
        admitted = admit(store, gate.seen, key.client_id, key.digest, gate.limits.requests, who.now)
    except Unauthorized:
        raise Unauthorized(needs_key=True) from None
    return ClientAccess(key.client_id, admitted)


def create_game(
    store: Store,
    client: ClientAccess,
    gate: Gate,
    now: float,
    seats: Sequence[Seat],
    seed: int | None,
    target_score: int,
    told: Told = nobody,
    clock: ClockSettings | None = None,
) -> tuple[CreatedGame, tuple[WindowUse, ...]]:
    """Deal a new game for ``client``: counted in its games window (those windows are returned),
    within its open-games cap. A seat the service plays gets no token; its first turn, if the
    game starts with it, is left to the worker with the creation. With a ``clock``, the first
    turn's starts ``now``."""
    bots = tuple(seat.bot for seat in seats)
    for bot in bots:
        if bot is not None:
            check_level(bot)
    admitted = admit(store, gate.seen, client.client_id, None, gate.limits.games, now)
    cap = admitted.limits.max_open_games or gate.limits.max_open_games
    game_id = new_game_id()
    if not store.reserve_game(client.client_id, game_id, cap, now):
        close_finished_games(store, client.client_id)
        if not store.reserve_game(client.client_id, game_id, cap, now):
            raise QuotaExceeded(cap, client.admitted.windows + admitted.windows)
    if seed is None:
        seed = secrets.randbelow(MAX_SEED + 1)
    try:
        transition = new_game([seat.name for seat in seats], seed, target_score)
        now_ms = round(now * 1000)
        timed = None
        if clock is not None:
            started = start_clock(clock, tuple(bot is None for bot in bots))
            timed = give_turn(started, transition.state.current_player, now_ms)
        stored = StoredGame(
            to_snapshot(transition.state), len(transition.events), bots if any(bots) else (), timed
        )
        events = event_texts(transition.events)
        tokens = issue_tokens([bot is None for bot in bots])
        encoded = encode(stored)
        record = GameRecord(FIRST_VERSION, encoded, tokens.hashes(), client.client_id)
        logged = [sequenced(seq, text) for seq, text in enumerate(events, start=1)]
        change = told_change(told, client.client_id, game_id, "game.created", FIRST_VERSION, logged)
        outbox = left_for_the_worker(game_id, stored, transition.state, FIRST_VERSION, change)
        deadline = None if timed is None else timed.deadline_ms
        store.create_game(game_id, record, events, outbox, deadline, at=now_ms)
        gate.known.remember(game_id, record)  # its first move here needs no read of who owns it
    except BaseException:
        store.game_closed(client.client_id, game_id, forget=True)  # its place is free again
        raise
    return CreatedGame(game_id, FIRST_VERSION, stored, tokens), admitted.windows


def close_finished_games(store: Store, client_id: str) -> None:
    """Free the places of games that finished or expired but still count as open.

    A finished game leaves the open ones right after its last move; only a failure between
    that move and this step (or a game's expiry) leaves it counted, so this runs when a
    creation finds the cap reached.
    """
    listed = store.client_games(client_id, None, 1_000_000, open_only=True)
    records = store.load_games([game_id for _, game_id in listed])
    for (_, game_id), record in zip(listed, records, strict=True):
        if record is None:
            store.game_closed(client_id, game_id, forget=True)
        elif decode(record.snapshot).snapshot["status"] == Status.FINISHED:
            store.game_closed(client_id, game_id, forget=False)


def open_game(store: Store, gate: Gate, game_id: str, who: Requester) -> OpenGame:
    """The game to read and its caller: by a token of the game (else Unauthorized) or its owner's
    key (else NotFound); the request counted against the owner, with the read when it can be.

    Checked in an order that reads the store only for a credential that could open something.
    """
    if who.token is None:
        return _by_key(store, gate, game_id, who)
    identity = gate.known.get(game_id)
    if identity is None or identity.owner is None:
        game = _first_read(store, gate, game_id, who.token)
        if game.record.owner is None:
            return game
        who.in_flight.enter(game.record.owner)
        admitted = admit(store, gate.seen, game.record.owner, None, gate.limits.requests, who.now)
        return replace(game, admitted=admitted)
    caller = identify(identity.tokens, who.token)  # before any store call
    who.in_flight.enter(identity.owner)
    count = Counting(identity.owner, gate.limits.requests, who.now)
    gate.seen.check(identity.owner, None, count.window, who.now)
    found, counted = store.load_counted(game_id, count)
    gate.seen.saw(identity.owner, None, counted, who.now)
    if found is None:
        gate.known.forget(game_id)
        raise Unauthorized()
    record = GameRecord(found.version, found.snapshot, identity.tokens, identity.owner)
    return OpenGame(game_id, record, decode(record.snapshot), caller, admitted_or_refused(counted))


def open_game_for_move(
    store: Store, gate: Gate, game_id: str, who: Requester
) -> tuple[OpenGame, OwnerRequest]:
    """The game to move in and its caller, as ``open_game`` finds them, with the request still to
    count: the move's save counts it, or ``OwnerRequest.alone`` when the request saves nothing.
    (A key counts when it is checked: nothing is left to count then.) When this process knows the
    game, it is the version it last saw, unread (``Store.recent_version``): the save confirms it."""
    if who.token is None:
        return _by_key(store, gate, game_id, who), OwnerRequest(None, gate.seen)
    identity = gate.known.get(game_id)
    if identity is None or identity.owner is None:
        game = _first_read(store, gate, game_id, who.token)
    else:
        caller = identify(identity.tokens, who.token)  # before any store call
        who.in_flight.enter(identity.owner)
        gate.seen.check(identity.owner, None, gate.limits.requests, who.now)
        recent = store.recent_version(game_id)  # the save checks it is the latest
        found = recent or store.load_version(game_id)
        if found is None:
            gate.known.forget(game_id)
            raise Unauthorized()
        record = GameRecord(found.version, found.snapshot, identity.tokens, identity.owner)
        game = OpenGame(game_id, record, decode(record.snapshot), caller, None, confirmed=recent is None)
    owner = game.record.owner
    if owner is not None:
        who.in_flight.enter(owner)
    counting = None if owner is None else Counting(owner, gate.limits.requests, who.now)
    return game, OwnerRequest(counting, gate.seen)


def _by_key(store: Store, gate: Gate, game_id: str, who: Requester) -> OpenGame:
    """The game as its owner's admin, by the owner's key (counted as the key is checked)."""
    try:
        client = authenticate_client(store, gate, who)
    except Unauthorized:
        raise Unauthorized() from None  # the same answer as a token that opens nothing here
    record = store.load_game(game_id) if is_game_id(game_id) else None
    if record is None or record.owner != client.client_id:
        raise NotFound()
    return OpenGame(game_id, record, decode(record.snapshot), Caller.admin(), client.admitted)


def _first_read(store: Store, gate: Gate, game_id: str, token: str) -> OpenGame:
    """The game read whole the first time this process meets it (then its owner and digests are known)."""
    record = store.load_game(game_id) if is_game_id(game_id) else None
    if record is None:
        raise Unauthorized()
    caller = identify(record.tokens, token)
    gate.known.remember(game_id, record)
    return OpenGame(game_id, record, decode(record.snapshot), caller, None)


def delete_game(store: Store, game: OpenGame, told: Told = nobody) -> None:
    """Remove the game and all of it; only its admin (its token, or its owner's key) may. The
    deletion is left for the owner's webhooks in the game's outbox, which the deletion keeps."""
    game.caller.require_admin()
    change = told_change(told, game.record.owner, game.game_id, "game.deleted", game.version, ())
    store.delete_game(game.game_id, () if change is None else (change.text(),))
    if game.record.owner is not None:
        store.game_closed(game.record.owner, game.game_id, forget=True)


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
