"""Invariants of random legal games, and move generation checked against a brute-force search.

The brute force enumerates every ordering of tiles that could possibly form a run and
asks both ``validate`` and an independent reading of the rules (``rulebook_allows``)
about each: ``legal_moves`` must return exactly the moves both accept.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from itertools import chain, combinations, permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from harness.players import SAMPLE_NAMES
from service.rules import (
    COLOURS,
    Action,
    EndReason,
    Event,
    GameOver,
    GameState,
    Kind,
    Move,
    Passed,
    RoundDealt,
    RoundScored,
    anyone_can_play,
    apply,
    from_snapshot,
    legal_moves,
    new_game,
    to_snapshot,
    validate,
)
from service.rules.deal import deal
from service.rules.tiles import TILES_BY_CODE, Tile
from tests.rules.builders import FULL_SET, every_tile, random_position

TURN_CAP = 250
PASS = Action.PASS


def can_move(state: GameState, seat: int) -> bool:
    """Whether ``seat`` would have a move other than a pass if it were their turn."""
    seated = replace(state, current_player=seat)
    return any(m.action is not PASS for m in legal_moves(seated, seat))


def check_invariants(state: GameState) -> None:
    tiles_found = every_tile(state)
    assert tiles_found == FULL_SET
    assert (tiles_found["scissors"], tiles_found["trash"]) == (2, 1)
    document = json.loads(json.dumps(to_snapshot(state)))
    assert from_snapshot(document, verify=True) == state
    if state.outcome is None:
        assert 0 <= state.consecutive_passes < len(state.players)
        assert all(p.hand and not any(t.is_one for t in p.hand) for p in state.players)
        assert anyone_can_play(state)
        assert anyone_can_play(state) == any(can_move(state, seat) for seat in range(len(state.players)))


def spent_by(move: Move) -> list[Tile]:
    purple = [TILES_BY_CODE[move.action.value]] if move.action in (Action.SCISSORS, Action.TRASH) else []
    return [TILES_BY_CODE[code] for code in move.tiles] + purple


def check_transition(before: GameState, move: Move, after: GameState, events: list[Event]) -> None:
    seat, seats = move.player, len(before.players)
    assert (Passed(seat) in events) is (move.action is PASS)
    scored = [e for e in events if isinstance(e, RoundScored)]
    if not scored:
        assert after.current_player == (seat + 1) % seats
        assert (after.round, after.players[seat].score) == (before.round, before.players[seat].score)
        return
    hands = [list(p.hand) for p in before.players]
    for tile in spent_by(move):
        hands[seat].remove(tile)
    minus = tuple(sum(t.minus_points for t in hand) for hand in hands)
    totals = tuple(p.score + points for p, points in zip(before.players, minus, strict=True))
    assert (scored[0].minus_points, scored[0].totals) == (minus, totals)
    assert tuple(p.score for p in after.players) == totals and after.last_round == minus
    over = [e for e in events if isinstance(e, GameOver)]
    if over and over[0].reason is EndReason.HAND_EMPTIED:
        assert over[0].winners == (seat,) and not hands[seat]
    elif over:
        assert max(totals) >= before.target_score
        assert over[0].winners == tuple(s for s in range(seats) if totals[s] == min(totals))
    else:
        assert isinstance(events[-1], RoundDealt) and after.round == before.round + 1
        assert tuple(p.hand for p in after.players) == deal(before.seed, after.round, seats).hands


@settings(max_examples=60)
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**40),
    chooser_seed=st.integers(0, 2**40),
    pass_rate=st.sampled_from([None, 0.0, 0.5]),
    target=st.sampled_from([100, 1000]),
)
def test_random_games_keep_every_invariant(
    players: int, seed: int, chooser_seed: int, pass_rate: float | None, target: int
) -> None:
    """``pass_rate`` None: pass only when forced; 0.0: pass is one choice of all; 0.5: pass half the time."""
    chooser = random.Random(chooser_seed)
    state = new_game(SAMPLE_NAMES[:players], seed, target).state
    check_invariants(state)
    for _ in range(TURN_CAP):
        if state.outcome is not None:
            break
        seat = state.current_player
        moves = legal_moves(state, seat)
        assert len(set(moves)) == len(moves) and moves[-1] == Move(seat, PASS)
        assert all(validate(state, m) is None for m in moves)
        if pass_rate is None:
            chosen = chooser.choice(moves[:-1] or moves)
        else:
            chosen = moves[-1] if chooser.random() < pass_rate else chooser.choice(moves)
        after, events = apply(state, chosen)
        check_transition(state, chosen, after, events)
        check_invariants(after)
        state = after


def rulebook_allows(state: GameState, move: Move) -> bool:
    """The rules as the issue states them, written without the engine's judge."""
    if state.outcome is not None or move.player != state.current_player:
        return False
    if move.action is PASS:
        return move.row is None and not move.tiles
    if move.row is None or any(code not in TILES_BY_CODE for code in move.tiles):
        return False
    placed = [TILES_BY_CODE[code] for code in move.tiles]
    row = list(state.row(move.row))
    needed = Counter(move.tiles)
    if move.action is Action.PLAY:
        if not placed:
            return False
    else:
        needed[move.action.value] += 1
        if len(row) == 1 or any(t.colour is None for t in placed):
            return False
        row = row[:-1] if move.action is Action.SCISSORS else row[:1]
    held = Counter(t.code for t in state.players[move.player].hand)
    if any(held[code] < count for code, count in needed.items()):
        return False
    if not placed:
        return True
    top = row[-1]
    if top.kind is Kind.STOP:
        return False
    floor = 0 if top.kind is Kind.RESTART else top.value
    values = [16 if t.kind in (Kind.STOP, Kind.RESTART) else t.value for t in placed]
    return (
        all(t.colour is move.row for t in placed)
        and all(t.kind is Kind.NUMBER for t in placed[:-1])
        and values == list(range(values[0], values[0] + len(values)))
        and values[0] > floor
    )


def candidate_moves(state: GameState) -> set[Move]:
    """Every move that could conceivably be legal for the seat to move, and many that are not."""
    seat = state.current_player
    hand = state.players[seat].hand
    candidates = {Move(seat, PASS)}
    for colour in COLOURS:
        numbers = [t for t in hand if t.colour is colour and t.kind is Kind.NUMBER]
        closers = [t for t in hand if t.colour is colour and t.kind is not Kind.NUMBER]
        endings = [()] + [(c,) for c in closers] + list(permutations(closers, 2))
        subsets = chain.from_iterable(combinations(numbers, size) for size in range(len(numbers) + 1))
        runs = {tuple(t.code for t in (*subset, *ending)) for subset in subsets for ending in endings}
        runs |= {(a.code, b.code) for a, b in permutations(numbers + closers, 2)}
        runs |= {(t.code,) for t in hand}
        for action in (Action.PLAY, Action.SCISSORS, Action.TRASH):
            candidates |= {Move(seat, action, colour, run) for run in runs}
    return candidates


def check_against_brute_force(state: GameState) -> None:
    accepted = set()
    for candidate in candidate_moves(state):
        allowed = validate(state, candidate) is None
        assert allowed == rulebook_allows(state, candidate), candidate
        if allowed:
            accepted.add(candidate)
    listed = legal_moves(state, state.current_player)
    assert len(listed) == len(set(listed))
    assert set(listed) == accepted


@settings(max_examples=80)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**40))
def test_legal_moves_match_brute_force_on_random_positions(players: int, seed: int) -> None:
    state = random_position(random.Random(seed), players)
    check_against_brute_force(state)
    assert anyone_can_play(state) == any(can_move(state, seat) for seat in range(players))


@settings(max_examples=40)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**40), plies=st.integers(0, 40))
def test_legal_moves_match_brute_force_in_played_games(players: int, seed: int, plies: int) -> None:
    chooser = random.Random(seed)
    state = new_game(SAMPLE_NAMES[:players], seed).state
    for _ in range(plies):
        moves = legal_moves(state, state.current_player)
        candidate = apply(state, chooser.choice(moves[:-1] or moves)).state
        if candidate.outcome is not None:
            break
        state = candidate
    check_against_brute_force(state)
