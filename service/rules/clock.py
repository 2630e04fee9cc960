"""The rules of time: a game's clock, its turns' deadlines, timeouts and absent seats.

Pure like the rest of the rules: every function is given ``now`` (epoch milliseconds, the
service's time) and returns a new ``Clock``; nothing here reads a clock. A turn starts when the
change that gave it was saved (``give_turn``) and ends with its seat's own move (``after_move``),
a timeout (``after_timeout``) or, for an absent seat, at once (its deadline is its start).
Times are whole milliseconds: what is stored is what is compared.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

MAX_SECONDS = 2_592_000
"""The longest turn or bank: 30 days (correspondence games)."""
MAX_INCREMENT_SECONDS = 86_400
MAX_ABSENT_AFTER = 100
DEFAULT_ABSENT_AFTER = 3
PASS = "pass"
"""``on_timeout``'s default: the seat passes."""


class Due(StrEnum):
    """Why the current turn is played by the service now."""

    TIMEOUT = "timeout"
    """Its deadline passed: a timeout, counted."""
    ABSENT = "absent"
    """Its seat is absent: played at once, not counted as a timeout."""


@dataclass(frozen=True, slots=True)
class ClockSettings:
    turn_ms: int | None
    """Each turn's time (turn mode), else None."""
    bank_ms: int | None
    """Each seat's starting bank (bank mode), else None."""
    increment_ms: int
    """Added to the bank after each of the seat's own moves (bank mode; 0 in turn mode)."""
    on_timeout: str
    """``pass`` or the bot level whose move is played for a seat out of time."""
    absent_after: int
    """Timeouts in a row that make a seat absent (0: never)."""


@dataclass(frozen=True, slots=True)
class SeatTime:
    timed: bool
    """A person's seat; a bot's seat has no clock (it plays at once)."""
    bank_ms: int | None
    """What is left of the seat's bank when its turn starts (bank mode), else None."""
    timeouts: int = 0
    streak: int = 0
    """Timeouts in a row, since the seat's last own move or its return."""
    absent: bool = False


@dataclass(frozen=True, slots=True)
class Clock:
    settings: ClockSettings
    seats: tuple[SeatTime, ...]
    seat: int | None = None
    """Whose turn is timed now: None once the game is over, or while a bot has the turn."""
    started_ms: int = 0
    deadline_ms: int | None = None

    def due(self, now: int) -> Due | None:
        """Whether the current turn is the service's to play now, and why."""
        if self.seat is None or self.deadline_ms is None or now < self.deadline_ms:
            return None
        return Due.ABSENT if self.seats[self.seat].absent else Due.TIMEOUT

    def remaining_ms(self, now: int) -> int | None:
        """What is left of the current turn at ``now`` (None: no turn is timed)."""
        return None if self.deadline_ms is None else max(0, self.deadline_ms - now)

    def banks_ms(self, now: int) -> list[int] | None:
        """Each seat's bank at ``now``, the current seat's thinking time taken (bank mode), else None."""
        if self.settings.bank_ms is None:
            return None
        return [self._bank_now(seat, now) for seat in range(len(self.seats))]

    def _bank_now(self, seat: int, now: int) -> int:
        bank = self.seats[seat].bank_ms or 0
        return max(0, bank - (now - self.started_ms)) if seat == self.seat else bank


def start_clock(settings: ClockSettings, timed: tuple[bool, ...]) -> Clock:
    """A new game's clock, no turn yet (``give_turn`` starts the first)."""
    return Clock(settings, tuple(SeatTime(is_timed, settings.bank_ms) for is_timed in timed))


def give_turn(clock: Clock, seat: int | None, now: int) -> Clock:
    """The turn is ``seat``'s from ``now`` (None: the game is over). A bot's seat is not timed; an
    absent seat's turn is due at once; in bank mode a seat has its bank, or the increment once the
    bank ran out."""
    if seat is None or not clock.seats[seat].timed:
        return Clock(clock.settings, clock.seats, None, now, None)
    held = clock.seats[seat]
    if held.absent:
        allowed = 0
    elif clock.settings.turn_ms is not None:
        allowed = clock.settings.turn_ms
    else:
        allowed = held.bank_ms or clock.settings.increment_ms
    return Clock(clock.settings, clock.seats, seat, now, now + allowed)


def after_move(clock: Clock, seat: int, now: int) -> Clock:
    """``seat`` made its own move at ``now``: its thinking time taken from its bank and the
    increment added (bank mode), its streak of timeouts ended."""
    held = clock.seats[seat]
    bank = held.bank_ms
    if bank is not None and clock.seat == seat:
        bank = max(0, bank - (now - clock.started_ms)) + clock.settings.increment_ms
    if bank == held.bank_ms and held.streak == 0:
        return clock  # turn mode, no timeout to forget: nothing of the seat's changes
    return _with_seat(clock, seat, SeatTime(held.timed, bank, held.timeouts, 0, held.absent))


def after_timeout(clock: Clock, seat: int) -> tuple[Clock, bool]:
    """``seat``'s turn timed out: counted, its bank spent; whether the seat is absent from now on."""
    held = clock.seats[seat]
    streak = held.streak + 1
    limit = clock.settings.absent_after
    absent = held.absent or (limit > 0 and streak >= limit)
    bank = None if held.bank_ms is None else 0
    changed = SeatTime(held.timed, bank, held.timeouts + 1, streak, absent)
    return _with_seat(clock, seat, changed), absent and not held.absent


def come_back(clock: Clock, seat: int, now: int) -> Clock:
    """``seat``'s holder is back: no longer absent; if the turn is theirs, it starts again from now."""
    held = clock.seats[seat]
    returned = _with_seat(clock, seat, SeatTime(held.timed, held.bank_ms, held.timeouts, 0, False))
    return give_turn(returned, seat, now) if clock.seat == seat else returned


def hand_over(clock: Clock, seat: int, timed: bool, current: int | None, now: int) -> Clock:
    """``seat`` changes hands at ``now``: to a person (``timed``) or to the service standing in (not
    timed, as a bot's seat). Its bank and its count of timeouts stay; its absence and its timeouts in
    a row are the last holder's and go. If the turn is the seat's (``current``), it starts again from
    now: with its time for a person, untimed for the service."""
    held = clock.seats[seat]
    changed = _with_seat(clock, seat, SeatTime(timed, held.bank_ms, held.timeouts, 0, False))
    return give_turn(changed, seat, now) if current == seat else changed


def _with_seat(clock: Clock, seat: int, held: SeatTime) -> Clock:
    seats = (*clock.seats[:seat], held, *clock.seats[seat + 1 :])
    return Clock(clock.settings, seats, clock.seat, clock.started_ms, clock.deadline_ms)


def clock_to_json(clock: Clock) -> dict[str, Any]:
    """What is stored (beside the engine's snapshot)."""
    settings = clock.settings
    return {
        "turn_ms": settings.turn_ms,
        "bank_ms": settings.bank_ms,
        "increment_ms": settings.increment_ms,
        "on_timeout": settings.on_timeout,
        "absent_after": settings.absent_after,
        "seats": [[int(s.timed), s.bank_ms, s.timeouts, s.streak, int(s.absent)] for s in clock.seats],
        "seat": clock.seat,
        "started_ms": clock.started_ms,
        "deadline_ms": clock.deadline_ms,
    }


def clock_from_json(document: dict[str, Any]) -> Clock:
    """Read back what ``clock_to_json`` wrote (trusted: the service wrote it)."""
    settings = ClockSettings(
        document["turn_ms"],
        document["bank_ms"],
        document["increment_ms"],
        document["on_timeout"],
        document["absent_after"],
    )
    seats = tuple(SeatTime(bool(t), b, n, s, bool(a)) for t, b, n, s, a in document["seats"])
    return Clock(settings, seats, document["seat"], document["started_ms"], document["deadline_ms"])
