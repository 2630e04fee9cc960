"""Turn clocks as the use cases need them: a clock asked for at creation, the events of time, the
move the service plays for a seat out of time, and how a clock is shown.

The rules of time themselves are pure (``service.rules.clock``); this module joins them to the
game: which move a timed-out or absent seat plays (``pass``, or a bot level's choice from the
seat's view, seeded like a bot seat's), and the three events the log gets.
"""

from __future__ import annotations

import calendar
import re
import time
from collections.abc import Callable
from typing import Any

from service.bots.levels import LEVEL_NAMES, choose
from service.bots.seeding import decision_seed
from service.bots.view import SeatView, seat_view
from service.encoding import dumps
from service.play.refusals import InvalidClock
from service.rules import Action, GameState, Move
from service.rules.clock import (
    DEFAULT_ABSENT_AFTER,
    MAX_ABSENT_AFTER,
    MAX_INCREMENT_SECONDS,
    MAX_SECONDS,
    PASS,
    Clock,
    ClockSettings,
    Due,
    after_move,
    after_timeout,
    give_turn,
)
from service.rules.messages import Message

Think = Callable[[str, SeatView, int], Move]
"""How a level's choice is computed: ``service.bots.levels.choose`` itself, handed to a thread, or
asked of the worker (``bot_seats.hint_job``, ``bot_seats.answer_hint_job``): a bot seat's move, a
hint, a timeout's move."""

WHOLE_FIELDS: dict[str, tuple[int, int]] = {
    "turn_seconds": (1, MAX_SECONDS),
    "bank_seconds": (1, MAX_SECONDS),
    "increment_seconds": (0, MAX_INCREMENT_SECONDS),
    "absent_after": (0, MAX_ABSENT_AFTER),
}
"""A clock's whole-number fields and their ranges, in the order they are checked."""
CLOCK_FIELDS = frozenset({*WHOLE_FIELDS, "on_timeout"})
MODE_FIELDS = frozenset({"turn_seconds", "bank_seconds", "increment_seconds"})
"""Null in a shown clock where its mode has none."""
LATER_VALUE_PATTERN = r"^[a-z][a-z0-9_]{0,63}$"
"""``on_timeout`` as a record shows it: any lower-case name, a level added later or another service's
(the contract's ``LaterValue``)."""
_LATER_VALUE = re.compile(LATER_VALUE_PATTERN)


def clock_settings(document: Any, *, shown: bool = False) -> ClockSettings:
    """A clock's five fields read: the one reader, of a clock a creation asks for (``clock`` of
    ``POST /v1/games``) and, ``shown``, of one a record shows (``POST /v1/records/verify``; as
    ``settings_view`` writes it). InvalidClock names the first thing wrong, and its field.

    Asked: any field may be left out (its default), none is null; exactly one of ``turn_seconds``
    and ``bank_seconds``, ``increment_seconds`` only with a bank, a known ``on_timeout``: a clock
    this service can keep. Shown: every field present, null where the mode has none, ``on_timeout``
    any lower-case name: what a game had, read to be shown, never kept or checked further."""
    if not isinstance(document, dict):
        raise InvalidClock(Message("clock must be an object"))
    unknown = sorted(set(document) - CLOCK_FIELDS)
    if unknown:
        raise InvalidClock(Message("clock has no field {field}", field=unknown[0]), unknown[0])
    missing = sorted(CLOCK_FIELDS - set(document)) if shown else []
    if missing:
        raise InvalidClock(Message("clock is missing {field}", field=missing[0]), missing[0])
    turn, bank, increment, absent_after = (_whole(document, name, shown) for name in WHOLE_FIELDS)
    if not shown and (turn is None) == (bank is None):
        raise InvalidClock(Message("a clock has exactly one of turn_seconds and bank_seconds"))
    if not shown and turn is not None and increment is not None:
        raise InvalidClock(Message("increment_seconds goes with bank_seconds"), "increment_seconds")
    return ClockSettings(
        None if turn is None else turn * 1000,
        None if bank is None else bank * 1000,
        0 if increment is None else increment * 1000,
        _on_timeout(document, shown),
        DEFAULT_ABSENT_AFTER if absent_after is None else absent_after,
    )


def _whole(document: dict[str, Any], name: str, shown: bool) -> int | None:
    """A JSON integer (``3.0`` too, as the schemas read one) in the field's range; None: left out, or
    null where a shown clock's mode has none."""
    value = document.get(name)
    if name not in document or (value is None and shown and name in MODE_FIELDS):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    least, most = WHOLE_FIELDS[name]
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise InvalidClock(Message("{field} is a whole number from {least} to {most}", field=name,
                                   least=least, most=most), name)  # fmt: skip
    return value


def _on_timeout(document: dict[str, Any], shown: bool) -> str:
    on_timeout = document.get("on_timeout", PASS)
    if shown and not (isinstance(on_timeout, str) and _LATER_VALUE.fullmatch(on_timeout)):
        raise InvalidClock(Message("on_timeout is a lower-case name, such as pass or greedy"), "on_timeout")
    if not shown and on_timeout != PASS and on_timeout not in LEVEL_NAMES:
        known = ", ".join((PASS, *LEVEL_NAMES))
        raise InvalidClock(Message("on_timeout is one of {known}", known=known), "on_timeout")
    return str(on_timeout)


def turn_timed_out(seat: int) -> str:
    """The event that opens a timeout's change (the events of the move played for the seat follow)."""
    return dumps({"type": "turn_timed_out", "seat": seat})


def seat_absent(seat: int) -> str:
    return dumps({"type": "seat_absent", "seat": seat})


def seat_back(seat: int) -> str:
    return dumps({"type": "seat_back", "seat": seat})


def timed_change(
    clock: Clock | None, seat: int, forced: Due | None, after: GameState, now: int
) -> tuple[list[str], Clock | None]:
    """What time makes of ``seat``'s move saved at ``now`` (epoch ms), leaving the game ``after``: the
    events before the move's own (so that ``game_over`` stays the last), and the clock once the next
    turn is given. A player's move takes its time; a timeout (``forced``) is counted and may make the
    seat absent; an absent seat's move changes nothing of it."""
    if clock is None:
        return [], None
    before: list[str] = []
    if forced is None:
        clock = after_move(clock, seat, now)
    elif forced is Due.TIMEOUT:
        clock, absent = after_timeout(clock, seat)
        before = [turn_timed_out(seat), *([seat_absent(seat)] if absent else [])]
    return before, give_turn(clock, None if after.outcome is not None else after.current_player, now)


def forced_move(clock: Clock, state: GameState, seed: int, version: int, think: Think = choose) -> Move:
    """The move the service plays for the seat whose turn it is, out of time or absent: a pass, or
    what the level ``on_timeout`` names would play there (from the seat's view, seeded as a bot's)."""
    seat = state.current_player
    level = clock.settings.on_timeout
    if level == PASS:
        return Move(seat, Action.PASS)
    return think(level, seat_view(state, seat), decision_seed(seed, version, seat))


def clock_view(clock: Clock | None, now: int) -> dict[str, Any] | None:
    """``clock`` of a game's view at ``now`` (epoch ms): its settings, the current turn's deadline and
    what remains of it, and each seat's bank (bank mode)."""
    if clock is None:
        return None
    remaining = clock.remaining_ms(now)
    banks = clock.banks_ms(now)
    return {
        **settings_view(clock.settings),
        "deadline": None if clock.deadline_ms is None else rfc3339(clock.deadline_ms),
        "remaining_seconds": None if remaining is None else remaining / 1000,
        "banks": None if banks is None else [bank / 1000 for bank in banks],
    }


def settings_view(settings: ClockSettings) -> dict[str, Any]:
    """A clock's settings as a view and a record show them (seconds; null for the other mode's)."""
    return {
        "turn_seconds": _seconds(settings.turn_ms),
        "bank_seconds": _seconds(settings.bank_ms),
        "increment_seconds": None if settings.bank_ms is None else _seconds(settings.increment_ms),
        "on_timeout": settings.on_timeout,
        "absent_after": settings.absent_after,
    }


def _seconds(ms: int | None) -> int | None:
    return None if ms is None else ms // 1000


def rfc3339(ms: int) -> str:
    """An instant in epoch milliseconds as RFC 3339 UTC with milliseconds."""
    seconds, millis = divmod(ms, 1000)
    return f"{time.strftime('%Y-%m-%dT%H:%M:%S', time.gmtime(seconds))}.{millis:03d}Z"


def from_rfc3339(text: str) -> int:
    """Epoch milliseconds of an instant ``rfc3339`` wrote (``YYYY-MM-DDTHH:MM:SS.mmmZ``)."""
    seconds = calendar.timegm(time.strptime(text[:19], "%Y-%m-%dT%H:%M:%S"))
    return seconds * 1000 + int(text[20:23])
