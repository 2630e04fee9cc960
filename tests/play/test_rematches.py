"""``play.rematches``: a finished game's rematch, the same holders with the same tokens, seats moved up
one, the same settings, and one new game however often (and however concurrently) it is asked for."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from service.play.access import Caller, hash_token, identify
from service.play.commit import NO_RIDER
from service.play.games import Seat
from service.play.refusals import Forbidden, GamePlaying, QuotaExceeded, SeatLeft, Unauthorized
from service.play.rematches import rematch
from service.play.seat_changes import hand_to, leave, take_off
from service.play.stored_game import decode
from service.play.transitions import rotated
from service.store import Store
from service.store.memory import MemoryStore
from tests.play.test_seat_changes import NOW, TURN, new_game, opened, played_out

THREE = (Seat("A", player="app:a"), Seat("B", player="app:b"), Seat("Bot", "random"))


def no_limit(owner: str, game_id: str) -> None:
    """Every rematch has its place."""


def finished(
    store: Store, seats: tuple[Seat, ...] = THREE, game_id: str = "r" * 22
) -> tuple[str, tuple[str | None, ...]]:
    made = new_game(store, clock=None, seats=seats, game_id=game_id)
    played_out(store, made.game_id)
    return made.game_id, made.tokens.players


def test_a_rematch_seats_the_same_holders_moved_up_one_with_the_same_tokens_and_settings(
    store: Store,
) -> None:
    game_id, tokens = finished(store)
    old = opened(store, game_id)
    made = rematch(store, old, NOW + 5, NO_RIDER, no_limit)
    assert made.created and made.game.caller == Caller.admin()
    new = made.game
    assert new.version == 1 and new.snapshot["status"] == "playing"
    assert [player["name"] for player in new.snapshot["players"]] == ["B", "Bot", "A"]
    assert [new.stored.bot(seat) for seat in range(3)] == [None, "random", None]
    assert [new.stored.holding(seat).player for seat in range(3)] == ["app:b", None, "app:a"]
    assert new.snapshot["target_score"] == old.snapshot["target_score"]
    row = store.load_game(new.game_id)
    old_row = store.load_game(game_id)
    assert row is not None and old_row is not None
    assert (row.tokens.admin, row.tokens.spectator, row.owner) == (
        old_row.tokens.admin,
        old_row.tokens.spectator,
        old_row.owner,
    )
    a, b = tokens[0], tokens[1]
    assert a is not None and b is not None
    seats = decode(row.snapshot).seats
    assert identify(row.tokens, a, seats) == Caller.player(2, hash_token(a))
    assert identify(row.tokens, b, seats) == Caller.player(0, hash_token(b))
    after = opened(store, game_id)
    assert after.view(NOW)["rematch"] == new.game_id and after.version == old.version + 1
    logged = json.loads(store.read_events(game_id, 0, 10_000)[-1][1])
    assert logged == {"type": "rematched", "game_id": new.game_id}  # the id, never the seed


def test_asking_again_answers_the_same_game_to_a_holder_at_its_new_seat(store: Store) -> None:
    game_id, tokens = finished(store)
    first = rematch(store, opened(store, game_id), NOW, NO_RIDER, no_limit)
    asked = opened(store, game_id).version
    holder = tokens[0]
    assert holder is not None
    again = rematch(store, opened(store, game_id, holder), NOW + 1, NO_RIDER, no_limit)
    assert not again.created and again.game.game_id == first.game.game_id
    assert again.game.caller == Caller.player(2, hash_token(holder))
    assert opened(store, game_id).version == asked  # nothing saved the second time
    assert len([1 for _, text in store.read_events(game_id, 0, 10_000) if '"rematched"' in text]) == 1


def test_a_rematch_dealt_by_a_request_that_died_is_completed_by_the_next_asking() -> None:
    store = MemoryStore()
    game_id, _ = finished(store)

    def dies(owner: str, new_id: str) -> None:
        raise RuntimeError("the process died before the deal")

    with pytest.raises(RuntimeError):
        rematch(store, opened(store, game_id), NOW, NO_RIDER, dies)
    pending = opened(store, game_id).stored.rematch
    assert pending is not None and store.load_game(pending.game_id) is None
    made = rematch(store, opened(store, game_id), NOW + 1, NO_RIDER, no_limit)
    assert made.created and made.game.game_id == pending.game_id
    assert made.game.snapshot["seed"] == pending.seed


def test_a_seat_nobody_held_at_the_end_comes_vacated_and_the_service_plays_it() -> None:
    store = MemoryStore()
    made = new_game(store, clock=TURN, seats=(Seat("A"), Seat("B"), Seat("C")), game_id="v" * 22)
    take_off(store, opened(store, made.game_id), 0, None, NO_RIDER, NOW)
    leave(store, opened(store, made.game_id), 1, None, NO_RIDER, NOW)
    hand_to(store, opened(store, made.game_id), 2, "Zoe", "app:z", None, NO_RIDER, NOW)
    played_out(store, made.game_id)
    new = rematch(store, opened(store, made.game_id), NOW, NO_RIDER, no_limit).game
    states = [new.stored.holding(seat).state.value for seat in range(3)]
    assert states == ["vacated", "held", "vacated"]  # old seats 1 (left), 2 (Zoe), 0 (vacated)
    assert new.snapshot["players"][1]["name"] == "Zoe" and new.stored.holding(1).player == "app:z"
    assert new.stored.clock is not None and new.stored.clock.settings == TURN
    for seat in (0, 2):
        assert new.stored.stand_in(seat) == TURN.on_timeout
    left_token = made.tokens.players[1]
    assert left_token is not None
    row = store.load_game(new.game_id)
    assert row is not None
    with pytest.raises(Unauthorized):  # the holder who left is not seated again
        identify(row.tokens, left_token, decode(row.snapshot).seats)


def test_no_rematch_while_the_game_is_played_nor_for_a_spectator_or_a_holder_who_left(store: Store) -> None:
    made = new_game(store, clock=None, seats=(Seat("A"), Seat("B")), game_id="p" * 22)
    with pytest.raises(GamePlaying):
        rematch(store, opened(store, made.game_id), NOW, NO_RIDER, no_limit)
    assert opened(store, made.game_id).version == 1
    leave(store, opened(store, made.game_id), 0, None, NO_RIDER, NOW)
    played_out(store, made.game_id)
    spectator = replace(opened(store, made.game_id), caller=Caller.spectator())
    with pytest.raises(Forbidden):
        rematch(store, spectator, NOW, NO_RIDER, no_limit)
    gone = made.tokens.players[0]
    assert gone is not None
    with pytest.raises(SeatLeft):
        rematch(store, opened(store, made.game_id, gone), NOW, NO_RIDER, no_limit)


def test_a_rematch_refused_its_place_leaves_the_old_game_pointing_at_it_and_deals_it_once_there_is_room() -> (
    None
):
    store = MemoryStore()
    game_id, _ = finished(store)

    def full(owner: str, new_id: str) -> None:
        raise QuotaExceeded(1, ())

    with pytest.raises(QuotaExceeded):
        rematch(store, opened(store, game_id), NOW, NO_RIDER, full)
    made = rematch(store, opened(store, game_id), NOW, NO_RIDER, no_limit)
    assert made.created


def test_rotated_moves_each_seat_up_one() -> None:
    assert rotated((0, 1, 2, 3)) == (1, 2, 3, 0) and rotated("AB") == ("B", "A")
