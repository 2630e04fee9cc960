"""A finished game's rematch: the same holders, seats rotated, the same settings, and one new game
however often it is asked for.

``POST /v1/games/{id}/rematch`` (a seat's holder, or the owner) first saves, in the finished game,
which game its rematch is (``transitions.rematched``: its id for every viewer, event ``rematched``;
its seed kept back), then deals that game if it is not there yet. Each step is a commit that a
retry finds done: a request that dies between them leaves a rematch that the next asking completes,
and every asking answers the same game.

The new game's seats are the old ones moved up one (``transitions.rotated``), each held by the
same holder with the same token: a holder plays on with the token they have, in the new game's id.
A seat nobody held at the end (vacated, or left for good) comes vacated: the service plays it until
its owner hands it on, or someone claims an invitation to it.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

from service.play.access import Caller, held_digests, new_game_id
from service.play.commit import Rider, commit
from service.play.games import OpenGame
from service.play.holders import SeatState
from service.play.outbox import Told, nobody
from service.play.refusals import GamePlaying, Unauthorized
from service.play.stored_game import Rematch, StoredGame, decode
from service.play.transitions import Found, Transition, created, rematched, rotated, vacancy
from service.rules import Status
from service.rules.state import MAX_SEED
from service.store import GameExists, Store, TokenHashes


@dataclass(frozen=True, slots=True)
class Rematched:
    game: OpenGame
    """The rematch, as the caller sees it (their seat in it: the old one moved up one)."""
    created: bool
    """Dealt by this request (else asked for before)."""


Reserve = Callable[[str, str], None]
"""A place among the owner's open games reserved for the new game (owner, game id), counted as a
creation of theirs (QuotaExceeded, RateLimited: nothing made)."""


def rematch(
    store: Store, game: OpenGame, now: float, rider: Rider, reserve: Reserve, told: Told = nobody
) -> Rematched:
    """The rematch of the finished ``game``, asked for by a seat's holder or its owner: dealt the first
    time, the same game every time after. GamePlaying while the game is not over."""
    caller = game.caller
    caller.require_not_spectator()
    decided: list[Found] = []

    def decide(found: Found) -> Transition | None:
        stored = found.stored
        assert stored is not None  # the game is there
        caller.check_holds(stored.seats)
        if stored.snapshot["status"] != Status.FINISHED:
            raise GamePlaying()
        decided.append(found)
        if stored.rematch is not None:
            return None
        return rematched(stored, Rematch(new_game_id(), secrets.randbelow(MAX_SEED + 1)))

    committed = commit(store, game.found, decide, now, rider, told)
    old = decided[-1] if committed is None else committed.found
    assert old.stored is not None and old.stored.rematch is not None  # saved, now or before
    made = _deal(store, old, old.stored.rematch, now, reserve, told)
    row = store.load_game(old.stored.rematch.game_id)
    if row is None:  # deleted since by its owner: as any game that is gone
        raise Unauthorized()
    seats = len(old.stored.snapshot["players"])
    return Rematched(OpenGame.of(old.stored.rematch.game_id, row, _in_rematch(caller, seats)), made)


def _deal(store: Store, old: Found, rematch: Rematch, now: float, reserve: Reserve, told: Told) -> bool:
    """The rematch dealt, unless it was (True: by this call), then each seat nobody holds vacated."""
    stored = old.stored
    assert stored is not None
    made = False
    if store.load_version(rematch.game_id) is None:
        row = store.load_game(old.game_id)
        assert row is not None  # the finished game, read whole for its token digests
        hashes = _seated(row.tokens, stored)
        if old.owner is not None:
            reserve(old.owner, rematch.game_id)
        try:
            commit(
                store,
                Found(rematch.game_id, old.owner, 0, None),
                _dealt(stored, rematch, hashes, now),
                now,
                told=told,
            )
            made = True
        except GameExists:
            pass  # dealt meanwhile by another asking
    empty = _nobody_holds(stored)
    if not empty:
        return made
    dealt = store.load_version(rematch.game_id)
    if dealt is None:
        raise Unauthorized()  # deleted since by its owner
    found = Found(rematch.game_id, old.owner, dealt.version, decode(dealt.snapshot))
    now_ms = round(now * 1000)
    for seat in empty:  # each decided against the game as the last left it (a lost race: read again)
        committed = commit(store, found, _vacating(seat, now_ms), now, told=told)
        found = found if committed is None else committed.found
    return made


def _seated(tokens: TokenHashes, stored: StoredGame) -> TokenHashes:
    """The rematch's token digests: the admin's and spectators' as they were; each seat its holder's,
    moved up one (none for a seat nobody holds)."""
    holders = held_digests(tokens, stored.seats).players
    seats = rotated(range(len(holders)))
    players = tuple("" if stored.holding(old).state is not SeatState.HELD else holders[old] for old in seats)
    return TokenHashes(tokens.admin, players, tokens.spectator)


def _nobody_holds(stored: StoredGame) -> tuple[int, ...]:
    """The rematch's seats a person had but nobody holds at the end of ``stored``: vacated in it."""
    seats = rotated(range(len(stored.snapshot["players"])))
    return tuple(
        new
        for new, old in enumerate(seats)
        if stored.bot(old) is None and stored.holding(old).state is not SeatState.HELD
    )


def _dealt(
    stored: StoredGame, rematch: Rematch, hashes: TokenHashes, now: float
) -> Callable[[Found], Transition]:
    seats = rotated(range(len(stored.snapshot["players"])))
    names = [stored.holding(old).name or stored.snapshot["players"][old]["name"] for old in seats]
    bots = [stored.bot(old) for old in seats]
    players = [stored.holding(old).player for old in seats]
    settings = None if stored.clock is None else stored.clock.settings
    target = stored.snapshot["target_score"]
    policy = stored.consent.policy
    return lambda _: created(
        names, bots, rematch.seed, target, settings, round(now * 1000), hashes, players, policy
    )


def _vacating(seat: int, now_ms: int) -> Callable[[Found], Transition | None]:
    """``seat`` of the rematch vacated, as a commit decides it."""

    def decide(found: Found) -> Transition | None:
        assert found.stored is not None  # the rematch is there
        return vacancy(found.stored, seat, now_ms)

    return decide


def _in_rematch(caller: Caller, seats: int) -> Caller:
    """The caller in the rematch: the admin as before; a holder at their seat moved up one."""
    if caller.seat is None:
        return caller
    return Caller.player((caller.seat - 1) % seats, caller.token)
