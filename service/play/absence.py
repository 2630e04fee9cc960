"""A seat's holder says they are back (``POST /v1/games/{id}/seats/{seat}/back``).

An absent seat's turns are played by the service at once (``moves.play_due_turn``); its holder
ends that by saying they are back: the seat is no longer absent, its timeouts in a row start
again from none, and if the turn is its own, it starts again from now with its full time. Saved
like a move (a new version, the event ``seat_back``: ``transitions.returned``), at the version it
was read at: a race with the worker playing the absent turn is won by one of them and the other
is done again on top.
"""

from __future__ import annotations

from service.play.commit import Rider, commit
from service.play.games import OpenGame
from service.play.outbox import Told, nobody
from service.play.transitions import Found, Transition, returned
from service.store import Store


def say_back(
    store: Store, game: OpenGame, seat: int, rider: Rider, now: float, told: Told = nobody
) -> OpenGame:
    """The seat's holder (or the admin) is back; the game as it is after (unchanged when the seat
    was not absent: nothing is saved, and the request is left to count alone)."""
    game.caller.require_not_spectator()
    game.caller.require_seat(seat)
    game.check_seat_in_path(seat)
    now_ms = round(now * 1000)

    def back(found: Found) -> Transition | None:
        assert found.stored is not None  # the game is there
        return returned(found.stored, seat, now_ms)

    committed = commit(store, game.found, back, now, rider, told)
    return game if committed is None else game.after(committed.found)
