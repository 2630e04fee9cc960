"""Game records on the rules alone (``service.rules.record``): what a deal may be (``check_deal``), and
``replay`` of games the engine played, whole or with one thing wrong. The API's side (the wire
document, hidden hands, the caller's language) is tests/api/test_api_records.py."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harness.players import SAMPLE_NAMES
from service.rules import Action, EndReason, Illegal, Move, Status, apply, legal_moves, new_game
from service.rules.deal import BOX_SIZE, HAND_SIZE
from service.rules.record import (
    FORMAT,
    DealtRound,
    Flaw,
    Flawed,
    Record,
    RecordedMove,
    RecordedRound,
    Result,
    Tenure,
    check_deal,
    check_holders,
    dealt_round,
    record_from_json,
    replay,
    result_of,
)
from service.rules.state import DEFAULT_TARGET_SCORE
from service.rules.tiles import ONES, SCISSORS, Colour, Tile, codes

RED_ONE = ONES[Colour.RED]
LONG_GAME = 300
"""A target score random play reaches in two rounds or more."""


def played(players: int, seed: int, target_score: int = DEFAULT_TARGET_SCORE) -> Record:
    """A game the engine played to its end (random legal moves, seeded), as its record."""
    chooser = random.Random(seed)
    state = new_game(SAMPLE_NAMES[:players], seed, target_score).state
    rounds: list[list[RecordedMove]] = [[]]
    while state.outcome is None:
        move = chooser.choice(legal_moves(state, state.current_player))
        after = apply(state, move).state
        rounds[-1].append(RecordedMove(move.player, move))
        if after.round != state.round:
            rounds.append([])
        state = after
    recorded = tuple(
        RecordedRound(number, dealt_round(seed, number, players), tuple(moves))
        for number, moves in enumerate(rounds, start=1)
    )
    return Record(tuple(SAMPLE_NAMES[:players]), target_score, recorded, result_of(state))


def several_rounds(players: int) -> Record:
    record = played(players, 1, LONG_GAME)
    assert len(record.rounds) >= 2
    return record


def hand(dealt: DealtRound, seat: int) -> list[Tile]:
    held = dealt.hands[seat]
    assert held is not None
    return list(held)


def with_hand(dealt: DealtRound, seat: int, tiles: list[Tile] | None) -> DealtRound:
    hands = list(dealt.hands)
    hands[seat] = None if tiles is None else tuple(tiles)
    return replace(dealt, hands=tuple(hands))


def given_to(dealt: DealtRound, tile: Tile, seat: int) -> DealtRound:
    """One ``tile`` given to ``seat`` from where else it was dealt (another hand, else the box), which
    gets one of the seat's own coloured tiles (not a 1) in its place: every size stays."""
    hands = [hand(dealt, other) for other in range(len(dealt.hands))]
    box = list(dealt.box or ())
    giver = next((held for other, held in enumerate(hands) if other != seat and tile in held), box)
    given = next(held for held in hands[seat] if not held.is_one and not held.is_purple)
    giver[giver.index(tile)] = given
    hands[seat][hands[seat].index(given)] = tile
    return DealtRound(tuple(map(tuple, hands)), None if dealt.box is None else tuple(box), dealt.starter)


def holder(dealt: DealtRound, tile: Tile) -> int:
    return next(seat for seat in range(len(dealt.hands)) if tile in hand(dealt, seat))


def flawed(players: int, dealt: DealtRound) -> tuple[Flawed, str]:
    problem = check_deal(players, dealt)
    assert problem is not None, "the deal was allowed"
    code, message = problem
    return code, str(message)


# check_deal: what the setup deals


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_every_deal_of_the_service_is_one_the_setup_allows(players: int, seed: int) -> None:
    for number in (1, 2, 3):
        dealt = dealt_round(seed, number, players)
        assert check_deal(players, dealt) is None
        assert [len(hand(dealt, seat)) for seat in range(players)] == [HAND_SIZE[players]] * players
        assert len(dealt.box or ()) == BOX_SIZE[players]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_box_may_be_unknown(players: int) -> None:
    assert check_deal(players, replace(dealt_round(5, 1, players), box=None)) is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_both_scissors_may_be_dealt_to_one_hand(players: int) -> None:
    for seat in range(players):
        dealt = dealt_round(11, 1, players)
        while hand(dealt, seat).count(SCISSORS) < 2:
            dealt = given_to(dealt, SCISSORS, seat)
        assert check_deal(players, dealt) is None, seat


def test_both_scissors_may_lie_in_the_box() -> None:
    dealt = dealt_round(11, 1, 2)
    box = list(dealt.box or ())
    for seat in range(2):
        held = hand(dealt, seat)
        while SCISSORS in held:
            spare = next(tile for tile in box if tile is not SCISSORS)
            held[held.index(SCISSORS)], box[box.index(spare)] = spare, SCISSORS
        dealt = with_hand(dealt, seat, held)
    dealt = replace(dealt, box=tuple(box))
    assert dealt.box is not None and dealt.box.count(SCISSORS) == 2
    assert check_deal(2, dealt) is None


def test_a_third_scissors_is_a_tile_dealt_twice() -> None:
    dealt = dealt_round(11, 1, 4)
    while hand(dealt, 0).count(SCISSORS) < 2:
        dealt = given_to(dealt, SCISSORS, 0)
    third = [SCISSORS, *hand(dealt, 1)[1:]]
    assert flawed(4, with_hand(dealt, 1, third)) == (Flawed.TILE_TWICE, "scissors is dealt more than once")


def test_two_players_hold_no_1_the_1s_lie_on_the_table() -> None:
    dealt = dealt_round(3, 1, 2)
    assert not any(tile.is_one for seat in range(2) for tile in hand(dealt, seat))
    with_a_one = with_hand(dealt, 0, [RED_ONE, *hand(dealt, 0)[1:]])
    assert flawed(2, with_a_one) == (Flawed.TILE_TWICE, "red-1 is dealt more than once")


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_players_are_dealt_the_1s(players: int) -> None:
    dealt = dealt_round(3, 1, players)
    assert sorted(
        tile.code for seat in range(players) for tile in hand(dealt, seat) if tile.is_one
    ) == sorted(one.code for one in ONES.values())


def test_three_players_put_one_tile_in_the_box_and_it_is_in_no_hand() -> None:
    dealt = dealt_round(4, 1, 3)
    assert dealt.box is not None and len(dealt.box) == 1
    boxed = dealt.box[0]
    also_held = with_hand(dealt, 0, [boxed, *hand(dealt, 0)[1:]])
    assert flawed(3, also_held) == (Flawed.TILE_TWICE, f"{boxed} is dealt more than once")
    assert flawed(3, replace(dealt, box=(boxed, hand(dealt, 0)[0])))[0] is Flawed.TILE_TWICE


def test_with_an_unknown_box_three_players_must_still_be_dealt_every_1() -> None:
    dealt = dealt_round(4, 1, 3)
    assert dealt.box is not None
    seat = holder(dealt, RED_ONE)
    held = hand(dealt, seat)
    held[held.index(RED_ONE)] = dealt.box[0]  # the unseen tile dealt instead of the red 1
    unknown_box = replace(with_hand(dealt, seat, held), box=None)
    assert flawed(3, unknown_box) == (Flawed.TILE_MISSING, "red-1 was dealt to no one")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("change", [-1, +1])
def test_a_hand_of_the_wrong_size_is_refused(players: int, change: int) -> None:
    dealt = dealt_round(6, 1, players)
    size = HAND_SIZE[players]
    held = hand(dealt, 1)
    resized = held[:-1] if change < 0 else [*held, hand(dealt, 0)[-1]]
    assert flawed(players, with_hand(dealt, 1, resized)) == (
        Flawed.HAND_SIZE,
        f"seat 1 was dealt {size + change} tiles, not {size}",
    )


@pytest.mark.parametrize(("players", "hands"), [(3, 2), (3, 4), (2, 3)])
def test_a_round_with_a_hand_too_many_or_too_few_is_refused(players: int, hands: int) -> None:
    dealt = dealt_round(6, 1, players)
    extra = (hand(dealt, 0),) * max(0, hands - players)
    changed = replace(dealt, hands=(*dealt.hands, *extra)[:hands])
    assert flawed(players, changed) == (Flawed.HAND_SIZE, f"a round of {players} players has {players} hands")


def test_a_tile_dealt_to_two_hands_is_refused() -> None:
    dealt = dealt_round(6, 1, 4)
    copied = hand(dealt, 2)[3]
    assert flawed(4, with_hand(dealt, 0, [copied, *hand(dealt, 0)[1:]])) == (
        Flawed.TILE_TWICE,
        f"{copied} is dealt more than once",
    )


def test_a_hidden_hand_cannot_be_checked() -> None:
    dealt = with_hand(dealt_round(6, 1, 3), 2, None)
    assert flawed(3, dealt) == (Flawed.HAND_HIDDEN, "seat 2's hand is hidden: the round cannot be replayed")


@pytest.mark.parametrize("players", [3, 4])
def test_three_or_four_players_start_with_the_red_1s_holder(players: int) -> None:
    for seed in range(6):
        dealt = dealt_round(seed, 1, players)
        assert dealt.starter == holder(dealt, RED_ONE)
        for other in set(range(players)) - {dealt.starter}:
            assert flawed(players, replace(dealt, starter=other)) == (
                Flawed.WRONG_STARTER,
                f"the red 1's holder starts, not seat {other}",
            )


def test_two_players_start_with_either_seat() -> None:
    starters = {dealt_round(seed, 1, 2).starter for seed in range(20)}
    assert starters == {0, 1}
    for starter in (0, 1):
        assert check_deal(2, replace(dealt_round(7, 1, 2), starter=starter)) is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_starter_not_at_the_table_is_refused(players: int) -> None:
    dealt = replace(dealt_round(7, 1, players), starter=players)
    assert flawed(players, dealt) == (Flawed.WRONG_STARTER, f"seat {players} is not at this table")


# replay: games the engine played


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), target=st.sampled_from([1, 100, 250]))
def test_a_game_the_engine_played_replays_to_its_own_result(players: int, seed: int, target: int) -> None:
    record = played(players, seed, target)
    assert record.result.status is Status.FINISHED
    assert replay(record) == record.result


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_still_playing_replays_to_where_it_is(players: int) -> None:
    whole = several_rounds(players)
    second = whole.rounds[1]
    state = new_game(whole.names, 1, LONG_GAME).state
    for recorded in (*whole.rounds[0].moves, *second.moves[:3]):
        state = apply(state, recorded.move).state
    rounds = (whole.rounds[0], replace(second, moves=second.moves[:3]))  # and no round after
    so_far = replace(whole, rounds=rounds, result=result_of(state))
    assert so_far.result.status is Status.PLAYING
    assert replay(so_far) == so_far.result


def document(record: Record) -> dict[str, Any]:
    """The record as the API's schema loads it (moves already ``Move``s)."""
    result = record.result
    return {
        "format": FORMAT,
        "players": [{"name": name, "bot": None} for name in record.names],
        "target_score": record.target_score,
        "clock": None,
        "rounds": [
            {
                "round": recorded.number,
                "starter": recorded.dealt.starter,
                "hands": [None if held is None else codes(held) for held in recorded.dealt.hands],
                "box": None if recorded.dealt.box is None else codes(recorded.dealt.box),
                "moves": [
                    {"seat": move.seat, "move": move.move, "timed_out": False} for move in recorded.moves
                ],
            }
            for recorded in record.rounds
        ],
        "status": result.status.value,
        "winners": list(result.winners),
        "end_reason": None if result.end_reason is None else result.end_reason.value,
        "scores": list(result.scores),
    }


def test_a_record_read_from_its_document_replays_alike() -> None:
    record = several_rounds(3)
    assert record_from_json(document(record)) == record
    assert replay(record) == record.result


def test_an_unknown_tile_in_a_deal_is_its_rounds_flaw_when_the_replay_comes_to_it() -> None:
    wire = document(several_rounds(3))
    wire["rounds"][1]["hands"][2][4] = "red-16"
    wire["rounds"][1]["moves"].append(wire["rounds"][0]["moves"][0])
    flaw = replay(record_from_json(wire))
    assert isinstance(flaw, Flaw)
    assert (flaw.round, flaw.move_index, flaw.code) == (2, None, Illegal.UNKNOWN_TILE)
    assert str(flaw.message) == "'red-16' is not a Restart tile"


def with_round(record: Record, index: int, **changes: Any) -> Record:
    rounds = list(record.rounds)
    rounds[index] = replace(rounds[index], **changes)
    return replace(record, rounds=tuple(rounds))


Expected = tuple[int | None, int | None, str]
"""Where the flaw is (round, move index) and its code."""


def renumbered(record: Record) -> tuple[Record, Expected]:
    return with_round(record, 1, number=3), (3, None, Flawed.WRONG_ROUND)


def first_renumbered(record: Record) -> tuple[Record, Expected]:
    return with_round(record, 0, number=2), (2, None, Flawed.WRONG_ROUND)


def a_round_after_the_end(record: Record) -> tuple[Record, Expected]:
    number = len(record.rounds) + 1
    extra = RecordedRound(number, dealt_round(1, number, len(record.names)), ())
    return replace(record, rounds=(*record.rounds, extra)), (number, None, Flawed.MOVES_AFTER_END)


def a_pass_after(record: Record, index: int) -> tuple[Record, Expected]:
    recorded = record.rounds[index]
    seat = recorded.moves[-1].seat
    moves = (*recorded.moves, RecordedMove(seat, Move(seat, Action.PASS)))
    return with_round(record, index, moves=moves), (
        recorded.number,
        len(recorded.moves),
        Flawed.MOVES_AFTER_END,
    )


def a_move_after_the_end(record: Record) -> tuple[Record, Expected]:
    return a_pass_after(record, -1)


def a_move_after_its_round(record: Record) -> tuple[Record, Expected]:
    return a_pass_after(record, 0)


def a_round_cut_short(record: Record) -> tuple[Record, Expected]:
    moves = record.rounds[0].moves[:-1]
    return with_round(record, 0, moves=moves), (1, len(moves), Flawed.ROUND_NOT_OVER)


def changed_move(record: Record, index: int, change: Callable[[RecordedMove], RecordedMove]) -> Record:
    moves = list(record.rounds[0].moves)
    moves[index] = change(moves[index])
    return with_round(record, 0, moves=tuple(moves))


def a_seat_not_the_movers(record: Record) -> tuple[Record, Expected]:
    other = lambda move: replace(move, seat=(move.seat + 1) % len(record.names))  # noqa: E731
    return changed_move(record, 2, other), (1, 2, Flawed.SEAT_MISMATCH)


def a_move_out_of_turn(record: Record) -> tuple[Record, Expected]:
    seat = (record.rounds[0].moves[2].seat + 1) % len(record.names)
    return changed_move(record, 2, lambda _: RecordedMove(seat, Move(seat, Action.PASS))), (
        1, 2, Illegal.NOT_YOUR_TURN)  # fmt: skip


def a_tile_never_held(record: Record) -> tuple[Record, Expected]:
    index, played_move = next(
        (index, recorded) for index, recorded in enumerate(record.rounds[0].moves) if recorded.move.tiles
    )
    seat = played_move.seat
    dealt = record.rounds[0].dealt
    stranger = next(tile for tile in hand(dealt, (seat + 1) % len(record.names)) if not tile.is_one)
    move = replace(played_move.move, tiles=(stranger.code, *played_move.move.tiles[1:]))
    return changed_move(record, index, lambda recorded: replace(recorded, move=move)), (
        1, index, Illegal.TILE_NOT_IN_HAND)  # fmt: skip


def a_hidden_hand_in_round_2(record: Record) -> tuple[Record, Expected]:
    return with_round(record, 1, dealt=with_hand(record.rounds[1].dealt, 0, None)), (
        2,
        None,
        Flawed.HAND_HIDDEN,
    )


def a_wrong_starter_in_round_2(record: Record) -> tuple[Record, Expected]:
    dealt = record.rounds[1].dealt
    changed = replace(dealt, starter=(dealt.starter + 1) % len(record.names))
    return with_round(record, 1, dealt=changed), (2, None, Flawed.WRONG_STARTER)


def a_tile_twice_in_round_2(record: Record) -> tuple[Record, Expected]:
    dealt = record.rounds[1].dealt
    copied = with_hand(dealt, 0, [hand(dealt, 1)[0], *hand(dealt, 0)[1:]])
    return with_round(record, 1, dealt=copied), (2, None, Flawed.TILE_TWICE)


MUTATIONS = [
    renumbered, first_renumbered, a_round_after_the_end, a_move_after_the_end, a_move_after_its_round,
    a_round_cut_short, a_seat_not_the_movers, a_move_out_of_turn, a_tile_never_held, a_hidden_hand_in_round_2,
    a_wrong_starter_in_round_2, a_tile_twice_in_round_2,
]  # fmt: skip


@pytest.mark.parametrize("mutation", MUTATIONS, ids=lambda mutation: mutation.__name__)
@pytest.mark.parametrize("players", [3, 4])
def test_replay_finds_the_first_flaw_where_it_is(
    mutation: Callable[[Record], tuple[Record, Expected]], players: int
) -> None:
    record, expected = mutation(several_rounds(players))
    flaw = replay(record)
    assert isinstance(flaw, Flaw), flaw
    assert (flaw.round, flaw.move_index, flaw.code) == expected, str(flaw.message)
    assert str(flaw.message)


def test_two_players_may_be_recorded_with_the_other_starter_but_then_the_moves_are_out_of_turn() -> None:
    record = several_rounds(2)
    first = record.rounds[0]
    swapped = with_round(record, 0, dealt=replace(first.dealt, starter=1 - first.dealt.starter))
    flaw = replay(swapped)
    assert isinstance(flaw, Flaw)
    assert (flaw.round, flaw.move_index, flaw.code) == (1, 0, Illegal.NOT_YOUR_TURN)


@pytest.mark.parametrize(
    ("field", "claim"),
    [
        ("status", lambda result: Status.PLAYING),
        ("winners", lambda result: tuple(seat for seat in range(3) if seat not in result.winners)),
        (
            "end_reason",
            lambda result: next(reason for reason in EndReason if reason is not result.end_reason),
        ),
        ("scores", lambda result: (result.scores[0] + 1, *result.scores[1:])),
    ],
)
def test_a_claimed_result_the_rules_do_not_give_is_found_after_the_last_round(
    field: str, claim: Callable[[Result], object]
) -> None:
    record = several_rounds(3)
    claimed = replace(record, result=replace(record.result, **{field: claim(record.result)}))
    flaw = replay(claimed)
    assert isinstance(flaw, Flaw)
    assert (flaw.round, flaw.move_index, flaw.code) == (len(record.rounds), None, Flawed.RESULT_DIFFERS)
    assert str(flaw.message).startswith(f"the record says {field} ")


def test_three_players_never_put_a_1_in_the_box() -> None:
    dealt = dealt_round(4, 1, 3)
    assert dealt.box is not None
    seat = holder(dealt, RED_ONE)
    held = hand(dealt, seat)
    held[held.index(RED_ONE)] = dealt.box[0]  # the box's tile dealt, the red 1 boxed instead
    boxed_one = replace(with_hand(dealt, seat, held), box=(RED_ONE,))
    assert flawed(3, boxed_one) == (Flawed.TILE_MISSING, "red-1 was dealt to no one")


@pytest.mark.parametrize(
    ("holders", "consistent"),
    [
        ((Tenure("Annika", 1),), True),
        ((Tenure("Annika", 1, 4), Tenure("Maja", 4)), True),
        ((Tenure("Annika", 1, 4), Tenure("Maja", 7, 9, left=True)), True),  # vacated from 4 to 7
        ((), False),
        ((Tenure("Maja", 1),), False),  # not the seat's name
        ((Tenure("Annika", 2),), False),  # not from the creation
        ((Tenure("Annika", 1, 4), Tenure("Maja", 3)), False),  # overlaps
        ((Tenure("Annika", 1), Tenure("Maja", 3)), False),  # two to the end
        ((Tenure("Annika", 1, 1),), False),  # an empty span
        ((Tenure("Annika", 1, 4, left=True), Tenure("Maja", 4)), False),  # left, and the seat went on
        ((Tenure("Annika", 1, left=True),), False),  # left at no version
    ],
)
def test_a_seats_holders_follow_one_another_from_the_creation(
    holders: tuple[Tenure, ...], consistent: bool
) -> None:
    record = replace(several_rounds(2), holders=(holders, None))
    flaw = check_holders(record)
    assert (flaw is None) == consistent
    if flaw is not None:
        assert (flaw.code, flaw.round, flaw.move_index) == (Flawed.HOLDERS_INCONSISTENT, None, None)
        assert replay(record) == flaw  # checked before any round is replayed
