"""The move use case: judge a move against the stored game and save it in one atomic step.

A move is one store read (``open_game_for_move``), the engine's judgement, and one atomic
compare-and-set write (``Store.save_move``) carrying the snapshot, the numbered events, the
idempotent answer and the owner's count together. When another request won the race for
the same version, a move without ``If-Match`` is judged again against the new state (the
client asked for a move, not for a version); with ``If-Match`` it is VersionMismatch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from service.encoding import dumps
from service.play.errors import ConcurrentUpdate, Unauthorized, VersionMismatch
from service.play.games import OpenGame
from service.play.limits import OwnerRequest
from service.play.outbox import Told, left_for_the_worker, nobody, told_change
from service.play.projection import game_view
from service.play.stored_game import decode, encode, event_texts, sequenced
from service.rules import IllegalMove, Move, apply, from_snapshot, to_snapshot, validate
from service.store import MoveSave, Store, StoredAnswer

MAX_ATTEMPTS = 5
"""Judgements of one move (the first and those after lost races) before ConcurrentUpdate."""


class AnswerKeeper(Protocol):
    """Where a move's answer is kept for retries (an Idempotency-Key), saved with the move itself."""

    def success(self, body: str, version: int) -> tuple[str, StoredAnswer]:
        """The key and the answer to store under it, for the move saved at ``version``."""
        ...


@dataclass(frozen=True, slots=True)
class SavedMove:
    body: str
    """``{"game": <view for the mover>, "events": [...]}`` as sent (and kept for replays)."""
    version: int
    finished: bool
    """This move ended the game."""
    rejudged: int
    """Races lost to other moves before this one was saved (each judged again)."""


def submit_move(
    store: Store,
    game: OpenGame,
    move: Move,
    expected: int | None,
    keeper: AnswerKeeper | None,
    request: OwnerRequest,
    told: Told = nobody,
) -> SavedMove:
    """Judge and save ``move`` (already authorized); IllegalMove when the rules refuse it.

    ``request`` is counted by the first save, with it (a full window: RateLimited, nothing saved);
    the move is left for the owner's webhooks with it when ``told`` says it has some.
    """
    record, stored = game.record, game.stored
    for attempt in range(MAX_ATTEMPTS):
        if expected is not None and record.version != expected:
            raise VersionMismatch(expected)
        transition = apply(from_snapshot(stored.snapshot, verify=False), move)
        snapshot = to_snapshot(transition.state)
        texts = event_texts(transition.events)
        logged = [sequenced(stored.event_count + n, text) for n, text in enumerate(texts, start=1)]
        numbered = ",".join(logged)
        version = record.version + 1
        view = game_view(game.game_id, version, snapshot, game.caller, stored.bots)
        body = f'{{"game":{dumps(view)},"events":[{numbered}]}}'
        finished = transition.state.outcome is not None
        encoded = encode(snapshot, stored.event_count + len(texts), stored.bots)
        answer = keeper.success(body, version) if keeper else None
        kind = "game.finished" if finished else "game.moved"
        change = told_change(told, record.owner, game.game_id, kind, version, logged)
        outbox = left_for_the_worker(game.game_id, stored, transition.state, version, change)
        save = MoveSave(
            game.game_id,
            record.version,
            encoded,
            texts,
            finished,
            record.owner,
            request.counting,
            answer,
            outbox,
        )
        outcome = store.save_move(save)
        request.settle(outcome.admitted)  # refused: raised here, and nothing was saved
        if outcome.version is not None:
            return SavedMove(body, outcome.version, finished, rejudged=attempt)
        if expected is not None:
            raise VersionMismatch(expected)
        reloaded = store.load_game(game.game_id)
        if reloaded is None:
            raise Unauthorized()
        record, stored = reloaded, decode(reloaded.snapshot)
    raise ConcurrentUpdate(MAX_ATTEMPTS)


def judge_move(game: OpenGame, move: Move) -> IllegalMove | None:
    """Would ``move`` (already authorized) be legal now? Changes nothing."""
    return validate(from_snapshot(game.snapshot, verify=False), move)
