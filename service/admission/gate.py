"""The gate every credentialed request passes: a client let in by its key, a game opened by a
token of it (or its owner's key), a creation's place reserved; each counted in its windows.

A token is checked where its game is read: its digests come with the game, or from this
process's memory of the game (``KnownGames``), so a stranger's request costs no store call.
Checked in an order that reads the store only for a credential that could open something.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace

from service.admission.config import LimitDefaults
from service.admission.known_games import KnownGames
from service.admission.limits import OwnerRequest, SeenAdmissions, admit, admitted_or_refused
from service.admission.requester import Requester
from service.play.access import ApiKey, Caller, held_digests, identify, is_game_id, new_game_id
from service.play.consent import DEFAULT_POLICY, OfferPolicy
from service.play.games import CreatedGame, OpenGame, Seat, close_finished_games, create_game
from service.play.outbox import Told
from service.play.refusals import NotFound, QuotaExceeded, Unauthorized
from service.rules.clock import ClockSettings
from service.store import Store, TokenHashes
from service.store.client_apps import Counting


@dataclass(frozen=True, slots=True)
class Gate:
    """What this process applies to every requester, and remembers to let one in (or out) sooner:
    the default limits, the games whose owner and tokens it knows, the windows it saw full."""

    limits: LimitDefaults
    known: KnownGames
    seen: SeenAdmissions


def authenticate_client(store: Store, gate: Gate, who: Requester) -> str:
    """The id of the client whose key the request holds, counted in its requests window; else
    Unauthorized."""
    key = ApiKey.parse(who.key)
    if key is None:
        raise Unauthorized(needs_key=True)
    who.in_flight.enter(key.client_id)  # before the store: a refused request costs it nothing
    try:
        admitted = admit(store, gate.seen, key.client_id, key.digest, gate.limits.requests, who.now)
    except Unauthorized:
        raise Unauthorized(needs_key=True) from None
    who.counted(admitted.windows)
    return key.client_id


def open_game(store: Store, gate: Gate, game_id: str, who: Requester) -> OpenGame:
    """The game to read and its caller: by a token of the game (else Unauthorized) or its owner's
    key (else NotFound); the request counted against the owner, with the read when it can be."""
    if who.token is None:
        return _by_key(store, gate, game_id, who)
    identity = gate.known.get(game_id)
    caller = None if identity is None else _known_caller(identity.tokens, who.token)  # before any store call
    if identity is None or identity.owner is None or caller is None:
        game = _first_read(store, gate, game_id, who.token)
        if game.owner is not None:
            count_against_owner(store, gate, game.owner, who)
        return game
    who.in_flight.enter(identity.owner)
    count = Counting(identity.owner, gate.limits.requests, who.now)
    gate.seen.check(identity.owner, None, count.window, who.now)
    found, counted = store.load_counted(game_id, count)
    gate.seen.saw(identity.owner, None, counted, who.now)
    if found is None:
        gate.known.forget(game_id)
        raise Unauthorized()
    who.counted(admitted_or_refused(counted).windows)
    return _opened(OpenGame.of(game_id, found.row(identity.owner, identity.tokens), caller))


def open_game_to_change(
    store: Store, gate: Gate, game_id: str, who: Requester
) -> tuple[OpenGame, OwnerRequest]:
    """The game to change and its caller, as ``open_game`` finds them, with the request still to
    count: the change's save counts it (``play.commit``), or ``OwnerRequest.alone`` when the request
    saves nothing. (A key counts when it is checked: nothing is left to count then.) When this
    process knows the game, it is the version it last saw, unread (``Store.recent_version``): the
    save confirms it."""
    if who.token is None:
        return _by_key(store, gate, game_id, who), OwnerRequest(None, gate.seen, who.counted)
    identity = gate.known.get(game_id)
    caller = None if identity is None else _known_caller(identity.tokens, who.token)  # before any store call
    if identity is None or identity.owner is None or caller is None:
        game = _first_read(store, gate, game_id, who.token)
    else:
        who.in_flight.enter(identity.owner)
        gate.seen.check(identity.owner, None, gate.limits.requests, who.now)
        recent = store.recent_version(game_id)  # the save checks it is the latest
        found = recent or store.load_version(game_id)
        if found is None:
            gate.known.forget(game_id)
            raise Unauthorized()
        game = _opened(
            OpenGame.of(game_id, found.row(identity.owner, identity.tokens), caller, recent is None)
        )
    return game, _owner_request(game, gate, who)


def open_game_to_claim(
    store: Store, gate: Gate, game_id: str, who: Requester
) -> tuple[OpenGame, OwnerRequest]:
    """The game a claim's invitation (its bearer token) is for, read whole, with the request still to
    count against its owner. The caller is no one yet: the claim checks the invitation against the
    seat as each save finds it (``play.seat_changes.claim``), and a stranger is told what a token that
    opens nothing is told."""
    row = store.load_game(game_id) if who.token is not None and is_game_id(game_id) else None
    if row is None:
        raise Unauthorized()
    game = OpenGame.of(game_id, row, Caller.spectator())
    return game, _owner_request(game, gate, who)


def _owner_request(game: OpenGame, gate: Gate, who: Requester) -> OwnerRequest:
    """The request, still to count against ``game``'s owner (a game without one counts nothing)."""
    if game.owner is None:
        return OwnerRequest(None, gate.seen, who.counted)
    who.in_flight.enter(game.owner)
    return OwnerRequest(Counting(game.owner, gate.limits.requests, who.now), gate.seen, who.counted)


def _by_key(store: Store, gate: Gate, game_id: str, who: Requester) -> OpenGame:
    """The game as its owner's admin, by the owner's key (counted as the key is checked)."""
    try:
        client_id = authenticate_client(store, gate, who)
    except Unauthorized:
        raise Unauthorized() from None  # the same answer as a token that opens nothing here
    row = store.load_game(game_id) if is_game_id(game_id) else None
    if row is None or row.owner != client_id:
        raise NotFound()
    return OpenGame.of(game_id, row, Caller.admin())


def _first_read(store: Store, gate: Gate, game_id: str, token: str) -> OpenGame:
    """The game read whole the first time this process meets it (then its owner and digests are known)."""
    row = store.load_game(game_id) if is_game_id(game_id) else None
    if row is None:
        raise Unauthorized()
    game = OpenGame.of(game_id, row, Caller.admin())
    caller = identify(row.tokens, token, game.stored.seats)
    # Remembered as the seats are held now: a new holder's next request is let in before any store call.
    gate.known.remember(game_id, row.owner, held_digests(row.tokens, game.stored.seats))
    return replace(game, caller=caller)


def _known_caller(tokens: TokenHashes, token: str) -> Caller | None:
    """The caller a token is by the digests this process knows of the game, before any store call;
    None when it matches none of them: perhaps a seat's token handed out since (a whole read tells, at
    the cost of a store call for a stranger's token to a game this process knows)."""
    try:
        return identify(tokens, token)
    except Unauthorized:
        return None


def _opened(game: OpenGame) -> OpenGame:
    """``game`` for a caller identified by digests remembered: its seat's token still its holder's
    (a seat handed on or vacated since: refused; left: a spectator, as a whole read finds it)."""
    caller = game.caller.as_seats_are(game.stored.seats)
    return game if caller is game.caller else replace(game, caller=caller)


def count_against_owner(store: Store, gate: Gate, owner: str, who: Requester) -> None:
    """The request counted in ``owner``'s requests window (a token's request: no key to check)."""
    who.in_flight.enter(owner)
    who.counted(admit(store, gate.seen, owner, None, gate.limits.requests, who.now).windows)


@contextmanager
def reserved(store: Store, gate: Gate, who: Requester, client_id: str, game_id: str) -> Iterator[None]:
    """``reserve``'s place for ``game_id``, freed again if what the block creates fails."""
    reserve(store, gate, who, client_id, game_id)
    try:
        yield
    except BaseException:
        store.game_closed(client_id, game_id, forget=True)  # its place is free again
        raise


def reserve(store: Store, gate: Gate, who: Requester, client_id: str, game_id: str) -> None:
    """A creation of ``client_id``'s counted in its games window, and a place kept for ``game_id``
    within its open-games cap (QuotaExceeded when none is free, even once its finished games are
    let go)."""
    admitted = admit(store, gate.seen, client_id, None, gate.limits.games, who.now)
    who.counted(admitted.windows)
    cap = admitted.limits.max_open_games or gate.limits.max_open_games
    if not store.reserve_game(client_id, game_id, cap, who.now):
        close_finished_games(store, client_id)
        if not store.reserve_game(client_id, game_id, cap, who.now):
            raise QuotaExceeded(cap, tuple(who.windows))


def create(
    store: Store,
    gate: Gate,
    who: Requester,
    client_id: str,
    seats: Sequence[Seat],
    seed: int | None,
    target_score: int,
    told: Told,
    clock: ClockSettings | None = None,
    policy: OfferPolicy = DEFAULT_POLICY,
    rated: bool = False,
) -> CreatedGame:
    """A new game for ``client_id`` (let in by its key): counted in its games window, within its
    open-games cap (a place reserved for it, freed again if the creation fails), then dealt
    (``play.games.create_game``)."""
    game_id = new_game_id()
    with reserved(store, gate, who, client_id, game_id):
        created = create_game(
            store, game_id, client_id, who.now, seats, seed, target_score, told, clock, policy, rated
        )
    gate.known.remember(game_id, client_id, created.hashes)  # its first move here reads no owner
    return created
