"""The JSON snapshot: round trips, every problem of a bad document reported, garbage never crashing."""

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harness.players import SAMPLE_NAMES, play_random_game
from service.rules import (
    ALL_TILES,
    COLOURS,
    SCHEMA_VERSION,
    EndReason,
    GameState,
    InvalidSnapshot,
    from_snapshot,
    new_game,
    to_snapshot,
)
from service.rules.snapshot import FIELDS
from service.rules.state import MAX_ROUND
from tests.rules.make_golden import golden_state

Document = dict[str, Any]
FRESH_FOUR: Document = to_snapshot(new_game(SAMPLE_NAMES, seed=3).state)
MID_GAME: Document = to_snapshot(golden_state(3, 25)[0])
FINISHED: Document = to_snapshot(play_random_game(2, 5, random.Random(5))[0])


def problems_of(document: Any) -> list[str]:
    with pytest.raises(InvalidSnapshot) as raised:
        from_snapshot(document)
    assert str(raised.value) == "; ".join(raised.value.problems)
    return raised.value.problems


def fresh() -> Document:
    return copy.deepcopy(FRESH_FOUR)


def take(doc: Document, *codes: str) -> Document:
    """Take tiles out of the hands that hold them, to lay them elsewhere."""
    for code in codes:
        holder = next(p for p in doc["players"] if code in p["hand"])
        holder["hand"].remove(code)
    return doc


@pytest.mark.parametrize(
    "state",
    [new_game(SAMPLE_NAMES[:players], seed=players).state for players in (2, 3, 4)]
    + [golden_state(players, 20)[0] for players in (2, 3, 4)]
    + [play_random_game(players, 9, random.Random(players))[0] for players in (2, 3, 4)],
    ids=lambda s: f"{len(s.players)}p-round{s.round}-{s.status.value}",
)
def test_round_trip(state: GameState) -> None:
    document = json.loads(json.dumps(to_snapshot(state)))
    assert document["schema"] == SCHEMA_VERSION
    assert from_snapshot(document) == state
    assert from_snapshot(document, verify=False) == state
    assert to_snapshot(from_snapshot(document)) == document


def test_a_finished_game_without_end_reason_tells_it_from_the_hands() -> None:
    document = copy.deepcopy(FINISHED)
    reason = document.pop("end_reason")
    emptied = any(not p["hand"] for p in document["players"])
    outcome = from_snapshot(document).outcome
    assert outcome is not None and outcome.reason is EndReason(reason)
    assert (reason == EndReason.HAND_EMPTIED) is emptied


def lay(colour: str, *codes: str) -> Callable[[Document], None]:
    def mutate(doc: Document) -> None:
        take(doc, *[c for c in codes if c not in doc["rows"][colour]])
        doc["rows"][colour] = list(codes)

    return mutate


def setter(path: str, value: Any) -> Callable[[Document], None]:
    def mutate(doc: Document) -> None:
        *parents, last = path.split(".")
        target: Any = doc
        for key in parents:
            target = target[int(key)] if key.isdigit() else target[key]
        target[int(last) if last.isdigit() else last] = value

    return mutate


def one_in_hand(doc: Document) -> None:
    doc["rows"]["red"] = []
    doc["players"][2]["hand"].append("red-1")


def box_one(doc: Document) -> None:
    doc["box"] = [doc["players"][0]["hand"].pop()]


def discard_without_purple(doc: Document) -> None:
    doc["discarded"] = [doc["players"][0]["hand"].pop(0)]


FAULTS: list[tuple[str, Callable[[Document], None], str]] = [
    ("duplicated_tile", lambda d: d["players"][0]["hand"].append(d["players"][1]["hand"][0]),
     "appears 2 times, expected 1"),
    ("missing_tile", lambda d: d["players"][3]["hand"].pop(0), "appears 0 times, expected 1"),
    ("unknown_tile", lambda d: d["players"][1]["hand"].append("red-16"), "unknown tile 'red-16'"),
    ("one_in_a_hand", one_in_hand, "players[2].hand: holds red-1"),
    ("row_without_its_1", lay("blue", "blue-5", "blue-1"), "rows.blue: must start with blue-1"),
    ("descending_row", lay("blue", "blue-1", "blue-9", "blue-5"),
     "rows.blue[2]: blue-5 is not higher than blue-9"),
    ("tile_on_a_stop", lay("blue", "blue-1", "blue-stop", "blue-5"),
     "rows.blue[2]: blue-5 lies on blue-stop"),
    ("wrong_colour_in_row", lay("blue", "blue-1", "red-5"), "rows.blue[1]: red-5 is not blue"),
    ("row_missing", lambda d: d["rows"].pop("gray"), "rows: must map each of red, blue"),
    ("wrong_box_size", box_one, "box: must hold 0 tiles in a 4-player game, not 1"),
    ("removed_without_purple", discard_without_purple, "discarded: tiles were removed"),
    ("seat_out_of_range", setter("current_player", 4), "current_player: must be an integer from 0 to 3"),
    ("negative_seat", setter("current_player", -1), "current_player: must be an integer from 0 to 3"),
    ("passes_out_of_range", setter("consecutive_passes", 4), "consecutive_passes: must be an integer from 0"),
    ("bool_seat", setter("current_player", False), "current_player: must be an integer"),
    ("bool_score", setter("players.0.score", True), "players[0].score: must be an integer"),
    ("bool_round", setter("round", True), "round: must be an integer"),
    ("float_seed", setter("seed", 3.0), "seed: must be an integer"),
    ("round_zero", setter("round", 0), "round: must be an integer from 1"),
    ("finished_without_winners", setter("status", "finished"), "winners: a finished game has at least one"),
    ("playing_with_winners", setter("winners", [1]), "status: a game still playing has no winners"),
    ("winner_out_of_range", setter("winners", [7]), "winners: must be a list of seats"),
    ("unknown_status", setter("status", "paused"), "status: must be 'playing' or 'finished'"),
    ("unknown_field", setter("colour", "red"), "colour: unknown field"),
    ("unknown_player_field", setter("players.1.colour", "red"), "players[1]: must be an object with exactly"),
    ("missing_field", lambda d: d.pop("seed"), "seed: missing"),
    ("wrong_schema", setter("schema", 2), "schema: must be 1"),
    ("empty_name", setter("players.0.name", ""), "players[0].name: must be a string of 1 to 40"),
    ("control_in_name", setter("players.1.name", "Eli\x85as"), "players[1].name: must be a string of 1"),
    ("one_player", lambda d: d.update(players=d["players"][:1]), "players: must be a list of 2 to 4"),
    ("last_round_per_seat", setter("last_round", [1, 2]), "last_round: must be null or one number"),
]  # fmt: skip


@pytest.mark.parametrize(("mutate", "expected"), [pytest.param(*f[1:], id=f[0]) for f in FAULTS])
def test_each_fault_is_reported(mutate: Callable[[Document], None], expected: str) -> None:
    document = fresh()
    mutate(document)
    assert any(expected in problem for problem in problems_of(document)), problems_of(document)


def test_every_problem_is_reported_at_once() -> None:
    document = fresh()
    document["extra"] = 1
    document["current_player"] = 9
    document["players"][1]["score"] = True
    lay("gray", "gray-1", "gray-9", "gray-3")(document)
    document["status"] = "finished"
    document["players"][0]["hand"].append("red-1")
    problems = problems_of(document)
    expected_problems = [
        "extra: unknown field",
        "current_player:",
        "players[1].score:",
        "rows.gray[2]:",
        "winners: a finished game",
        "players[0].hand: holds red-1",
        "tiles: red-1 appears 2 times",
    ]
    for expected in expected_problems:
        assert any(problem.startswith(expected) for problem in problems), (expected, problems)
    assert len(problems) == 7


@pytest.mark.parametrize("document", [None, 0, "snapshot", [], [FRESH_FOUR]])
def test_a_document_that_is_not_an_object(document: Any) -> None:
    assert problems_of(document) == ["snapshot: must be a JSON object"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
TILE_LIKE = st.sampled_from(["red-1", "red-5", "blue-stop", "gray-restart", "scissors", "trash", "red-16"])


def load_or_refuse(document: Any) -> None:
    """A snapshot either loads to a state that round-trips or is refused with problems: nothing else."""
    try:
        state = from_snapshot(document)
    except InvalidSnapshot as refused:
        assert refused.problems and all(isinstance(p, str) for p in refused.problems)
        return
    assert from_snapshot(to_snapshot(state)) == state


@given(JSON)
def test_arbitrary_json_never_crashes(document: Any) -> None:
    load_or_refuse(document)


@given(st.fixed_dictionaries({field: JSON | TILE_LIKE | st.lists(TILE_LIKE) for field in FIELDS}))
def test_arbitrary_fields_never_crash(document: Any) -> None:
    load_or_refuse(document)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    children: Any = ()
    if isinstance(value, dict):
        children = value.items()
    elif isinstance(value, list):
        children = enumerate(value)
    for key, child in children:
        found += paths(child, (*prefix, key))
    return found


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_snapshots_never_crash(data: st.DataObject) -> None:
    document = copy.deepcopy(data.draw(st.sampled_from([FRESH_FOUR, MID_GAME, FINISHED])))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths(document)[1:]))
        parent: Any = document
        for key in path[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()):
            parent[path[-1]] = data.draw(JSON | TILE_LIKE)
        elif isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.insert(path[-1], data.draw(TILE_LIKE | JSON))
    load_or_refuse(document)


def two_player_document(rows: dict[str, list[str]], hands: list[list[str]]) -> Document:
    """A consistent 2-player document: the given rows and hands, 23 tiles boxed, the rest discarded."""
    used = [code for row in rows.values() for code in row] + [code for hand in hands for code in hand]
    rest = [tile.code for tile in ALL_TILES]
    for code in used:
        rest.remove(code)
    rest.remove("scissors")  # a purple tile beside the discarded ones, as a real removal leaves
    document = copy.deepcopy(to_snapshot(new_game(SAMPLE_NAMES[:2], seed=1).state))
    document.update(rows=rows, box=rest[:23], discarded=[*rest[23:], "scissors"], current_player=0)
    for player, hand in zip(document["players"], hands, strict=True):
        player["hand"] = hand
    return document


def test_a_game_still_playing_with_an_empty_hand_is_refused() -> None:
    rows = {colour.value: [f"{colour.value}-1"] for colour in COLOURS}
    document = two_player_document(rows, [[], ["blue-2"]])
    assert problems_of(document) == ["players[0].hand: empty, yet the game goes on"]


def test_a_game_still_playing_where_nobody_can_move_is_refused() -> None:
    rows = {colour.value: [f"{colour.value}-1", f"{colour.value}-stop"] for colour in COLOURS}
    document = two_player_document(rows, [["red-2"], ["blue-2"]])
    assert problems_of(document) == ["status: nobody can move, so the round should have been scored"]
    document["rows"]["red"].remove("red-stop")  # the red row reopens: seat 0 can play red-2
    document["discarded"].append("red-stop")
    assert from_snapshot(document).current_player == 0


def test_a_game_still_playing_after_a_total_reached_the_target_is_refused() -> None:
    """Scoring a round ends the game once a total reaches the target: play never leaves one standing."""
    document = copy.deepcopy(MID_GAME)
    document["players"][1]["score"] = document["target_score"]
    assert problems_of(document) == ["players[1].score: 100 reached the target, yet the game goes on"]
    document["players"][1]["score"] = document["target_score"] - 1
    assert from_snapshot(document).players[1].score == 99


def test_a_game_still_playing_at_the_last_round_number_is_refused() -> None:
    """The next round would pass the contract's ceiling; the target ends every game long before."""
    document = copy.deepcopy(MID_GAME)
    document["round"] = MAX_ROUND
    assert problems_of(document) == [f"round: a game still playing never reaches round {MAX_ROUND}"]
    document["round"] = MAX_ROUND - 1
    assert from_snapshot(document).round == MAX_ROUND - 1


def test_hand_emptied_needs_the_winner_to_hold_nothing() -> None:
    document = copy.deepcopy(FINISHED)
    document["end_reason"] = EndReason.HAND_EMPTIED.value
    document["winners"] = [seat for seat, p in enumerate(document["players"]) if p["hand"]][:1]
    assert problems_of(document) == [
        "end_reason: hand_emptied, but the winner is not the one seat with an empty hand"
    ]


def test_hands_in_any_order_load_sorted() -> None:
    document = fresh()
    document["players"][0]["hand"].reverse()
    assert from_snapshot(document) == from_snapshot(FRESH_FOUR)
