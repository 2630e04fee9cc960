"""The move use case: judge a move against the stored game and save it in one atomic step.

A move is the game as found (read, or this process's copy), the engine's judgement
(``transitions.moved``), and ``commit``: one atomic compare-and-set save of the snapshot, the
numbered events, the idempotent answer, the owner's count and the next turn's deadline together.
When another request won the race for the same version, a move without ``If-Match`` is judged
again against the new state (the client asked for a move, not for a version); with ``If-Match``
it is VersionMismatch.

The moves the service plays for a seat out of time or absent (``play_due_turn``) take the same
path, at the version whose deadline passed: a timeout and a move racing for one turn are two
saves at one version, and exactly one is saved. A player's move that arrives after its turn's
deadline plays that timeout (if the worker has not yet) and is refused: TimeIsUp.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.bots.levels import THOUGHT_BY_THE_WORKER, choose
from service.encoding import dumps
from service.play.access import Caller
from service.play.commit import NO_RIDER, Copy, Rider, Sealed, commit
from service.play.games import OpenGame, refuse_served
from service.play.outbox import Told, nobody
from service.play.projection import game_view
from service.play.refusals import GamePaused, TimeIsUp, VersionMismatch
from service.play.stored_game import decode
from service.play.timeouts import Think, forced_move, rfc3339
from service.play.transitions import Found, Transition, moved
from service.rules import GameState, IllegalMove, Move, from_snapshot, validate
from service.rules.clock import Clock, Due
from service.rules.events import MAX_EVENTS_PER_MOVE
from service.store import Store

MAX_EVENTS_PER_ANSWERED_MOVE = MAX_EVENTS_PER_MOVE + 1
"""A person's move answers the engine's events and, with an offer open, its lapse (docs/OFFERS.md)."""


@dataclass(frozen=True, slots=True)
class SavedMove:
    body: str
    """``{"game": <view for the mover>, "events": [...]}`` as sent (and kept for replays)."""
    version: int
    finished: bool
    """This move ended the game."""
    rejudged: int
    """Saves that found the game moved on before this one was saved (each judged again): races lost
    to other moves, or this process's copy found stale."""
    copy: Copy = Copy.READ
    """How the game was found: read, or this process's copy (``Store.recent_version``), current or stale."""


def submit_move(
    store: Store,
    game: OpenGame,
    move: Move,
    expected: int | None,
    now: float,
    rider: Rider = NO_RIDER,
    told: Told = nobody,
    forced: Due | None = None,
) -> SavedMove:
    """Judge and save ``move`` (already authorized) at ``now`` (epoch seconds); IllegalMove when the
    rules refuse it, VersionMismatch when the game is not at ``expected`` (``If-Match``), TimeIsUp
    when its turn's time is up (the timeout played first, if the worker has not yet).

    ``rider``: the request's count (with the save: a full window is RateLimited, nothing saved) and
    its answer kept under its idempotency key. ``forced``: the move is the service's, for a seat out
    of time or absent (``play_due_turn``)."""
    now_ms = round(now * 1000)

    def judged(found: Found) -> Transition:
        stored = found.stored
        assert stored is not None  # a move is made in a game that exists
        game.caller.check_holds(stored.seats)  # a token taken from its seat meanwhile: refused
        if not game.caller.is_service:
            refuse_served(stored, move.player)  # vacated or left meanwhile
        if stored.consent.paused_at(now_ms):
            raise GamePaused(rfc3339(stored.consent.paused_until or 0))
        state = from_snapshot(stored.snapshot, verify=False)
        if forced is None and _out_of_time(stored.clock, state, move.player, now_ms):
            raise TimeIsUp(move.player)  # before If-Match: the same answer if the worker came first
        if expected is not None and found.version != expected:
            raise VersionMismatch(expected)
        return moved(stored, state, move, forced, now_ms)

    def answer(sealed: Sealed) -> str:
        stored = sealed.transition.stored
        assert stored is not None
        view = game_view(sealed.game_id, sealed.version, stored, game.caller, now)
        return f'{{"game":{dumps(view)},"events":[{",".join(sealed.logged)}]}}'

    try:
        committed = commit(store, game.found, judged, now, rider, told, answer)
    except TimeIsUp:
        if forced is None:
            play_due_turn(store, game.game_id, now, None, told)
        raise
    assert committed is not None and committed.body is not None  # a move always changes the game
    finished = committed.sealed.transition.finished
    return SavedMove(committed.body, committed.version, finished, committed.rejudged, committed.copy)


def _out_of_time(clock: Clock | None, state: GameState, seat: int, now: int) -> bool:
    """A player's move finds its turn's time up: its turn's deadline has passed (or its seat is
    absent), or the turn it is for already timed out (the seat's last turn did, and it has not moved
    since): whether the worker came first or not, the same refusal."""
    if clock is None or state.outcome is not None:
        return False
    if state.current_player == seat:
        return clock.seat == seat and clock.due(now) is not None
    return clock.seats[seat].streak > 0


def play_due_turn(store: Store, game_id: str, now: float, think: Think | None, told: Told = nobody) -> bool:
    """The move the service owes a seat whose time ran out (or which is absent), saved at the version
    whose deadline passed; whether one was saved. None of it when the game is gone or not due, when
    another save got there first, or when ``think`` is None and the level is the worker's to think."""
    row = store.load_game(game_id)
    if row is None:
        return False
    stored = decode(row.snapshot)
    clock = stored.clock
    due = None if clock is None else clock.due(round(now * 1000))
    if clock is None or due is None:
        return False
    state = from_snapshot(stored.snapshot, verify=False)
    if think is None and clock.settings.on_timeout in THOUGHT_BY_THE_WORKER:
        return False
    move = forced_move(clock, state, state.seed, row.version, think or choose)
    game = OpenGame(game_id, row.owner, row.version, stored, Caller.player(state.current_player))
    try:
        submit_move(store, game, move, row.version, now, NO_RIDER, told, due)
    except VersionMismatch:
        return False  # a move, or another worker, saved this version first
    return True


def fire_deadline(store: Store, game_id: str, claimed: int, now: float, think: Think, told: Told) -> None:
    """The worker's side of a deadline it claimed (``WorkStore.take_due``): the timeout (or the absent
    seat's turn) played, whose save indexes the next deadline over the claim; else (the game moved
    on, is gone or is not due yet) its real deadline put back."""
    if play_due_turn(store, game_id, now, think, told):
        return
    row = store.load_game(game_id)
    clock = None if row is None else decode(row.snapshot).clock
    store.settle_deadline(game_id, claimed, None if clock is None else clock.deadline_ms)


def judge_move(game: OpenGame, move: Move) -> IllegalMove | None:
    """Would ``move`` (already authorized) be legal now? Changes nothing."""
    return validate(from_snapshot(game.snapshot, verify=False), move)
