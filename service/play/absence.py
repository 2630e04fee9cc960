"""A seat's holder says they are back (``POST /v1/games/{id}/seats/{seat}/back``).

An absent seat's turns are played by the service at once (``moves.play_due_turn``); its holder
ends that by saying they are back: the seat is no longer absent, its timeouts in a row start
again from none, and if the turn is its own, it starts again from now with its full time. Saved
like a move (a new version, the event ``seat_back``), at the version it was read at: a race with
the worker playing the absent turn is won by one of them and the other is done again on top.
"""

from __future__ import annotations

from service.play.games import OpenGame
from service.play.limits import OwnerRequest
from service.play.moves import MAX_ATTEMPTS
from service.play.outbox import Told, left_for_the_worker, nobody, told_change
from service.play.refusals import ConcurrentUpdate, SeatNotFound, Unauthorized
from service.play.stored_game import StoredGame, decode, encode, sequenced
from service.play.timeouts import seat_back
from service.rules import from_snapshot
from service.rules.clock import come_back
from service.store import MoveSave, Store


def say_back(
    store: Store, game: OpenGame, seat: int, request: OwnerRequest, now: float, told: Told = nobody
) -> OpenGame:
    """The seat's holder (or the admin) is back; the game as it is after (unchanged when the seat
    was not absent)."""
    game.caller.require_not_spectator()
    game.caller.require_seat(seat)
    seats = len(game.snapshot["players"])
    if seat >= seats:
        raise SeatNotFound(seats)  # the path names the seat: one the game has not is not found
    now_ms = round(now * 1000)
    for _ in range(MAX_ATTEMPTS):
        clock = game.stored.clock
        if clock is None or not clock.seats[seat].absent:
            request.alone(store)
            return game
        stored = game.stored
        returned = come_back(clock, seat, now_ms)
        text = seat_back(seat)
        version = game.version + 1
        saved = StoredGame(stored.snapshot, stored.event_count + 1, stored.bots, returned)
        logged = [sequenced(saved.event_count, text)]
        change = told_change(told, game.record.owner, game.game_id, "game.moved", version, logged)
        state = from_snapshot(stored.snapshot, verify=False)
        outbox = left_for_the_worker(game.game_id, saved, state, version, change)
        save = MoveSave(game.game_id, game.version, encode(saved), [text], False, game.record.owner,
                        request.counting, None, outbox, True, returned.deadline_ms, now_ms)  # fmt: skip
        outcome = store.save_move(save)
        request.settle(outcome.admitted)
        reloaded = store.load_game(game.game_id)
        if reloaded is None:
            raise Unauthorized()
        game = OpenGame(game.game_id, reloaded, decode(reloaded.snapshot), game.caller, game.admitted)
        if outcome.version is not None:
            return game
    raise ConcurrentUpdate(MAX_ATTEMPTS)
