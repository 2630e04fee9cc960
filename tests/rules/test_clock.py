"""The rules of time on their own (``service.rules.clock``): each function given ``now``, checked
against docs/CLOCKS.md, which is their spec. The HTTP side (views, ``time_is_up``, the events,
saying one is back) is tests/api/test_api_clocks.py."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.rules.clock import (
    DEFAULT_ABSENT_AFTER,
    MAX_SECONDS,
    PASS,
    Clock,
    ClockSettings,
    Due,
    SeatTime,
    after_move,
    after_timeout,
    clock_from_json,
    clock_to_json,
    come_back,
    give_turn,
    start_clock,
)

NOW = 1_800_000_000_000
"""Epoch milliseconds: any instant will do, the rules never read a clock."""
MINUTE = 60_000
TWO_PERSONS = (True, True)


def turn_mode(turn_ms: int = MINUTE, absent_after: int = DEFAULT_ABSENT_AFTER) -> ClockSettings:
    return ClockSettings(turn_ms, None, 0, PASS, absent_after)


def bank_mode(
    bank_ms: int = 5 * MINUTE, increment_ms: int = 0, absent_after: int = DEFAULT_ABSENT_AFTER
) -> ClockSettings:
    return ClockSettings(None, bank_ms, increment_ms, PASS, absent_after)


def started(settings: ClockSettings, timed: tuple[bool, ...] = TWO_PERSONS, seat: int = 0) -> Clock:
    """A new game's clock with ``seat``'s first turn given at ``NOW``."""
    return give_turn(start_clock(settings, timed), seat, NOW)


def timed_out(clock: Clock, seat: int, times: int) -> Clock:
    """``seat``'s turn timed out ``times`` in a row (each the seat's turn again at once)."""
    for _ in range(times):
        clock, _ = after_timeout(clock, seat)
        clock = give_turn(clock, seat, NOW)
    return clock


# A new clock


def test_a_new_clock_gives_every_seat_its_bank_and_times_no_turn_yet() -> None:
    clock = start_clock(bank_mode(bank_ms=90_000), (True, False, True))
    assert clock.seats == (SeatTime(True, 90_000), SeatTime(False, 90_000), SeatTime(True, 90_000))
    assert (clock.seat, clock.deadline_ms) == (None, None)
    assert clock.due(NOW + 10 * MAX_SECONDS * 1000) is None
    assert clock.remaining_ms(NOW) is None


def test_in_turn_mode_no_seat_has_a_bank() -> None:
    clock = started(turn_mode())
    assert [seat.bank_ms for seat in clock.seats] == [None, None]
    assert clock.banks_ms(NOW) is None


# give_turn: whose turn is timed, from when, until when


def test_a_turn_starts_when_given_and_lasts_the_turns_time() -> None:
    clock = started(turn_mode(turn_ms=45_000), seat=1)
    assert (clock.seat, clock.started_ms, clock.deadline_ms) == (1, NOW, NOW + 45_000)


def test_a_late_timeout_never_eats_into_the_next_players_time() -> None:
    """The next turn starts when the change that gave it is saved, however late that is."""
    clock = started(turn_mode())
    late = NOW + MINUTE + 7_000
    clock, _ = after_timeout(clock, 0)
    clock = give_turn(clock, 1, late)
    assert (clock.started_ms, clock.deadline_ms) == (late, late + MINUTE)


def test_a_bots_seat_is_never_timed() -> None:
    clock = give_turn(start_clock(turn_mode(), (True, False)), 1, NOW)
    assert (clock.seat, clock.deadline_ms) == (None, None)
    assert clock.due(NOW + 10 * MINUTE) is None
    assert clock.remaining_ms(NOW) is None


def test_once_the_game_is_over_no_turn_is_timed() -> None:
    clock = give_turn(started(turn_mode()), None, NOW + 1_000)
    assert (clock.seat, clock.deadline_ms) == (None, None)
    assert clock.due(NOW + 10 * MINUTE) is None


def test_in_bank_mode_a_turn_lasts_what_is_left_of_the_seats_bank() -> None:
    clock = after_move(started(bank_mode(bank_ms=MINUTE)), 0, NOW + 20_000)
    clock = give_turn(clock, 0, NOW + 30_000)
    assert clock.deadline_ms == NOW + 30_000 + 40_000


@pytest.mark.parametrize(("increment_ms", "allowed"), [(5_000, 5_000), (0, 0)])
def test_a_seat_whose_bank_ran_out_has_the_increment_for_each_later_turn(
    increment_ms: int, allowed: int
) -> None:
    """0: its turns time out at once."""
    clock, _ = after_timeout(started(bank_mode(increment_ms=increment_ms)), 0)
    clock = give_turn(clock, 0, NOW + MINUTE)
    assert clock.deadline_ms == NOW + MINUTE + allowed
    assert (clock.due(NOW + MINUTE) is None) == (allowed > 0)


def test_an_absent_seats_turn_is_due_at_once() -> None:
    clock = timed_out(started(turn_mode(absent_after=1)), 0, 1)
    assert clock.seats[0].absent
    clock = give_turn(clock, 0, NOW + 5_000)
    assert clock.deadline_ms == clock.started_ms == NOW + 5_000
    assert clock.due(NOW + 5_000) is Due.ABSENT


# due, remaining_ms, banks_ms: the clock read at now


def test_a_turn_is_due_from_its_deadline_on_never_before() -> None:
    clock = started(turn_mode())
    assert clock.due(NOW + MINUTE - 1) is None
    assert clock.due(NOW + MINUTE) is Due.TIMEOUT
    assert clock.due(NOW + 30 * MINUTE) is Due.TIMEOUT


def test_what_remains_counts_down_to_zero_and_stays_there() -> None:
    clock = started(turn_mode())
    assert clock.remaining_ms(NOW) == MINUTE
    assert clock.remaining_ms(NOW + 15_000) == 45_000
    assert clock.remaining_ms(NOW + MINUTE) == 0
    assert clock.remaining_ms(NOW + 2 * MINUTE) == 0


def test_banks_take_the_current_seats_thinking_so_far_only() -> None:
    clock = started(bank_mode(bank_ms=MINUTE), (True, True, True), seat=1)
    assert clock.banks_ms(NOW + 25_000) == [MINUTE, MINUTE - 25_000, MINUTE]
    assert clock.banks_ms(NOW + 5 * MINUTE) == [MINUTE, 0, MINUTE]


def test_banks_are_read_at_now_not_kept() -> None:
    clock = started(bank_mode(bank_ms=MINUTE))
    clock.banks_ms(NOW + 25_000)
    assert clock.seats[0].bank_ms == MINUTE


# after_move: a seat's own move


def test_a_move_takes_its_thinking_time_from_the_bank_and_adds_the_increment() -> None:
    clock = after_move(started(bank_mode(bank_ms=MINUTE, increment_ms=2_000)), 0, NOW + 25_000)
    assert clock.seats[0].bank_ms == MINUTE - 25_000 + 2_000
    assert clock.seats[1].bank_ms == MINUTE


def test_a_seat_out_of_bank_that_moves_in_its_increment_keeps_the_increment() -> None:
    clock, _ = after_timeout(started(bank_mode(increment_ms=3_000)), 0)
    clock = give_turn(clock, 0, NOW + MINUTE)
    clock = after_move(clock, 0, NOW + MINUTE + 2_000)
    assert clock.seats[0].bank_ms == 3_000


def test_only_a_seats_own_timed_turn_adds_the_increment() -> None:
    """A bot's seat has no timed turn: its moves change nothing of its clock."""
    clock = give_turn(start_clock(bank_mode(increment_ms=2_000), (True, False)), 1, NOW)
    assert after_move(clock, 1, NOW + 5_000) == clock


def test_a_move_in_turn_mode_leaves_the_clock_as_it_was() -> None:
    clock = started(turn_mode())
    assert after_move(clock, 0, NOW + 10_000) == clock


def test_a_seats_own_move_ends_its_streak_of_timeouts_not_its_count() -> None:
    clock = timed_out(started(turn_mode()), 0, 2)
    clock = after_move(clock, 0, NOW + 1_000)
    assert (clock.seats[0].timeouts, clock.seats[0].streak) == (2, 0)


def test_another_seats_move_does_not_end_a_streak() -> None:
    clock = timed_out(started(turn_mode()), 0, 2)
    clock = after_move(give_turn(clock, 1, NOW), 1, NOW + 1_000)
    assert clock.seats[0].streak == 2


# after_timeout: counted, the bank spent, perhaps absent from now on


def test_a_timeout_is_counted_and_spends_the_bank() -> None:
    clock, now_absent = after_timeout(started(bank_mode()), 0)
    assert clock.seats[0] == SeatTime(True, 0, timeouts=1, streak=1)
    assert not now_absent
    assert clock.seats[1] == SeatTime(True, 5 * MINUTE)


def test_a_timeout_in_turn_mode_has_no_bank_to_spend() -> None:
    clock, _ = after_timeout(started(turn_mode()), 0)
    assert clock.seats[0].bank_ms is None


def test_a_timeout_keeps_the_turn_as_it_was_until_the_next_is_given() -> None:
    before = started(turn_mode())
    clock, _ = after_timeout(before, 0)
    assert (clock.seat, clock.started_ms, clock.deadline_ms) == (
        before.seat,
        before.started_ms,
        before.deadline_ms,
    )


@pytest.mark.parametrize("absent_after", [1, 3, 5])
def test_the_absent_after_th_timeout_in_a_row_makes_the_seat_absent_and_says_so_once(
    absent_after: int,
) -> None:
    clock = started(turn_mode(absent_after=absent_after))
    said = []
    for _ in range(absent_after + 2):
        clock, now_absent = after_timeout(clock, 0)
        said.append(now_absent)
    assert said == [False] * (absent_after - 1) + [True, False, False]
    assert clock.seats[0].absent


def test_a_move_between_timeouts_starts_the_streak_again() -> None:
    clock = timed_out(started(turn_mode(absent_after=3)), 0, 2)
    clock = after_move(clock, 0, NOW + 1_000)
    clock = timed_out(clock, 0, 2)
    assert not clock.seats[0].absent
    assert (clock.seats[0].timeouts, clock.seats[0].streak) == (4, 2)


def test_absent_after_zero_never_makes_a_seat_absent() -> None:
    clock = timed_out(started(turn_mode(absent_after=0)), 0, 50)
    assert not clock.seats[0].absent
    assert clock.seats[0].streak == 50


# come_back: an absent seat's holder is back


def test_coming_back_ends_absence_and_streak_and_keeps_the_count() -> None:
    clock = timed_out(started(turn_mode(absent_after=2)), 0, 2)
    clock = come_back(give_turn(clock, 1, NOW), 0, NOW + 1_000)
    assert clock.seats[0] == SeatTime(True, None, timeouts=2, streak=0, absent=False)


def test_coming_back_on_ones_own_turn_starts_it_again_with_the_full_turn() -> None:
    clock = give_turn(timed_out(started(turn_mode(absent_after=1)), 0, 1), 0, NOW)
    clock = come_back(clock, 0, NOW + 9_000)
    assert (clock.seat, clock.started_ms, clock.deadline_ms) == (0, NOW + 9_000, NOW + 9_000 + MINUTE)
    assert clock.due(NOW + 9_000) is None


@pytest.mark.parametrize(("increment_ms", "allowed"), [(0, 0), (4_000, 4_000)])
def test_coming_back_in_bank_mode_gives_the_bank_or_the_increment_once_it_ran_out(
    increment_ms: int, allowed: int
) -> None:
    clock = give_turn(timed_out(started(bank_mode(increment_ms=increment_ms, absent_after=1)), 0, 1), 0, NOW)
    clock = come_back(clock, 0, NOW + 9_000)
    assert clock.deadline_ms == NOW + 9_000 + allowed


def test_coming_back_with_a_bank_left_gives_that_bank() -> None:
    settings = bank_mode(bank_ms=MINUTE, absent_after=1)
    clock = replace(started(settings), seats=(SeatTime(True, 20_000, 1, 1, True), SeatTime(True, MINUTE)))
    clock = come_back(give_turn(clock, 0, NOW), 0, NOW + 1_000)
    assert clock.deadline_ms == NOW + 1_000 + 20_000


def test_coming_back_on_anothers_turn_leaves_that_turn_alone() -> None:
    clock = give_turn(timed_out(started(turn_mode(absent_after=1)), 0, 1), 1, NOW)
    back = come_back(clock, 0, NOW + 9_000)
    assert (back.seat, back.started_ms, back.deadline_ms) == (1, NOW, NOW + MINUTE)


# What is stored


def test_the_stored_clock_is_plain_json() -> None:
    clock = timed_out(started(bank_mode(increment_ms=2_000, absent_after=2), (True, False, True)), 0, 2)
    document = clock_to_json(clock)
    assert json.loads(json.dumps(document)) == document
    assert document["seats"][0] == [1, 0, 2, 2, 1]
    assert clock_from_json(json.loads(json.dumps(document))) == clock


# Properties of any game's clock


@dataclass(frozen=True)
class Step:
    """What happens next in a game, ``after_ms`` after the step before."""

    kind: str
    """``move`` (the seat whose turn it is, if in time), ``due`` (the worker plays the turn, once its
    deadline has passed), ``back`` (``seat`` says it is back)."""
    after_ms: int
    seat: int


SECONDS = st.one_of(st.integers(1, 120), st.just(MAX_SECONDS)).map(lambda seconds: seconds * 1000)
"""A turn's or a bank's time: mostly short enough for the steps below to run it out."""
SETTINGS = st.one_of(
    st.builds(turn_mode, SECONDS, absent_after=st.integers(0, 4)),
    st.builds(bank_mode, SECONDS, st.integers(0, 30).map(lambda seconds: seconds * 1000), st.integers(0, 4)),
)
TIMED = st.lists(st.booleans(), min_size=2, max_size=4).filter(any).map(tuple)
STEPS = st.lists(
    st.builds(Step, st.sampled_from(["move", "due", "back"]), st.integers(0, 150_000), st.integers(0, 3)),
    min_size=1,
    max_size=40,
)


def played(settings: ClockSettings, timed: tuple[bool, ...], steps: list[Step]) -> list[tuple[Clock, int]]:
    """Each clock a game goes through, and when: the seats in turn, as the use cases drive it (a
    move made in time, a turn played when due, a seat back)."""
    seats = len(timed)
    now, turn = NOW, 0
    clock = give_turn(start_clock(settings, timed), turn, now)
    seen = [(clock, now)]
    for step in steps:
        now += step.after_ms
        if step.kind == "due" and clock.deadline_ms is not None:
            now = max(now, clock.deadline_ms)  # the worker fires late, never early
        if step.kind == "back":
            if clock.seats[step.seat % seats].absent:  # for a seat not absent it changes nothing
                clock = come_back(clock, step.seat % seats, now)
        else:
            due = clock.due(now)
            if step.kind == "move" and due is None:  # a bot's seat too: never due
                clock = after_move(clock, turn, now)
            elif step.kind == "due" and due is Due.TIMEOUT:
                clock, _ = after_timeout(clock, turn)
            elif step.kind == "move" or due is None:  # a move too late, or a bot's turn: nothing to do
                continue
            turn = (turn + 1) % seats
            clock = give_turn(clock, turn, now)
        seen.append((clock, now))
    return seen


@given(SETTINGS, TIMED, STEPS)
def test_no_bank_is_ever_negative(
    settings: ClockSettings, timed: tuple[bool, ...], steps: list[Step]
) -> None:
    for clock, now in played(settings, timed, steps):
        for later in (now, now + 1, now + MAX_SECONDS * 1000):
            assert all(bank >= 0 for bank in clock.banks_ms(later) or ())
        assert all(seat.bank_ms is None or seat.bank_ms >= 0 for seat in clock.seats)


@given(SETTINGS, TIMED, STEPS, st.integers(0, 900_000), st.integers(0, 900_000))
def test_what_remains_only_decreases_with_time_and_is_due_at_zero(
    settings: ClockSettings, timed: tuple[bool, ...], steps: list[Step], first: int, second: int
) -> None:
    for clock, now in played(settings, timed, steps):
        earlier, later = now + min(first, second), now + max(first, second)
        if clock.seat is None:
            assert clock.remaining_ms(later) is None and clock.due(later) is None
            continue
        remaining = clock.remaining_ms(earlier), clock.remaining_ms(later)
        assert remaining[0] is not None and remaining[1] is not None
        assert remaining[0] >= remaining[1] >= 0
        for at, left in zip((earlier, later), remaining, strict=True):
            assert (clock.due(at) is not None) == (left == 0)
        banks = clock.banks_ms(earlier), clock.banks_ms(later)
        if banks[0] is not None and banks[1] is not None:
            assert banks[0][clock.seat] >= banks[1][clock.seat]


@given(SETTINGS, TIMED, STEPS)
def test_in_bank_mode_a_turn_ends_when_its_bank_does(
    settings: ClockSettings, timed: tuple[bool, ...], steps: list[Step]
) -> None:
    """Unless the seat is absent or its bank ran out (then the turn lasts the increment)."""
    for clock, now in played(settings, timed, steps):
        banks = clock.banks_ms(now)
        if banks is None or clock.seat is None or clock.seats[clock.seat].absent:
            continue
        if clock.seats[clock.seat].bank_ms:
            assert clock.remaining_ms(now) == banks[clock.seat]


@given(SETTINGS, TIMED, STEPS)
def test_streaks_absences_and_counts_agree(
    settings: ClockSettings, timed: tuple[bool, ...], steps: list[Step]
) -> None:
    limit = settings.absent_after
    for clock, _ in played(settings, timed, steps):
        for seat, time in enumerate(clock.seats):
            assert 0 <= time.streak <= time.timeouts
            assert time.timed == timed[seat]
            assert not time.absent or limit > 0
            if limit > 0 and time.streak >= limit:
                assert time.absent
            if not time.timed:
                assert time.timeouts == 0


@given(SETTINGS, TIMED, STEPS)
def test_every_clock_reads_back_as_stored(
    settings: ClockSettings, timed: tuple[bool, ...], steps: list[Step]
) -> None:
    for clock, _ in played(settings, timed, steps):
        assert clock_from_json(json.loads(json.dumps(clock_to_json(clock)))) == clock
