"""The move use case: judge a move against the stored game and save it in one atomic step.

A move is one store read (``open_game_for_move``), the engine's judgement, and one atomic
compare-and-set write (``Store.save_move``) carrying the snapshot, the numbered events, the
idempotent answer, the owner's count and the next turn's deadline together. When another
request won the race for the same version, a move without ``If-Match`` is judged again against
the new state (the client asked for a move, not for a version); with ``If-Match`` it is
VersionMismatch.

The moves the service plays for a seat out of time or absent (``play_due_turn``) take the same
path, at the version whose deadline passed: a timeout and a move racing for one turn are two
saves at one version, and exactly one is saved. A player's move that arrives after its turn's
deadline plays that timeout (if the worker has not yet) and is refused: TimeIsUp.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from service.bots.levels import THOUGHT_BY_THE_WORKER, choose
from service.encoding import dumps
from service.play.access import Caller
from service.play.games import OpenGame
from service.play.limits import OwnerRequest
from service.play.outbox import Told, left_for_the_worker, nobody, told_change
from service.play.projection import game_view
from service.play.refusals import ConcurrentUpdate, TimeIsUp, Unauthorized, VersionMismatch
from service.play.stored_game import StoredGame, decode, encode, event_texts, sequenced
from service.play.timeouts import Think, forced_move, timed_change
from service.rules import GameState, IllegalMove, Move, apply, from_snapshot, to_snapshot, validate
from service.rules.clock import Clock, Due
from service.store import GameRecord, GameVersion, IdempotencyClaim, MoveSave, Store, StoredAnswer

MAX_ATTEMPTS = 5
"""Judgements of one move (the first and those after lost races) before ConcurrentUpdate."""


class AnswerKeeper(Protocol):
    """Where a move's answer is kept for retries (an Idempotency-Key), saved with the move itself
    unless the key already holds one (``AnswerHeld``)."""

    def success(self, body: str, version: int) -> tuple[str, StoredAnswer]:
        """The key and the answer to store under it, for the move saved at ``version``."""
        ...


class Copy(StrEnum):
    """How a move found its game: read from the store, or this process's copy, found current or stale."""

    READ = "read"
    HIT = "hit"
    STALE = "stale"


class AnswerHeld(Exception):  # noqa: N818 (not an error: the answer a retry gets)
    """The move's idempotency key already held an answer, or another request's claim: nothing was
    saved (the request was counted), and the answer is what the key holds."""

    def __init__(self, held: IdempotencyClaim) -> None:
        super().__init__(held.state.value)
        self.held = held


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
    keeper: AnswerKeeper | None,
    request: OwnerRequest,
    now: float,
    told: Told = nobody,
    forced: Due | None = None,
) -> SavedMove:
    """Judge and save ``move`` (already authorized) at ``now`` (epoch seconds); IllegalMove when the
    rules refuse it, TimeIsUp when its turn's time is up.

    ``request`` is counted by the first save, with it (a full window: RateLimited, nothing saved);
    the move is left for the owner's webhooks with it when ``told`` says it has some. ``forced``:
    the move is the service's, for a seat out of time or absent (``play_due_turn``).
    """
    record, stored, confirmed = game.record, game.stored, game.confirmed
    copy = Copy.READ if confirmed else Copy.HIT
    now_ms = round(now * 1000)
    lost = 0
    while True:
        state = from_snapshot(stored.snapshot, verify=False)
        try:
            if forced is None and _out_of_time(stored.clock, state, move.player, now_ms):
                if confirmed:
                    play_due_turn(store, game.game_id, now, None, told)
                raise TimeIsUp(move.player)  # before If-Match: the same answer if the worker came first
            if expected is not None and record.version != expected:
                raise VersionMismatch(expected)
            transition = apply(state, move)
        except (TimeIsUp, VersionMismatch, IllegalMove):
            if confirmed:
                raise
            # Judged against this process's copy: refused only once the store's own version says so.
            found = store.load_version(game.game_id)
            if found is None:
                raise Unauthorized() from None
            record, stored, confirmed = _as_found(record, found), decode(found.snapshot), True
            copy = Copy.STALE
            continue
        before, clock = timed_change(stored.clock, move.player, forced, transition.state, now_ms)
        finished = transition.state.outcome is not None
        texts = [*before, *event_texts(transition.events)]
        logged = [sequenced(stored.event_count + n, text) for n, text in enumerate(texts, start=1)]
        numbered = ",".join(logged)
        version = record.version + 1
        saved = StoredGame(to_snapshot(transition.state), stored.event_count + len(texts), stored.bots, clock)
        view = game_view(game.game_id, version, saved, game.caller, now)
        body = f'{{"game":{dumps(view)},"events":[{numbered}]}}'
        answer = keeper.success(body, version) if keeper else None
        kind = "game.finished" if finished else "game.moved"
        change = told_change(told, record.owner, game.game_id, kind, version, logged)
        outbox = left_for_the_worker(game.game_id, saved, transition.state, version, change)
        save = MoveSave(
            game.game_id,
            record.version,
            encode(saved),
            texts,
            finished,
            record.owner,
            request.counting,
            answer,
            outbox,
            timed=clock is not None,
            deadline=None if clock is None else clock.deadline_ms,
            at=now_ms,
        )
        outcome = store.save_move(save)
        request.settle(outcome.admitted)  # refused: raised here, and nothing was saved
        if outcome.held is not None:
            raise AnswerHeld(outcome.held)
        if outcome.version is not None:
            return SavedMove(body, outcome.version, finished, lost, copy)
        if outcome.found is None:
            raise Unauthorized()  # the game is gone (another process may have deleted it since)
        if expected is not None and stored.clock is None:
            raise VersionMismatch(expected)
        lost += 1
        if lost >= MAX_ATTEMPTS:
            raise ConcurrentUpdate(MAX_ATTEMPTS)
        if not confirmed:
            copy = Copy.STALE
        # The save found the game moved on (a lost race, or this process's copy was stale): judged
        # again against the game as the save found it (a timed game's may be time_is_up).
        found = outcome.found
        record, stored, confirmed = _as_found(record, found), decode(found.snapshot), True


def _as_found(record: GameRecord, found: GameVersion) -> GameRecord:
    return GameRecord(found.version, found.snapshot, record.tokens, record.owner)


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
    record = store.load_game(game_id)
    if record is None:
        return False
    stored = decode(record.snapshot)
    clock = stored.clock
    due = None if clock is None else clock.due(round(now * 1000))
    if clock is None or due is None:
        return False
    state = from_snapshot(stored.snapshot, verify=False)
    if think is None and clock.settings.on_timeout in THOUGHT_BY_THE_WORKER:
        return False
    move = forced_move(clock, state, state.seed, record.version, think or choose)
    game = OpenGame(game_id, record, stored, Caller.player(state.current_player), None)
    try:
        submit_move(store, game, move, record.version, None, OwnerRequest.nothing(), now, told, due)
    except VersionMismatch:
        return False  # a move, or another worker, saved this version first
    return True


def fire_deadline(store: Store, game_id: str, claimed: int, now: float, think: Think, told: Told) -> None:
    """The worker's side of a deadline it claimed (``WorkStore.take_due``): the timeout (or the absent
    seat's turn) played, whose save indexes the next deadline over the claim; else (the game moved
    on, is gone or is not due yet) its real deadline put back."""
    if play_due_turn(store, game_id, now, think, told):
        return
    record = store.load_game(game_id)
    clock = None if record is None else decode(record.snapshot).clock
    store.settle_deadline(game_id, claimed, None if clock is None else clock.deadline_ms)


def judge_move(game: OpenGame, move: Move) -> IllegalMove | None:
    """Would ``move`` (already authorized) be legal now? Changes nothing."""
    return validate(from_snapshot(game.snapshot, verify=False), move)
