"""Game records (``restart-record/1``): a whole game as its deals and moves, replayed on the rules.

A record needs nothing of this service's shuffle or seed: each round says what was dealt (each
seat's tiles, its 1s included where the player count deals them: the rulebook's setup), the tiles
put back into the box unseen (when known), and who started; then its moves in order. ``replay``
plays it on the engine and answers the result it computes, or the first flaw: a deal the setup does
not allow, an illegal move (the engine's own code and sentence), or a claimed result that differs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from service.rules.actions import Move
from service.rules.deal import BOX_SIZE, HAND_SIZE, deal
from service.rules.engine import apply, end_by_consent, new_game, redeal
from service.rules.errors import Illegal, IllegalMove
from service.rules.messages import Message
from service.rules.state import CONSENTED_ENDS, EndReason, GameState, Status
from service.rules.tiles import ALL_TILES, ONES, Colour, Tile, sorted_tiles
from service.rules.tiles import tile as tile_of

FORMAT = "restart-record/1"
EVERY_TILE = Counter(ALL_TILES)
"""How many of each tile the game has (two scissors)."""


class Flawed(StrEnum):
    """Stable codes of what makes a record wrong, beside the engine's ``Illegal`` codes for a move."""

    HAND_HIDDEN = "hand_hidden"
    """A round's hands are not all given (a seat's or a spectator's record): nothing to replay."""
    WRONG_ROUND = "wrong_round"
    """Rounds are numbered 1, 2, ... in order."""
    HAND_SIZE = "hand_size"
    """A seat was dealt more or fewer tiles than the setup deals, or a round has a hand too many."""
    TILE_TWICE = "tile_twice"
    TILE_MISSING = "tile_missing"
    WRONG_STARTER = "wrong_starter"
    SEAT_MISMATCH = "seat_mismatch"
    """A move's ``seat`` is not the ``player`` of the move it holds."""
    ROUND_NOT_OVER = "round_not_over"
    """Another round follows a round whose moves did not end it."""
    MOVES_AFTER_END = "moves_after_end"
    """A move after its round (or the game) ended, or a round after the game ended."""
    RESULT_DIFFERS = "result_differs"
    HOLDERS_INCONSISTENT = "holders_inconsistent"
    """A seat's holders do not follow one another from version 1 (docs/SEATS.md)."""
    ILLEGAL_TAKEBACK = "illegal_takeback"
    """A takeback that does not undo its round's last move standing, by the same seat (docs/OFFERS.md)."""
    ABORT_TOO_LATE = "abort_too_late"
    """A game aborted after every seat had moved."""


@dataclass(frozen=True, slots=True)
class DealtRound:
    hands: tuple[tuple[Tile, ...] | None, ...]
    """Each seat's tiles as dealt, 1s included (three and four players); None: hidden from the reader."""
    box: tuple[Tile, ...] | None
    """The tiles put back into the box unseen (none with four players); None: not known."""
    starter: int


@dataclass(frozen=True, slots=True)
class RecordedMove:
    seat: int
    move: Move
    at_ms: int | None = None
    """When it was saved (epoch ms), where known."""
    timed_out: bool = False
    """The service played it: the seat's time was up."""
    takes_back: int | None = None
    """A takeback (docs/OFFERS.md): the index in its round of the move it undoes, which ``move``
    repeats. None: a move."""


@dataclass(frozen=True, slots=True)
class RecordedRound:
    number: int
    dealt: DealtRound
    moves: tuple[RecordedMove, ...]
    unknown_tile: str | None = None
    """A code in a hand or the box that names no tile of the game (found when the round is dealt)."""


@dataclass(frozen=True, slots=True)
class Result:
    status: Status
    winners: tuple[int, ...]
    end_reason: EndReason | None
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Tenure:
    """A seat's holder for a span of the game's versions: from the version whose change gave it the
    seat (1: the creation) until the one whose change took it off (None: to the end)."""

    name: str
    from_version: int
    until_version: int | None = None
    left: bool = False
    """It left the game for good at ``until_version``: no one held the seat after it."""


@dataclass(frozen=True, slots=True)
class Record:
    names: tuple[str, ...]
    target_score: int
    rounds: tuple[RecordedRound, ...]
    result: Result
    holders: tuple[tuple[Tenure, ...] | None, ...] = ()
    """Each seat's holders in order (None, or empty: not given)."""


@dataclass(frozen=True, slots=True)
class Flaw:
    """Where a record first goes wrong: its round (None: before any), the index of the move in that
    round (None: not a move's flaw), a stable code and a sentence."""

    round: int | None
    move_index: int | None
    code: str
    message: Message


def result_of(state: GameState) -> Result:
    reason = None if state.outcome is None else state.outcome.reason
    return Result(state.status, state.winners, reason, tuple(player.score for player in state.players))


def dealt_round(seed: int, round_number: int, player_count: int) -> DealtRound:
    """A round of this service's games as a record writes it: the seeded deal, each seat's 1s given
    back to the hand that placed them."""
    dealt = deal(seed, round_number, player_count)
    hands = tuple(
        sorted_tiles((*hand, *(ONES[colour] for colour, by in dealt.ones_placed_by.items() if by == seat)))
        for seat, hand in enumerate(dealt.hands)
    )
    return DealtRound(hands, dealt.box, dealt.starter)


def check_deal(player_count: int, dealt: DealtRound) -> tuple[Flawed, Message] | None:
    """Whether the rulebook's setup could deal this: hand sizes, each tile once (both scissors), every
    tile somewhere when the box is known, the 1s dealt (three and four players: else on the table), and
    the starter (the red 1's holder; with two players either seat)."""
    if len(dealt.hands) != player_count:
        return Flawed.HAND_SIZE, Message(
            "a round of {players} players has {players} hands", players=player_count
        )
    hands: list[tuple[Tile, ...]] = []
    for seat, hand in enumerate(dealt.hands):
        if hand is None:
            return Flawed.HAND_HIDDEN, Message(
                "seat {seat}'s hand is hidden: the round cannot be replayed", seat=seat
            )
        if len(hand) != HAND_SIZE[player_count]:
            return Flawed.HAND_SIZE, Message(
                "seat {seat} was dealt {count} tiles, not {size}",
                seat=seat,
                count=len(hand),
                size=HAND_SIZE[player_count],
            )
        hands.append(hand)
    on_the_table = tuple(ONES.values()) if player_count == 2 else ()
    placed = Counter((*on_the_table, *(held for hand in hands for held in hand), *(dealt.box or ())))
    for dealt_tile, count in placed.items():
        if count > EVERY_TILE[dealt_tile]:
            return Flawed.TILE_TWICE, Message("{tile} is dealt more than once", tile=dealt_tile)
    if dealt.box is not None or player_count == 4:  # four players: every tile is dealt
        for tile in EVERY_TILE:
            if placed[tile] < EVERY_TILE[tile]:
                return Flawed.TILE_MISSING, Message("{tile} is in no hand and not in the box", tile=tile)
    if player_count > 2:  # the 1s are dealt, never put in the box
        in_hands = {held for hand in hands for held in hand}
        for one in ONES.values():
            if one not in in_hands:
                return Flawed.TILE_MISSING, Message("{tile} was dealt to no one", tile=one)
    if dealt.box is not None and len(dealt.box) != BOX_SIZE[player_count]:
        return Flawed.HAND_SIZE, Message(
            "the box holds {count} tiles, not {size}", count=len(dealt.box), size=BOX_SIZE[player_count]
        )
    if not 0 <= dealt.starter < player_count:
        return Flawed.WRONG_STARTER, Message("seat {seat} is not at this table", seat=dealt.starter)
    red_one = ONES[Colour.RED]
    if player_count > 2 and red_one not in hands[dealt.starter]:
        return Flawed.WRONG_STARTER, Message("the red 1's holder starts, not seat {seat}", seat=dealt.starter)
    return None


def record_from_json(document: dict[str, Any]) -> Record:
    """The record of a wire document already checked for shape (the API's schema does that); a code
    in a hand or the box that names no tile is kept for ``replay`` to find in its turn."""
    rounds = []
    for recorded in document["rounds"]:
        hands: list[tuple[Tile, ...] | None] = []
        unknown = None
        for codes in (*recorded["hands"], recorded["box"]):
            found = None if codes is None else [tile_of(code) for code in codes]
            if found is not None and None in found:
                unknown = unknown or codes[found.index(None)]
            hands.append(None if found is None else tuple(held for held in found if held is not None))
        moves = tuple(
            RecordedMove(
                played["seat"], played["move"], None, played.get("timed_out", False), played.get("takes_back")
            )
            for played in recorded["moves"]
        )
        dealt = DealtRound(tuple(hands[:-1]), hands[-1], recorded["starter"])
        rounds.append(RecordedRound(recorded["round"], dealt, moves, unknown))
    end_reason = document["end_reason"]
    result = Result(
        Status(document["status"]),
        tuple(document["winners"]),
        None if end_reason is None else EndReason(end_reason),
        tuple(document["scores"]),
    )
    names = tuple(player["name"] for player in document["players"])
    holders = tuple(_tenures(player.get("holders")) for player in document["players"])
    return Record(names, document["target_score"], tuple(rounds), result, holders if any(holders) else ())


def _tenures(listed: list[dict[str, Any]] | None) -> tuple[Tenure, ...] | None:
    if listed is None:
        return None
    return tuple(
        Tenure(held["name"], held["from_version"], held.get("until_version"), held.get("left", False))
        for held in listed
    )


def check_holders(record: Record) -> Flaw | None:
    """Each seat's holders, where given, follow one another: the first is the seat's name from version
    1; each next holds it from where the one before let it go, or later (the seat vacated between);
    only the last holds it to the end, and one that left is the last."""
    for seat, tenures in enumerate(record.holders):
        if tenures is None:
            continue
        if not tenures:
            return _holders_flaw(Message("seat {seat} has no holder", seat=seat))
        first = tenures[0]
        if first.from_version != 1 or first.name != record.names[seat]:
            name = record.names[seat]
            return _holders_flaw(Message("seat {seat}'s first holder is not {name} from version 1", seat=seat,
                                         name=name))  # fmt: skip
        for index, tenure in enumerate(tenures):
            last = index == len(tenures) - 1
            before = tenures[index - 1] if index else None
            follows = before is None or (before.until_version is not None and
                                         tenure.from_version >= before.until_version)  # fmt: skip
            spans = tenure.until_version is None or tenure.until_version > tenure.from_version
            if not follows or not spans or (tenure.until_version is None and not last):
                return _holders_flaw(Message("seat {seat}'s holder {index} does not hold it from where the "
                                             "one before let it go", seat=seat, index=index))  # fmt: skip
            if tenure.left and (not last or tenure.until_version is None):
                return _holders_flaw(Message("seat {seat}'s holder {index} left, and the seat went on",
                                             seat=seat, index=index))  # fmt: skip
    return None


def _holders_flaw(message: Message) -> Flaw:
    return Flaw(None, None, Flawed.HOLDERS_INCONSISTENT, message)


def replay(record: Record) -> Result | Flaw:
    """The result of playing ``record`` on the rules, or its first flaw (its holders checked first)."""
    inconsistent = check_holders(record)
    if inconsistent is not None:
        return inconsistent
    player_count = len(record.names)
    state = new_game(record.names, 0, record.target_score).state  # each round is dealt from the record
    moved: set[int] = set()  # the seats that made a move (an abort is only before each has)
    previous: RecordedRound | None = None
    for index, recorded in enumerate(record.rounds):
        number = recorded.number
        if number != index + 1:
            return Flaw(
                number,
                None,
                Flawed.WRONG_ROUND,
                Message(
                    "round {number} comes where round {expected} should", number=number, expected=index + 1
                ),
            )
        if state.outcome is not None:
            return Flaw(
                number,
                None,
                Flawed.MOVES_AFTER_END,
                Message("the game was over before round {number}", number=number),
            )
        if previous is not None and state.round != number:
            return Flaw(
                previous.number,
                len(previous.moves),
                Flawed.ROUND_NOT_OVER,
                Message("round {number}'s moves do not end it", number=previous.number),
            )
        if recorded.unknown_tile is not None:
            message = Message("{code!r} is not a Restart tile", code=recorded.unknown_tile)
            return Flaw(number, None, Illegal.UNKNOWN_TILE, message)
        problem = check_deal(player_count, recorded.dealt)
        if problem is not None:
            return Flaw(number, None, *problem)
        hands = tuple(hand or () for hand in recorded.dealt.hands)
        standing: list[
            tuple[int, GameState]
        ] = []  # each move of the round still standing, and the state before it
        state = redeal(state, hands, recorded.dealt.box or (), recorded.dealt.starter)
        for move_index, played in enumerate(recorded.moves):
            if state.outcome is not None or state.round != number:
                return Flaw(
                    number,
                    move_index,
                    Flawed.MOVES_AFTER_END,
                    Message("round {number} was over before this move", number=number),
                )
            if played.seat != played.move.player:
                return Flaw(
                    number,
                    move_index,
                    Flawed.SEAT_MISMATCH,
                    Message(
                        "the move of seat {seat} names player {player}",
                        seat=played.seat,
                        player=played.move.player,
                    ),
                )
            if played.takes_back is not None:
                undone = _undone(standing, recorded.moves, played)
                if undone is not None:
                    return Flaw(number, move_index, Flawed.ILLEGAL_TAKEBACK, undone)
                state = standing.pop()[1]
                continue
            try:
                standing.append((move_index, state))
                state = apply(state, played.move).state
            except IllegalMove as illegal:
                return Flaw(number, move_index, illegal.code, illegal.message)
            moved.add(played.seat)
        previous = recorded
    consented = record.result.end_reason
    if consented in CONSENTED_ENDS and state.outcome is None:
        if consented is EndReason.ABORTED and len(moved) == player_count:
            last = record.rounds[-1].number if record.rounds else None
            return Flaw(last, None, Flawed.ABORT_TOO_LATE, Message("every seat had moved: too late to abort"))
        state = end_by_consent(state, consented).state
    computed = result_of(state)
    differs = _first_difference(computed, record.result)
    if differs is not None:
        last = record.rounds[-1].number if record.rounds else None
        return Flaw(last, None, Flawed.RESULT_DIFFERS, differs)
    return computed


def _undone(
    standing: list[tuple[int, GameState]], moves: tuple[RecordedMove, ...], takeback: RecordedMove
) -> Message | None:
    """Why ``takeback`` does not undo its round's last move standing, by its own seat (None: it does).
    A move that ended its round has no takeback: the next round's deal showed new hands."""
    if not standing or standing[-1][0] != takeback.takes_back:
        return Message("a takeback undoes its round's last move still standing, not move {index}",
                       index=str(takeback.takes_back))  # fmt: skip
    undone = moves[standing[-1][0]]
    if undone.seat != takeback.seat or undone.move != takeback.move or undone.timed_out:
        return Message("seat {seat} takes back only a move of its own, as it was made", seat=takeback.seat)
    return None


def _first_difference(computed: Result, claimed: Result) -> Message | None:
    named: Sequence[tuple[str, object, object]] = (
        ("status", computed.status, claimed.status),
        ("winners", computed.winners, claimed.winners),
        ("end_reason", computed.end_reason, claimed.end_reason),
        ("scores", computed.scores, claimed.scores),
    )
    for field, found, said in named:
        if found != said:
            return Message(
                "the record says {field} {claimed}, the rules give {computed}",
                field=field,
                claimed=_shown(said),
                computed=_shown(found),
            )
    return None


def _shown(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, tuple):
        return "[" + ", ".join(str(item) for item in value) + "]"
    return str(value)
