"""The use cases behind the endpoints: open a game for a caller, create one, judge and save a move.

A move is one store read (``open_game``), the engine's judgement, and one atomic
compare-and-set write (``save_move``) carrying the snapshot, the numbered events and
the idempotent answer together. When another request won the race for the same
version, a move without ``If-Match`` is judged again against the new state (the
client asked for a move, not for a version); with ``If-Match`` it is 412.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from service.api import metrics
from service.api.auth import (
    Caller,
    IssuedTokens,
    bearer_token,
    check_game_id,
    identify,
    issue_tokens,
    new_game_id,
    unauthorized,
)
from service.api.encoding import dumps
from service.api.errors import RETRY_AFTER_SECONDS, ApiCode, Problem, invalid_request
from service.api.http import HeaderLookup
from service.api.idempotency import IdempotencySlot
from service.api.records import StoredGame, decode, encode, numbered_events
from service.api.schemas import move_schema
from service.api.views import game_view
from service.rules import Move, apply, from_snapshot, new_game, to_snapshot
from service.rules.snapshot import MAX_SEED
from service.store import GameRecord, GameStore

FIRST_VERSION = 1
MAX_ATTEMPTS = 5
"""Re-judgements after lost races before answering 409 ``concurrent_update``."""


@dataclass(frozen=True, slots=True)
class OpenGame:
    """A game as one store read found it, with the caller its token identified."""

    game_id: str
    record: GameRecord
    stored: StoredGame
    caller: Caller

    @property
    def version(self) -> int:
        return self.record.version

    @property
    def snapshot(self) -> dict[str, Any]:
        return self.stored.snapshot

    def view(self) -> dict[str, Any]:
        return game_view(self.game_id, self.version, self.snapshot, self.caller)


@dataclass(frozen=True, slots=True)
class CreatedGame:
    game_id: str
    version: int
    snapshot: dict[str, Any]
    tokens: IssuedTokens


@dataclass(frozen=True, slots=True)
class SavedMove:
    body: str
    """``{"game": <view for the mover>, "events": [...]}`` as sent (and recorded for replays)."""
    version: int


def open_game(store: GameStore, game_id: str, headers: HeaderLookup) -> OpenGame:
    """The game and its caller, or 401: checked in an order that reads the store only for a token."""
    token = bearer_token(headers)
    check_game_id(game_id)
    record = store.load_game(game_id)
    if record is None:
        raise unauthorized()
    caller = identify(record.tokens, token)
    return OpenGame(game_id, record, decode(record.snapshot), caller)


def check_seat(snapshot: dict[str, Any], seat: int) -> None:
    seats = len(snapshot["players"])
    if seat >= seats:
        raise invalid_request({"player": [f"this game has seats 0 to {seats - 1}"]})


def parse_move(game: OpenGame, payload: Any) -> Move:
    """The move asked for, once the caller may ask it for that seat."""
    move: Move = move_schema.load(payload)
    game.caller.require_seat(move.player)
    check_seat(game.snapshot, move.player)
    return move


def create_game(store: GameStore, names: list[str], seed: int | None, target_score: int) -> CreatedGame:
    if seed is None:
        seed = secrets.randbelow(MAX_SEED + 1)
    transition = new_game(names, seed, target_score)
    snapshot = to_snapshot(transition.state)
    events = numbered_events(transition.events, 0)
    game_id, tokens = new_game_id(), issue_tokens(len(names))
    record = GameRecord(FIRST_VERSION, encode(snapshot, len(events)), tokens.hashes())
    store.create_game(game_id, record, [dumps(event) for event in events])
    metrics.games_created.inc()
    return CreatedGame(game_id, FIRST_VERSION, snapshot, tokens)


def version_mismatch(expected: int) -> Problem:
    return Problem(
        ApiCode.VERSION_MISMATCH,
        f"the game is no longer at version {expected}: fetch it again and decide anew",
    )


def submit_move(
    store: GameStore, game: OpenGame, move: Move, expected: int | None, slot: IdempotencySlot | None
) -> SavedMove:
    """Judge and save ``move``; IllegalMove reaches the handler as 422 with the engine's code."""
    record, stored = game.record, game.stored
    for _ in range(MAX_ATTEMPTS):
        if expected is not None and record.version != expected:
            metrics.version_conflict(metrics.Conflict.PRECONDITION_FAILED)
            raise version_mismatch(expected)
        transition = apply(from_snapshot(stored.snapshot, verify=False), move)
        snapshot = to_snapshot(transition.state)
        event_texts = [dumps(event) for event in numbered_events(transition.events, stored.event_count)]
        version = record.version + 1
        view = game_view(game.game_id, version, snapshot, game.caller)
        body = f'{{"game":{dumps(view)},"events":[{",".join(event_texts)}]}}'
        finished = transition.state.outcome is not None
        saved = store.save_move(
            game.game_id,
            record.version,
            encode(snapshot, stored.event_count + len(event_texts)),
            event_texts,
            finished=finished,
            answer=slot.answer(200, body) if slot else None,
        )
        if saved is not None:
            metrics.moves_applied.inc()
            if finished:
                metrics.games_finished.inc()
            return SavedMove(body, saved)
        if expected is not None:
            metrics.version_conflict(metrics.Conflict.PRECONDITION_FAILED)
            raise version_mismatch(expected)
        metrics.version_conflict(metrics.Conflict.REJUDGED)
        reloaded = store.load_game(game.game_id)
        if reloaded is None:
            raise unauthorized()
        record, stored = reloaded, decode(reloaded.snapshot)
    metrics.version_conflict(metrics.Conflict.GAVE_UP)
    raise Problem(
        ApiCode.CONCURRENT_UPDATE,
        f"the game changed under this move {MAX_ATTEMPTS} times in a row: retry",
        headers={"Retry-After": RETRY_AFTER_SECONDS},
    )
