"""The 88 tiles, their codes and minus points; the seeded deal for 2, 3 and 4 players."""

from collections import Counter

import pytest

from harness.players import SAMPLE_NAMES
from service.rules import COLOURS, BadSetup, Colour, Kind, RoundDealt, from_snapshot, new_game, to_snapshot
from service.rules.deal import BOX_SIZE, HAND_SIZE, deal
from service.rules.tiles import ALL_TILES, TILES_BY_CODE, sorted_tiles

SEEDS = range(40)
COLOUR_NAMES = ["red", "blue", "green", "orange", "gray"]


def test_colours_in_their_order() -> None:
    assert [colour.value for colour in COLOURS] == COLOUR_NAMES


def test_there_are_88_tiles_of_each_kind() -> None:
    assert len(ALL_TILES) == 88
    kinds = Counter(t.kind for t in ALL_TILES)
    assert kinds == {Kind.NUMBER: 75, Kind.STOP: 5, Kind.RESTART: 5, Kind.SCISSORS: 2, Kind.TRASH: 1}
    per_colour = Counter(t.colour for t in ALL_TILES)
    assert per_colour == {**{colour: 17 for colour in COLOURS}, None: 3}


def test_tile_codes() -> None:
    expected = {f"{name}-{value}" for name in COLOUR_NAMES for value in range(1, 16)}
    expected |= {f"{name}-{closer}" for name in COLOUR_NAMES for closer in ("stop", "restart")}
    expected |= {"scissors", "trash"}
    assert set(TILES_BY_CODE) == expected
    assert Counter(t.code for t in ALL_TILES)["scissors"] == 2
    assert all(Counter(t.code for t in ALL_TILES)[code] == 1 for code in expected - {"scissors"})


@pytest.mark.parametrize(
    ("code", "colour", "value", "minus_points"),
    [
        ("red-1", Colour.RED, 1, 1),
        ("blue-7", Colour.BLUE, 7, 7),
        ("gray-15", Colour.GRAY, 15, 15),
        ("green-stop", Colour.GREEN, 16, 16),
        ("orange-restart", Colour.ORANGE, 16, 16),
        ("scissors", None, 0, 20),
        ("trash", None, 0, 20),
    ],
)
def test_value_and_minus_points(code: str, colour: Colour | None, value: int, minus_points: int) -> None:
    tile = TILES_BY_CODE[code]
    assert (tile.colour, tile.value, tile.minus_points) == (colour, value, minus_points)


def test_restart_counts_zero_on_top_and_stop_sixteen() -> None:
    assert TILES_BY_CODE["red-restart"].value_on_top == 0
    assert TILES_BY_CODE["red-stop"].value_on_top == 16
    assert TILES_BY_CODE["red-9"].value_on_top == 9


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_deal(players: int) -> None:
    assert deal(7, 1, players) == deal(7, 1, players)
    assert new_game(["a", "b", "c", "d"][:players], 7) == new_game(["a", "b", "c", "d"][:players], 7)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_different_seed_different_deal(players: int) -> None:
    hands = {deal(seed, 1, players).hands for seed in SEEDS}
    assert len(hands) == len(SEEDS)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_round_is_dealt_anew(players: int) -> None:
    for seed in SEEDS:
        assert deal(seed, 2, players).hands != deal(seed, 1, players).hands


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_deal_shape(players: int, seed: int) -> None:
    dealt = deal(seed, 1, players)
    ones_held = Counter(seat for seat in dealt.ones_placed_by.values() if seat is not None)
    assert [len(hand) + ones_held[seat] for seat, hand in enumerate(dealt.hands)] == [
        HAND_SIZE[players]
    ] * players
    assert len(dealt.box) == BOX_SIZE[players] == {2: 23, 3: 1, 4: 0}[players]
    assert not any(t.is_one for hand in dealt.hands for t in hand)
    assert not any(t.is_one for t in dealt.box)
    all_tiles = [t for hand in dealt.hands for t in hand] + list(dealt.box)
    all_tiles += [t for t in ALL_TILES if t.is_one]
    assert Counter(t.code for t in all_tiles) == Counter(t.code for t in ALL_TILES)
    assert all(hand == sorted_tiles(hand) for hand in dealt.hands)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_holder_of_red_1_starts(players: int, seed: int) -> None:
    dealt = deal(seed, 1, players)
    assert None not in dealt.ones_placed_by.values()
    assert dealt.starter == dealt.ones_placed_by[Colour.RED]


def test_two_players_the_ones_start_the_rows_and_the_starter_is_random() -> None:
    starters = set()
    for seed in SEEDS:
        dealt = deal(seed, 1, 2)
        assert set(dealt.ones_placed_by.values()) == {None}
        assert [len(hand) for hand in dealt.hands] == [30, 30]
        starters.add(dealt.starter)
    assert starters == {0, 1}


def test_three_players_hold_29_with_their_ones_and_the_box_one_other_tile() -> None:
    boxed = {deal(seed, 1, 3).box[0].code for seed in range(200)}
    assert len(boxed) > 40
    assert not any(TILES_BY_CODE[code].is_one for code in boxed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_game_lays_the_ones_and_tells_the_deal(players: int) -> None:
    state, events = new_game(SAMPLE_NAMES[:players], seed=11)
    dealt = deal(11, 1, players)
    assert [row[0].code for row in state.rows] == [f"{name}-1" for name in COLOUR_NAMES]
    assert all(len(row) == 1 for row in state.rows)
    assert tuple(p.hand for p in state.players) == dealt.hands
    assert (state.box, state.discarded, state.round) == (dealt.box, (), 1)
    assert state.current_player == dealt.starter
    assert (state.consecutive_passes, state.outcome, state.last_round) == (0, None, None)
    assert all(p.score == 0 for p in state.players)
    assert events == [RoundDealt(1, dealt.starter, tuple(len(h) for h in dealt.hands), dealt.ones_placed_by)]


@pytest.mark.parametrize(
    ("names", "seed", "target"),
    [
        (["solo"], 1, 100),
        (["a", "b", "c", "d", "e"], 1, 100),
        (["a", ""], 1, 100),
        (["a", "x" * 41], 1, 100),
        (["a", "b\tc"], 1, 100),
        (["a", "b"], 1, 0),
        (["a", "b"], 1, 10_001),
        (["a", "b"], -1, 100),
        (["a", "b"], 2**63, 100),
    ],
    ids=["one_player", "five_players", "empty_name", "long_name", "control_in_name", "target_0",
         "target_above_max", "negative_seed", "seed_above_63_bits"],
)  # fmt: skip
def test_impossible_setups_are_refused(names: list[str], seed: int, target: int) -> None:
    """A setup the snapshot could not hold is refused up front, not stored and then unloadable."""
    with pytest.raises(BadSetup):
        new_game(names, seed=seed, target_score=target)


@pytest.mark.parametrize(("seed", "target"), [(0, 1), (2**63 - 1, 10_000)])
def test_the_extreme_setups_round_trip(seed: int, target: int) -> None:
    state = new_game(["a", "b"], seed=seed, target_score=target).state
    assert from_snapshot(to_snapshot(state)) == state
