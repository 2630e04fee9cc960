"""``play.tables``: a game waiting for its players, dealt by the claim of its last open seat.

On every store a change is saved by (memory, one Redis server, a cluster): claims of one seat save
exactly one; the last claim deals the game with the tokens the table gave out, its clock starting
then; a claim that dies between its save and the deal leaves a table the next reading deals, once.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import Any

import pytest

from service.play.access import Caller, identify, new_game_id
from service.play.games import Seat
from service.play.refusals import InvitationExpired, InvitationUsed, TableDealt, Unauthorized
from service.play.stored_game import decode
from service.play.tables import (
    CreatedTable,
    OpenSeat,
    Table,
    TableStatus,
    claim_seat,
    delete_table,
    load_table,
    new_table,
    save_new_table,
    settled,
)
from service.play.transitions import created
from service.play.turns import list_turns
from service.store import Store, StoreUnavailable
from tests.play.test_seat_changes import NOW, OWNER, TURN

HOUR = 3600


def set_up(store: Store, seats: Any = None, expires_in: int = HOUR, clock: Any = TURN) -> CreatedTable:
    asked = seats or (Seat("Annika", player="ann"), OpenSeat(), OpenSeat("Third"))
    return save_new_table(store, new_table(new_game_id(), OWNER, NOW, asked, 7, 10, clock, expires_in), NOW)


def invitation(made: CreatedTable, seat: int) -> str:
    return dict(made.invitations)[seat]


def reloaded(store: Store, table: Table) -> Table:
    found = load_table(store, table.table_id)
    assert found is not None
    return found


def test_the_last_claim_deals_the_game_its_clock_starting_then(store: Store) -> None:
    made = set_up(store)
    table = made.table
    first = claim_seat(store, table, 1, invitation(made, 1), "Elias", "eli", NOW + 10)
    assert first.table.status(round((NOW + 10) * 1000)) is TableStatus.WAITING
    assert store.load_game(table.table_id) is None
    later = NOW + 600
    last = claim_seat(store, first.table, 2, invitation(made, 2), None, None, later)
    assert last.table.dealt and reloaded(store, table).dealt
    row = store.load_game(table.table_id)
    assert row is not None and row.version == 1 and row.owner == OWNER
    game = decode(row.snapshot)
    expected = created(
        ["Annika", "Elias", "Third"],
        [None] * 3,
        7,
        10,
        TURN,
        round(later * 1000),
        players=("ann", "eli", None),
    )
    assert expected.stored is not None
    assert game.snapshot == expected.stored.snapshot and game.clock == expected.stored.clock  # dealt then
    tokens = {0: made.players[0], 1: first.token, 2: last.token}
    for seat, token in tokens.items():
        assert token is not None and identify(row.tokens, token, game.seats).seat == seat
    assert identify(row.tokens, made.admin).is_admin


def test_claims_racing_for_one_seat_save_exactly_one(store: Store) -> None:
    made = set_up(store)
    outcomes: list[str] = []
    start = threading.Barrier(3)

    def claimer() -> None:
        start.wait()
        try:
            claim_seat(store, made.table, 1, invitation(made, 1), None, None, NOW)
            outcomes.append("claimed")
        except InvitationUsed:
            outcomes.append("used")

    threads = [threading.Thread(target=claimer) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["claimed", "used", "used"]
    assert reloaded(store, made.table).version == 2


def test_claims_of_every_seat_at_once_deal_one_game(store: Store) -> None:
    seats = (OpenSeat(), OpenSeat(), OpenSeat(), OpenSeat())
    made = set_up(store, seats)
    start = threading.Barrier(4)
    errors: list[BaseException] = []

    def claimer(seat: int) -> None:
        start.wait()
        try:
            claim_seat(store, made.table, seat, invitation(made, seat), None, None, NOW)
        except BaseException as error:  # noqa: BLE001 - told below
            errors.append(error)

    threads = [threading.Thread(target=claimer, args=(seat,)) for seat in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    table = reloaded(store, made.table)
    assert table.dealt and table.full
    row = store.load_game(table.table_id)
    assert row is not None and row.version == 1


class DealFails:
    """A store whose next game save (the deal) raises StoreUnavailable, or whose table save after the
    deal does: a request that dies between two steps."""

    def __init__(self, inner: Store, what: str) -> None:
        self.inner, self.what = inner, what

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def save(self, change: Any) -> Any:
        if self.what == "deal":
            self.what = ""
            raise StoreUnavailable("the deal's save died")
        return self.inner.save(change)

    def save_table(self, table_id: str, version: int, text: str, keep_ms: int) -> bool:
        if self.what == "mark" and '"dealt":true' in text:
            self.what = ""
            raise StoreUnavailable("the mark's save died")
        return self.inner.save_table(table_id, version, text, keep_ms)


@pytest.mark.parametrize("dies", ["deal", "mark"])
def test_a_claim_that_dies_before_its_deal_is_dealt_by_the_next_reading_once(store: Store, dies: str) -> None:
    made = set_up(store, (Seat("Annika"), OpenSeat()))
    failing: Any = DealFails(store, dies)
    with pytest.raises(StoreUnavailable):
        claim_seat(failing, made.table, 1, invitation(made, 1), "Elias", None, NOW)
    table = reloaded(store, made.table)
    assert table.full and not table.dealt
    assert (store.load_game(table.table_id) is None) is (dies == "deal")
    first = store.load_game(table.table_id)
    dealt = settled(store, table, NOW + 5)
    assert dealt.dealt and reloaded(store, table).dealt
    row = store.load_game(table.table_id)
    assert row is not None and row.version == 1
    if first is not None:
        assert row.snapshot == first.snapshot  # dealt once: the second dealing found it there
    with pytest.raises(InvitationUsed):
        claim_seat(store, dealt, 1, invitation(made, 1), None, None, NOW + 6)


def test_an_expired_table_takes_no_claim_and_changes_nothing(store: Store) -> None:
    made = set_up(store, expires_in=60)
    with pytest.raises(InvitationExpired):
        claim_seat(store, made.table, 1, invitation(made, 1), None, None, NOW + 60)
    assert reloaded(store, made.table) == made.table
    assert made.table.status(round((NOW + 60) * 1000)) is TableStatus.EXPIRED


def test_a_token_that_is_no_invitation_of_the_seat_opens_nothing(store: Store) -> None:
    made = set_up(store)
    for seat, token in ((1, invitation(made, 2)), (0, invitation(made, 1)), (1, made.admin)):
        with pytest.raises(Unauthorized):
            claim_seat(store, made.table, seat, token, None, None, NOW)
    assert reloaded(store, made.table) == made.table


def test_a_waiting_table_is_deleted_by_its_admin_only_and_a_full_one_not_at_all(store: Store) -> None:
    made = set_up(store, (Seat("Annika"), OpenSeat()))
    with pytest.raises(Exception, match="admin"):
        delete_table(store, made.table, Caller.spectator(), NOW)
    claimed = claim_seat(store, made.table, 1, invitation(made, 1), None, None, NOW)
    with pytest.raises(TableDealt):
        delete_table(store, claimed.table, Caller.admin(), NOW)
    other = set_up(store)
    stale = other.table
    claim_seat(store, stale, 1, invitation(other, 1), None, None, NOW)  # the table moved on since read
    delete_table(store, stale, Caller.admin(), NOW)
    assert load_table(store, stale.table_id) is None


def test_the_dealt_game_is_in_its_named_players_turns(store: Store) -> None:
    made = set_up(store, (OpenSeat(), Seat("Annika", player="ann")), clock=None)
    claimed = claim_seat(store, made.table, 0, invitation(made, 0), "Elias", "eli", NOW)
    row = store.load_game(claimed.table.table_id)
    assert row is not None
    current = decode(row.snapshot).snapshot["current_player"]
    player = ("eli", "ann")[current]
    listed = list_turns(store, OWNER, player, None, 10, round(NOW * 1000))
    assert [turn["game_id"] for turn in listed.turns] == [claimed.table.table_id]


def test_a_table_reads_back_as_it_was_saved(store: Store) -> None:
    made = set_up(store)
    assert reloaded(store, made.table) == made.table
    assert replace(made.table, version=0) != made.table
