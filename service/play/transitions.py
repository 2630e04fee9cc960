"""Every way a game changes, as pure code computes it: a transition from the game as it was.

A transition is the game as the change leaves it (its snapshot, its clock after the step time
took, its event count), its events as the log keeps them, and what the worker is owed (a bot's
turn: ``state``). Nothing here reads a store or a clock: each is given the game and ``now``.
``play.commit`` numbers a transition for the version it makes and saves it; the history walk
(``play.records``) replays the log through these same functions, so a record is what the saves
were.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, TypeVar

from service.encoding import dumps
from service.play.consent import DEFAULT_POLICY, NO_CONSENT, Consent, OfferPolicy, after_change
from service.play.holders import Fate, Holding, Invitation, SeatState, Spent
from service.play.stored_game import Rematch, StoredGame, event_texts
from service.play.timeouts import rfc3339, seat_back, timed_change
from service.rules import GameState, Move, Status, apply, from_snapshot, new_game, to_snapshot
from service.rules.clock import ClockSettings, Due, come_back, give_turn, hand_over, start_clock
from service.store import TokenHashes

T = TypeVar("T")

SEAT_CHANGES = ("seat_taken", "seat_vacated", "seat_left")
"""The events of a seat changing hands (``taken``, ``claimed``, ``vacated``, ``left``)."""
INVITATION_EVENTS = ("seat_invited", "invitation_revoked")
"""The events of the owner's invitation to a seat made or revoked (``invited``, ``uninvited``): the
seat's holder is the same after them."""


class Kind(StrEnum):
    """What a change did, as the owner's webhooks are told it."""

    CREATED = "game.created"
    MOVED = "game.moved"
    FINISHED = "game.finished"
    DELETED = "game.deleted"
    RATED = "game.rated"


@dataclass(frozen=True, slots=True)
class Transition:
    kind: Kind
    stored: StoredGame | None
    """The game as the change leaves it (None: deleted)."""
    events: tuple[str, ...] = ()
    """The change's events as logged: their wire JSON without ``seq``, numbered when committed."""
    state: GameState | None = None
    """The engine's state after (whose turn it is: a bot's is owed the worker); None: unchanged."""
    tokens: TokenHashes | None = None
    """A creation's token digests."""

    @property
    def finished(self) -> bool:
        return self.kind is Kind.FINISHED


@dataclass(frozen=True, slots=True)
class Found:
    """A game as a change is judged against it."""

    game_id: str
    owner: str | None
    version: int
    """0: no game yet (a creation)."""
    stored: StoredGame | None
    """None: no game yet."""
    confirmed: bool = True
    """Read from the store for this change; False: this process's copy of it, perhaps stale."""

    def state(self) -> GameState:
        """The engine's state, from the stored snapshot (trusted: the service wrote it)."""
        assert self.stored is not None  # a change of a game that exists
        return from_snapshot(self.stored.snapshot, verify=False)


def created(
    names: Sequence[str],
    bots: Sequence[str | None],
    seed: int,
    target_score: int,
    clock: ClockSettings | None,
    now: int,
    tokens: TokenHashes | None = None,
    players: Sequence[str | None] = (),
    policy: OfferPolicy = DEFAULT_POLICY,
    rated: bool = False,
) -> Transition:
    """A new game dealt at ``now`` (epoch ms): its first round, and with a ``clock`` its first turn's;
    ``tokens``: its token digests, for the store (the history walk has none to give); ``players``: the
    client app's reference for each seat's holder, if any is given; ``policy``: what it allows of
    offers (docs/OFFERS.md); ``rated``: its result goes to its owner's rating pool."""
    dealt = new_game(names, seed, target_score)
    timed = None
    if clock is not None:
        started = start_clock(clock, tuple(bot is None for bot in bots))
        timed = give_turn(started, dealt.state.current_player, now)
    events = event_texts(dealt.events)
    holdings = tuple(Holding(player=player) for player in players) if any(players) else ()
    consent = NO_CONSENT if policy == DEFAULT_POLICY else Consent(policy)
    stored = StoredGame(
        to_snapshot(dealt.state),
        len(events),
        tuple(bots) if any(bots) else (),
        timed,
        holdings,
        consent=consent,
        rated=rated,
    )
    return Transition(Kind.CREATED, stored, tuple(events), dealt.state, tokens)


def moved(stored: StoredGame, state: GameState, move: Move, forced: Due | None, now: int) -> Transition:
    """``move`` (already authorized) judged and applied to the game ``stored`` (in the engine's
    ``state``) at ``now``: IllegalMove when the rules refuse it. ``forced``: the service's move for a
    seat out of time or absent, whose time events come first."""
    step = apply(state, move)
    consent, clock, lapsing = after_change(stored.consent, stored.clock, True, now)
    before, clock = timed_change(clock, move.player, forced, step.state, now)
    events = (*before, *event_texts(step.events), *lapsing)
    after = replace(
        stored,
        snapshot=to_snapshot(step.state),
        event_count=stored.event_count + len(events),
        clock=clock,
        consent=consent,
    )
    kind = Kind.FINISHED if step.state.outcome is not None else Kind.MOVED
    return Transition(kind, after, events, step.state)


def returned(stored: StoredGame, seat: int, now: int) -> Transition | None:
    """The absent ``seat``'s holder back at ``now``: no longer absent, its timeouts in a row from none,
    and its turn, if it is its own, from now with its full time. None when the seat is not absent."""
    if stored.clock is None or not stored.clock.seats[seat].absent:
        return None
    consent, clock, lapsing = after_change(stored.consent, stored.clock, False, now)
    assert clock is not None  # a pause moves a clock, and keeps it
    events = (seat_back(seat), *lapsing)
    after = replace(
        stored,
        event_count=stored.event_count + len(events),
        clock=come_back(clock, seat, now),
        consent=consent,
    )
    return Transition(Kind.MOVED, after, events)


def taken(stored: StoredGame, seat: int, holding: Holding, now: int) -> Transition:
    """``seat`` handed at ``now`` to the person ``holding`` names (its token from now on; the last
    holder's refused): its hand, score and clock stay; its turn, if it is its, starts again from now
    with its time. One event, ``seat_taken``, whether the seat was held or vacated."""
    return _taken(stored, seat, replace(holding, spent=stored.holding(seat).voided()), now)


def claimed(stored: StoredGame, seat: int, holding: Holding, now: int) -> Transition:
    """``seat`` taken at ``now`` by the claimant of its open invitation, whom ``holding`` names: as
    ``taken``, the invitation used up (a second claim of it is told so)."""
    invitation = stored.holding(seat).invitation
    assert invitation is not None  # the claim was checked against the seat's open invitation
    return _taken(stored, seat, replace(holding, spent=Spent(invitation.digest, Fate.USED)), now)


def _taken(stored: StoredGame, seat: int, holding: Holding, now: int) -> Transition:
    name = holding.name or stored.snapshot["players"][seat]["name"]
    event = dumps({"type": "seat_taken", "seat": seat, "name": name})
    return _handed(stored, seat, holding, event, now)


def vacated(stored: StoredGame, seat: int, now: int) -> Transition:
    """``seat`` taken from its holder at ``now``: no token opens it; the service plays it (the game's
    absent-seat policy) until it is handed to someone."""
    was = stored.holding(seat)
    event = dumps({"type": "seat_vacated", "seat": seat})
    holding = Holding(SeatState.VACATED, token="", invitation=was.invitation, spent=was.spent)
    return _handed(stored, seat, holding, event, now)


def vacancy(stored: StoredGame, seat: int, now: int) -> Transition | None:
    """``vacated``, unless the seat is vacated already (None: nothing changes)."""
    return None if stored.holding(seat).state is SeatState.VACATED else vacated(stored, seat, now)


def left(stored: StoredGame, seat: int, now: int) -> Transition:
    """``seat``'s holder left for good at ``now``: the service plays it to the end; the holder's token
    still reads the game as a spectator's would."""
    was = stored.holding(seat)
    event = dumps({"type": "seat_left", "seat": seat})
    holding = Holding(SeatState.LEFT, was.player, was.token, was.name, spent=was.voided())
    return _handed(stored, seat, holding, event, now)


def invited(stored: StoredGame, seat: int, invitation: Invitation) -> Transition:
    """The owner's ``invitation`` to ``seat`` made (any open one before it revoked): the seat's holder,
    if any, plays on until it is claimed. Event ``seat_invited``, with when it expires."""
    was = stored.holding(seat)
    event = dumps({"type": "seat_invited", "seat": seat, "expires_at": rfc3339(invitation.until_ms)})
    return _noted(stored, seat, replace(was, invitation=invitation, spent=was.voided()), event)


def uninvited(stored: StoredGame, seat: int) -> Transition:
    """The owner's open invitation to ``seat`` revoked. Event ``invitation_revoked``."""
    was = stored.holding(seat)
    event = dumps({"type": "invitation_revoked", "seat": seat})
    return _noted(stored, seat, replace(was, invitation=None, spent=was.voided()), event)


def _noted(stored: StoredGame, seat: int, holding: Holding, event: str) -> Transition:
    """A change of ``seat``'s invitation: no one's turn or time changes."""
    after = replace(stored, event_count=stored.event_count + 1, seats=stored.with_holding(seat, holding))
    return Transition(Kind.MOVED, after, (event,))


def _handed(stored: StoredGame, seat: int, holding: Holding, event: str, now: int) -> Transition:
    consent, clock, lapsing = after_change(stored.consent, stored.clock, False, now)
    if clock is not None:
        current = None if stored.snapshot["status"] == Status.FINISHED else stored.snapshot["current_player"]
        clock = hand_over(clock, seat, holding.state is SeatState.HELD, current, now)
    events = (event, *lapsing)
    after = replace(
        stored,
        event_count=stored.event_count + len(events),
        clock=clock,
        seats=stored.with_holding(seat, holding),
        consent=consent,
    )
    return Transition(Kind.MOVED, after, events)


def rematched(stored: StoredGame, rematch: Rematch) -> Transition:
    """The finished game's ``rematch`` asked for: its id told every viewer (event ``rematched``), its
    seed kept for its deal."""
    after = replace(stored, event_count=stored.event_count + 1, rematch=rematch)
    return Transition(Kind.MOVED, after, (dumps({"type": "rematched", "game_id": rematch.game_id}),))


def rated(stored: StoredGame, seats: Sequence[dict[str, Any]]) -> Transition:
    """The finished game's ratings applied: each rated seat's rating before and after told every viewer
    (event ``game_rated``; ``play.rating_games``), once."""
    after = replace(stored, event_count=stored.event_count + 1, rating_told=True)
    return Transition(Kind.RATED, after, (dumps({"type": "game_rated", "seats": list(seats)}),))


def rotated(seats: Sequence[T]) -> tuple[T, ...]:
    """A rematch's seats: each moves up one (the old seat 1 is the new seat 0; the old seat 0 last)."""
    return (*seats[1:], *seats[:1])


def deleted() -> Transition:
    """The game and all of it removed."""
    return Transition(Kind.DELETED, None)
