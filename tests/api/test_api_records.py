"""Game records over HTTP (issue 31): ``GET /v1/games/{id}/record``, ``POST /v1/records/verify`` and
``GET /v1/games/{id}?at=VERSION``.

The property: games played to their end through the API and the worker (persons and bots of every
level, without a clock and with one in turn and in bank mode, timeouts made by the fake clock,
seats left absent and back) have a record that verifies to exactly their result, and every version
asked ``?at=`` is the view its admin, a seat and the spectator were answered at that version. Then a
record with one thing wrong is found where it is; what each caller's record hides; the refusals.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

import pytest
from flask import Response
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from harness.games import Game
from harness.in_process_api import Api
from harness.players import SAMPLE_NAMES
from service.api.schemas import game_record_schema, quick_record
from service.api.translation import translate
from service.app import create_app
from service.bots.levels import LEVEL_NAMES, choose
from service.play.timeouts import CLOCK_FIELDS
from service.rules import Message, from_snapshot, legal_moves
from service.rules.tiles import TILES_BY_CODE
from service.settings import Settings, WorkerSettings
from service.store import Store
from service.store.memory import MemoryStore
from service.worker.handlers import worker
from tests.api.conftest import GENEROUS_LIMITS
from tests.api.test_api_errors import assert_problem
from tests.choosers import choose as choose_move
from tests.store.helpers import FakeClock

VERIFY = "/v1/records/verify"
MAX_CHANGES = 2_000
TIMEOUT_SHARE = 0.15
"""Of a person's turns in a game with a clock: left to run out, the worker playing the timeout."""
LATE_SHARE = 0.07
"""...or moved too late: the move is refused (``time_is_up``) and the timeout played."""
LONG_GAME = 300
"""A target score random play reaches in two rounds or more."""
BACK_SHARE = 0.4
"""An absent seat says it is back, at each change."""
SHOWN_CLOCK = {"turn_seconds": 60, "bank_seconds": None, "increment_seconds": None, "on_timeout": "pass",
               "absent_after": 3}  # fmt: skip
"""A clock as a record shows it (docs/RECORDS.md)."""


def clocks(mode: str) -> st.SearchStrategy[dict[str, Any] | None]:
    common = {
        "absent_after": st.sampled_from([0, 1, 2]),
        "on_timeout": st.sampled_from(["pass", *LEVEL_NAMES]),
    }
    if mode == "turn":
        return st.fixed_dictionaries({"turn_seconds": st.sampled_from([5, 30]), **common})
    if mode == "bank":
        bank = {"bank_seconds": st.sampled_from([8, 40]), "increment_seconds": st.sampled_from([0, 3])}
        return st.fixed_dictionaries({**bank, **common})
    return st.none()


@dataclass(frozen=True)
class Setup:
    seats: tuple[str | None, ...]
    """Each seat's bot level; None: a person."""
    watched: int
    """The person seat whose every answer is kept."""
    seed: int
    chooser: int
    clock: dict[str, Any] | None

    def players(self) -> list[str | dict[str, str]]:
        return [name if level is None else {"name": name, "bot": level}
                for name, level in zip(SAMPLE_NAMES, self.seats, strict=False)]  # fmt: skip


@st.composite
def setups(draw: st.DrawFn, level: str, mode: str) -> Setup:
    """2 to 4 seats: the watched person, a bot of ``level``, the others persons or bots of any level."""
    count = draw(st.integers(2, 4))
    seats = draw(st.lists(st.sampled_from([None, *LEVEL_NAMES]), min_size=count, max_size=count))
    watched = draw(st.integers(0, count - 1))
    seats[watched], seats[(watched + 1) % count] = None, level
    return Setup(tuple(seats), watched, draw(st.integers(0, 10**9)), draw(st.integers()), draw(clocks(mode)))


@dataclass
class Table:
    """A game played to its end over HTTP and by the worker, each viewer's answers kept by version."""

    api: Api
    store: Store
    clock: FakeClock
    game: Game
    watched: int
    chooser: random.Random
    seen: dict[tuple[str, int], dict[str, Any]] = field(default_factory=dict)
    """(viewer, version) -> the view answered at the time of the change that made the version."""
    seen_at: dict[tuple[str, int], float] = field(default_factory=dict)
    backs: int = 0

    @property
    def viewers(self) -> dict[str, str]:
        spectator = self.game.created["tokens"]["spectator"]
        return {"admin": self.game.admin, "seat": self.game.players[self.watched], "spectator": spectator}

    def keep(self, token: str, view: dict[str, Any]) -> None:
        """A view answered now to ``token``'s viewer; answered again at the same time, it is the same
        (a later answer reads the clock later: only the first, at the change's time, is kept)."""
        viewer = next((name for name, held in self.viewers.items() if held == token), None)
        if viewer is None:
            return
        key = (viewer, view["version"])
        if self.seen_at.setdefault(key, self.clock.now) == self.clock.now:
            kept = self.seen.setdefault(key, view)
            assert kept == view, f"{viewer} was answered two views of version {view['version']} at once"

    def look(self) -> dict[str, Any]:
        """Each viewer's view now (right after a change: as the change's answer would have been); the
        admin's."""
        views = {}
        for viewer, token in self.viewers.items():
            answer = self.api.get(self.game.url, token)
            assert answer.status_code == 200, answer.get_data(as_text=True)
            views[viewer] = answer.get_json()
            self.keep(token, views[viewer])
        return views["admin"]

    def work(self) -> None:
        """What the worker has to do now (bots' turns, timeouts, absent seats' turns), a step at a time."""
        background = worker(
            self.store, "test-worker", choose, WorkerSettings(sweep_every=3600), now=self.clock
        )
        while background.step(wait=0.0):
            self.look()

    def play(self) -> dict[str, Any]:
        view = self.look()
        for _ in range(MAX_CHANGES):
            self.bring_back(view)
            self.work()
            view = self.look()
            if view["status"] == "finished":
                return view
            seat = view["current_player"]
            assert view["players"][seat]["bot"] is None and not view["players"][seat]["absent"]
            self.turn(view, seat)
        pytest.fail(f"no end after {MAX_CHANGES} changes")

    def bring_back(self, view: dict[str, Any]) -> None:
        for player in view["players"]:
            if player["absent"] and self.chooser.random() < BACK_SHARE:
                token = self.chooser.choice([self.game.admin, self.game.players[player["seat"]]])
                back = self.api.post(f"{self.game.url}/seats/{player['seat']}/back", token, None)
                assert back.status_code == 200, back.get_data(as_text=True)
                self.keep(token, back.get_json())
                self.backs += 1
                self.look()

    def turn(self, view: dict[str, Any], seat: int) -> None:
        remaining = None if view["clock"] is None else round(view["clock"]["remaining_seconds"] * 1000)
        share = self.chooser.random()
        token = self.chooser.choice([self.game.admin, self.game.players[seat]])
        move = choose_move(self.chooser, self.api.legal_moves(self.game, self.game.players[seat]))
        if remaining is not None and (share < TIMEOUT_SHARE or remaining <= 1):
            self.clock.advance((remaining + self.chooser.randrange(2_000)) / 1000)
            self.work()
        elif remaining is not None and share < TIMEOUT_SHARE + LATE_SHARE:
            self.clock.advance((remaining + self.chooser.randrange(2_000)) / 1000)
            assert_problem(self.api.move(self.game, token, move), 409, "time_is_up")
            self.look()  # the timeout played then, unless its level is the worker's to think
            self.work()
        else:
            self.clock.advance(self.chooser.randrange(min(4_000, (remaining or 4_001) - 1)) / 1000)
            answer = self.api.move(self.game, token, move)
            assert answer.status_code == 200, answer.get_data(as_text=True)
            self.keep(token, answer.get_json()["game"])
            self.look()


def scores(view: dict[str, Any]) -> list[int]:
    return [player["score"] for player in view["players"]]


def record_of(api: Api, game: Game, token: str | None, **headers: str) -> dict[str, Any]:
    answer = api.get(f"{game.url}/record", token, headers=headers)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    found: dict[str, Any] = answer.get_json()
    return found


def verify(api: Api, record: Any, **headers: str) -> Response:
    return api.post(VERIFY, None, record, headers={**api.key_header, **headers})


def assert_the_record_and_every_version_hold(api: Api, table: Table, final: dict[str, Any]) -> None:
    """The admin's record verifies to the game's result and everyone's is the same now it is over;
    every version kept is what ``?at=`` answers its viewer."""
    game = table.game
    record = record_of(api, game, game.admin)
    verdict = verify(api, record)
    assert verdict.status_code == 200
    assert verdict.get_json() == {
        "valid": True, "status": "finished", "winners": final["winners"], "end_reason": final["end_reason"],
        "scores": scores(final), "rounds": len(record["rounds"]),
    }  # fmt: skip
    assert (record["status"], record["winners"], record["scores"]) == (
        "finished",
        final["winners"],
        scores(final),
    )
    assert [player["bot"] for player in record["players"]] == [player["bot"] for player in final["players"]]
    clock = final["clock"]
    assert record["clock"] == (None if clock is None else {name: clock[name] for name in CLOCK_FIELDS})
    moves = [move for recorded in record["rounds"] for move in recorded["moves"]]
    assert len(moves) + table.backs == final["version"] - 1  # each change one version
    assert sum(move["timed_out"] for move in moves) == sum(player["timeouts"] for player in final["players"])
    for viewer, token in table.viewers.items():
        assert record_of(api, game, token) == record, viewer
    assert record_of(api, game, None, **api.key_header) == record

    for (viewer, version), view in table.seen.items():
        then = api.get(game.url, table.viewers[viewer], query_string={"at": version})
        assert then.status_code == 200 and then.headers["ETag"] == f'"{version}"'
        assert then.get_json() == view, f"{viewer} at version {version}"
    assert {version for viewer, version in table.seen if viewer == "admin"} >= {1, final["version"]}


def test_the_levels_played_here_are_the_ones_the_service_lists(api: Api) -> None:
    assert [bot["level"] for bot in api.get("/v1/bots", None).get_json()["bots"]] == list(LEVEL_NAMES)


@settings(
    max_examples=4,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # a shrink replays whole games for minutes
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
@pytest.mark.parametrize("level", LEVEL_NAMES)
@pytest.mark.parametrize("mode", ["none", "turn", "bank"])
def test_a_finished_games_record_verifies_to_its_result_and_every_version_is_as_answered(
    api: Api, store: Store, clock: FakeClock, level: str, mode: str, data: st.DataObject
) -> None:
    setup = data.draw(setups(level, mode))
    game = api.create(
        players=setup.players(), seed=setup.seed, **({"clock": setup.clock} if setup.clock else {})
    )
    table = Table(api, store, clock, game, setup.watched, random.Random(setup.chooser))
    table.keep(game.admin, game.created["game"])
    final = table.play()
    assert [player["bot"] for player in final["players"]] == list(setup.seats)
    assert_the_record_and_every_version_hold(api, table, final)


def test_a_timeout_an_absence_a_return_and_a_late_move_are_each_a_version_as_answered(
    api: Api, store: Store, clock: FakeClock
) -> None:
    """What the property meets by chance, here for certain: the worker's timeout makes its seat absent,
    the seat comes back, a move too late is refused and its timeout played."""
    players = ["Ada", "Bo", {"name": "Greedy", "bot": "greedy"}]
    game = api.create(players=players, seed=3, clock={"turn_seconds": 10, "absent_after": 1})
    table = Table(api, store, clock, game, 0, random.Random(3))
    table.keep(game.admin, game.created["game"])
    table.work()
    mover = table.look()["current_player"]
    clock.advance(10.25)
    table.work()
    assert table.look()["players"][mover]["absent"]
    back = api.post(f"{game.url}/seats/{mover}/back", game.players[mover], None)
    table.keep(game.players[mover], back.get_json())
    table.backs += 1
    table.work()
    late = table.look()["current_player"]
    clock.advance(11)
    assert_problem(api.move(game, game.players[late], {"player": late, "action": "pass"}), 409, "time_is_up")
    table.look()
    final = table.play()
    events = [event["type"] for event in api.get(f"{game.url}/events", game.admin).get_json()["events"]]
    assert {"turn_timed_out", "seat_absent", "seat_back"} <= set(events)
    assert_the_record_and_every_version_hold(api, table, final)


# Records with one thing wrong: found where they are, said in the caller's language


def played_out(api: Api, players: int, seed: int) -> dict[str, Any]:
    """A game of ``players`` persons played to its end by random legal moves; the admin's record."""
    game = api.create(players=SAMPLE_NAMES[:players], seed=seed, target_score=LONG_GAME)
    chooser = random.Random(seed)
    while (snapshot := api.snapshot(game))["status"] == "playing":
        state = from_snapshot(snapshot)
        move = chooser.choice(legal_moves(state, state.current_player))
        assert api.move(game, game.admin, move.to_json()).status_code == 200
    return record_of(api, game, game.admin)


@pytest.fixture(scope="module")
def finished() -> dict[int, dict[str, Any]]:
    """The records of a finished game of 2 and one of 3 players (two rounds or more), on an app of their
    own: only verifying them goes through the tests' app."""
    app = create_app(Settings.from_environment({"LOG_LEVEL": "WARNING", **GENEROUS_LIMITS}), MemoryStore())
    own = Api.of(app)
    records = {players: played_out(own, players, seed=20 + players) for players in (2, 3)}
    assert all(len(record["rounds"]) >= 2 for record in records.values())
    return records


Expected = tuple[int | None, int | None, str, str]
"""Where the flaw is (round, move index), its code, and words its detail holds."""


def first_play(record: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Round 1's first move that places tiles from the hand (``play``), and its index."""
    moves = record["rounds"][0]["moves"]
    return next((index, played) for index, played in enumerate(moves) if played["move"]["action"] == "play")


def coloured(hand: list[str], leaving: Collection[str] = ()) -> str:
    """A tile of ``hand`` that is neither a 1 nor purple, nor one of ``leaving``."""
    return next(
        code
        for code in hand
        if not (tile := TILES_BY_CODE[code]).is_one and not tile.is_purple and code not in leaving
    )


def a_tile_changed(record: dict[str, Any]) -> Expected:
    index, played = first_play(record)
    seat = played["seat"]
    stranger = coloured(record["rounds"][0]["hands"][(seat + 1) % len(record["players"])])
    played["move"]["tiles"][0] = stranger
    return 1, index, "tile_not_in_hand", f"{stranger} is not in seat {seat}'s hand"


def a_row_changed(record: dict[str, Any]) -> Expected:
    index, played = first_play(record)
    rows = ["red", "blue", "green", "orange", "gray"]
    played["move"]["row"] = rows[(rows.index(played["move"]["row"]) + 1) % len(rows)]
    return 1, index, "wrong_colour", played["move"]["tiles"][0]


def a_seat_changed(record: dict[str, Any]) -> Expected:
    index, played = first_play(record)
    played["seat"] = (played["seat"] + 1) % len(record["players"])
    return 1, index, "seat_mismatch", f"the move of seat {played['seat']}"


def a_move_of_another_seat(record: dict[str, Any]) -> Expected:
    index, played = first_play(record)
    other = (played["seat"] + 1) % len(record["players"])
    played["seat"] = played["move"]["player"] = other
    return 1, index, "not_your_turn", f"not seat {other}'s"


def a_tile_moved_between_hands(record: dict[str, Any]) -> Expected:
    hands = record["rounds"][0]["hands"]
    hands[1].append(hands[0].pop())
    return 1, None, "hand_size", "seat 0 was dealt 28 tiles, not 29"


def a_tile_swapped_between_hands(record: dict[str, Any]) -> Expected:
    """The first tile played goes to the next seat, which gives back one it never plays: every hand
    keeps its size, and the first play is of a tile its seat no longer holds."""
    index, played = first_play(record)
    seat, taken = played["seat"], played["move"]["tiles"][0]
    other = (seat + 1) % len(record["players"])
    played_by_other = {code for move in record["rounds"][0]["moves"] if move["seat"] == other
                       for code in move["move"].get("tiles", [])}  # fmt: skip
    hands = record["rounds"][0]["hands"]
    given = coloured(hands[other], played_by_other)
    hands[seat][hands[seat].index(taken)], hands[other][hands[other].index(given)] = given, taken
    return 1, index, "tile_not_in_hand", f"{taken} is not in seat {seat}'s hand"


def a_score_claimed(record: dict[str, Any]) -> Expected:
    record["scores"][0] += 1
    return len(record["rounds"]), None, "result_differs", "the record says scores ["


def a_round_renumbered(record: dict[str, Any]) -> Expected:
    record["rounds"][1]["round"] = 3
    return 3, None, "wrong_round", "round 3 comes where round 2 should"


def the_starter_changed(record: dict[str, Any]) -> Expected:
    first = record["rounds"][0]
    first["starter"] = (first["starter"] + 1) % len(record["players"])
    return 1, None, "wrong_starter", f"not seat {first['starter']}"


def a_hand_with_a_tile_too_many(record: dict[str, Any]) -> Expected:
    first = record["rounds"][0]
    first["hands"][0].append(first["box"].pop())
    return 1, None, "hand_size", "seat 0 was dealt 30 tiles, not 29"


def a_duplicated_tile(record: dict[str, Any]) -> Expected:
    hands = record["rounds"][0]["hands"]
    copied = coloured(hands[1])
    hands[0][0] = copied
    return 1, None, "tile_twice", f"{copied} is dealt more than once"


def a_tile_missing_from_the_box(record: dict[str, Any]) -> Expected:
    boxed = record["rounds"][0]["box"].pop()
    return 1, None, "tile_missing", f"{boxed} is in no hand and not in the box"


MUTATIONS: list[Callable[[dict[str, Any]], Expected]] = [
    a_tile_changed, a_row_changed, a_seat_changed, a_move_of_another_seat, a_tile_moved_between_hands,
    a_tile_swapped_between_hands, a_score_claimed, a_round_renumbered, the_starter_changed,
    a_hand_with_a_tile_too_many, a_duplicated_tile, a_tile_missing_from_the_box,
]  # fmt: skip


@pytest.mark.parametrize("mutation", MUTATIONS, ids=lambda mutation: mutation.__name__)
def test_a_record_with_one_thing_wrong_is_found_where_it_is(
    api: Api, finished: dict[int, dict[str, Any]], mutation: Callable[[dict[str, Any]], Expected]
) -> None:
    record = copy.deepcopy(finished[3])
    round_number, move_index, code, words = mutation(record)
    answer = verify(api, record)
    assert answer.status_code == 200 and answer.headers["Content-Language"] == "en"
    verdict = answer.get_json()
    assert (verdict["valid"], verdict["round"], verdict["move_index"], verdict["code"]) == (
        False, round_number, move_index, code), verdict["detail"]  # fmt: skip
    assert words in verdict["detail"]


def test_the_unchanged_records_are_valid(api: Api, finished: dict[int, dict[str, Any]]) -> None:
    for record in finished.values():
        assert verify(api, record).get_json()["valid"] is True


@pytest.mark.parametrize(
    "shown",
    [SHOWN_CLOCK, {**SHOWN_CLOCK, "on_timeout": "grandmaster"}, {**SHOWN_CLOCK, "turn_seconds": None}],
    ids=["as shown", "a level this service does not play", "no mode"],
)
def test_a_records_clock_is_shown_not_kept(
    api: Api, finished: dict[int, dict[str, Any]], shown: dict[str, Any]
) -> None:
    """Time is not replayed: a clock of the record's shape is read whatever this service would keep."""
    assert verify(api, {**finished[3], "clock": shown}).get_json()["valid"] is True


def test_two_players_may_start_with_either_seat_and_then_the_first_move_is_out_of_turn(
    api: Api, finished: dict[int, dict[str, Any]]
) -> None:
    record = copy.deepcopy(finished[2])
    first = record["rounds"][0]
    first["starter"] = 1 - first["starter"]
    verdict = verify(api, record).get_json()
    assert (verdict["round"], verdict["move_index"], verdict["code"]) == (1, 0, "not_your_turn")


@pytest.mark.parametrize(
    "mutation", [a_tile_changed, a_score_claimed], ids=lambda mutation: mutation.__name__
)
def test_the_flaw_is_said_in_the_callers_language(
    api: Api, finished: dict[int, dict[str, Any]], mutation: Callable[[dict[str, Any]], Expected]
) -> None:
    """The engine's sentence for an illegal move, and the record's own (a result the rules do not give)."""
    record = copy.deepcopy(finished[3])
    mutation(record)
    english, french = verify(api, record), verify(api, record, **{"Accept-Language": "fr"})
    assert french.headers["Content-Language"] == "fr" and "Accept-Language" in french.headers["Vary"]
    machine = ("valid", "round", "move_index", "code")
    assert {key: french.get_json()[key] for key in machine} == {
        key: english.get_json()[key] for key in machine
    }
    assert french.get_json()["detail"] != english.get_json()["detail"], "the detail is not French"
    if mutation is a_tile_changed:
        _, played = first_play(record)
        tile = TILES_BY_CODE[played["move"]["tiles"][0]]
        sentence = Message("{tile} is not in seat {seat}'s hand", tile=tile, seat=played["seat"])
        assert french.get_json()["detail"] == translate(sentence, "fr")
        assert french.get_json()["detail"].startswith("la tuile ")


# Who sees what


def playing(api: Api, players: int = 3, moves: int = 4) -> Game:
    game = api.create(players=SAMPLE_NAMES[:players], seed=7)
    chooser = random.Random(7)
    for _ in range(moves):
        state = from_snapshot(api.snapshot(game))
        placing = [move for move in legal_moves(state, state.current_player) if move.tiles]
        assert api.move(game, game.admin, chooser.choice(placing).to_json()).status_code == 200
    return game


def test_while_playing_a_seat_records_its_own_hands_and_a_spectator_none(api: Api) -> None:
    game = playing(api)
    admin = record_of(api, game, game.admin)
    assert record_of(api, game, None, **api.key_header) == admin  # the owner's key sees all
    assert all(isinstance(hand, list) for hand in admin["rounds"][0]["hands"])
    assert admin["rounds"][0]["box"] is not None and len(admin["rounds"][0]["box"]) == 1
    hidden = {"rounds": None}
    for seat, token in enumerate(game.players):
        own = record_of(api, game, token)
        assert [hand is not None for hand in own["rounds"][0]["hands"]] == [
            other == seat for other in range(3)
        ]
        assert own["rounds"][0]["hands"][seat] == admin["rounds"][0]["hands"][seat]
        assert own["rounds"][0]["box"] is None
        assert {**own, **hidden} == {**admin, **hidden}
        assert [(r["moves"], r["starter"]) for r in own["rounds"]] == [
            (r["moves"], r["starter"]) for r in admin["rounds"]
        ]
    spectator = record_of(api, game, game.created["tokens"]["spectator"])
    assert spectator["rounds"][0]["hands"] == [None, None, None] and spectator["rounds"][0]["box"] is None
    verdict = verify(api, record_of(api, game, game.players[2])).get_json()
    assert (verdict["valid"], verdict["round"], verdict["move_index"], verdict["code"]) == (
        False, 1, None, "hand_hidden")  # fmt: skip
    assert verify(api, admin).get_json() == {
        "valid": True, "status": "playing", "winners": [], "end_reason": None, "scores": [0, 0, 0],
        "rounds": 1,
    }  # fmt: skip


def test_a_seats_view_at_any_version_holds_its_own_hand_only(api: Api) -> None:
    game = playing(api)
    spectator = game.created["tokens"]["spectator"]
    dealt = record_of(api, game, game.players[1])["rounds"][0]["hands"][1]
    for version in range(1, 6):
        admin = api.get(game.url, game.admin, query_string={"at": version}).get_json()
        seat = api.get(game.url, game.players[1], query_string={"at": version}).get_json()
        watching = api.get(game.url, spectator, query_string={"at": version}).get_json()
        assert all("player" in player for player in admin["players"])  # the client app's references
        players = [{name: value for name, value in player.items() if name != "player"}
                   for player in admin["players"]]  # fmt: skip
        public = {**{name: value for name, value in admin.items() if name != "hands"}, "players": players}
        assert seat == {**public, "hand": admin["hands"][1]}
        assert watching == public
        assert set(seat["hand"]) <= set(dealt)
    first = api.get(game.url, game.players[1], query_string={"at": 1}).get_json()["hand"]
    assert all(TILES_BY_CODE[code].is_one for code in set(dealt) - set(first))  # placed at the deal


# Refusals


@pytest.mark.parametrize("asked", ["0", "-1", "x", "", "1.5", "99999999999"])
def test_a_version_that_is_not_a_positive_integer_breaks_the_contract(
    api: Api, game: Game, asked: str
) -> None:
    answer = api.get(game.url, game.admin, query_string={"at": asked})
    assert "at" in assert_problem(answer, 422, "invalid_request")["errors"]


def test_a_version_the_game_has_not_had_yet_is_unknown(api: Api) -> None:
    game = playing(api, moves=2)
    problem = assert_problem(api.get(game.url, game.admin, query_string={"at": 4}), 422, "unknown_version")
    assert problem["detail"] == "this game had versions 1 to 3, not 4"
    now = api.get(game.url, game.admin, query_string={"at": 3})
    assert now.get_json() == api.get(game.url, game.admin).get_json() and now.headers["ETag"] == '"3"'


def test_verifying_takes_a_client_key(api: Api, game: Game, finished: dict[int, dict[str, Any]]) -> None:
    assert_problem(api.post(VERIFY, None, finished[3]), 401, "unauthorized")
    # a game's token is not a client key
    assert_problem(api.post(VERIFY, game.admin, finished[3]), 401, "unauthorized")


def test_a_record_larger_than_the_limit_is_refused_and_a_large_one_under_it_is_read(
    api: Api, finished: dict[int, dict[str, Any]]
) -> None:
    text = json.dumps(finished[3])
    headers = {**api.key_header, "Content-Type": "application/json"}
    too_large = api.client.post(VERIFY, data=" " * (2 * 1024 * 1024) + text, headers=headers)
    assert_problem(too_large, 413, "payload_too_large")
    over_a_moves_limit = " " * (200 * 1024) + text  # other bodies are refused over 64 KiB
    padded = api.client.post(VERIFY, data=over_a_moves_limit, headers=headers)
    assert padded.status_code == 200 and padded.get_json()["valid"] is True


MALFORMED: list[tuple[Callable[[dict[str, Any]], object], str]] = [
    (lambda record: record.pop("scores"), "scores"),
    (lambda record: record.update(format="restart-record/2"), "format"),
    (lambda record: record.update(players=record["players"][:1]), "players"),
    (lambda record: record.update(status="paused"), "status"),
    (lambda record: record["rounds"][0].update(hands="all of them"), "rounds.0.hands"),
    (
        lambda record: record["rounds"][0]["moves"][0]["move"].update(action="fly"),
        "rounds.0.moves.0.move.action",
    ),
    (lambda record: record["rounds"][1].update(starter="1"), "rounds.1.starter"),
    (lambda record: record.update(later=True), "later"),
    (lambda record: record.update(clock={"turn_seconds": 60}), "clock.absent_after"),  # as asked, not shown
    (lambda record: record.update(clock={**SHOWN_CLOCK, "on_timeout": "Greedy"}), "clock.on_timeout"),
    (lambda record: record.update(clock={**SHOWN_CLOCK, "bank_seconds": 0}), "clock.bank_seconds"),
    (lambda record: record.update(clock=60), "clock"),
]


@pytest.mark.parametrize(("malform", "named"), MALFORMED, ids=[named for _, named in MALFORMED])
def test_a_malformed_record_breaks_the_contract_naming_the_field(
    api: Api, finished: dict[int, dict[str, Any]], malform: Callable[[dict[str, Any]], object], named: str
) -> None:
    record = copy.deepcopy(finished[3])
    malform(record)
    assert named in assert_problem(verify(api, record), 422, "invalid_request")["errors"]


def test_the_record_of_a_game_needs_one_of_its_credentials(api: Api, game: Game) -> None:
    other = api.create(players=SAMPLE_NAMES[:2], seed=1)
    for token in (None, other.admin, "x" * 43):
        assert_problem(api.get(f"{game.url}/record", token), 401, "unauthorized")


# The quick reading of a record (``schemas.quick_record``) and marshmallow's: one answer

MUTANTS = 3_000
ODD_VALUES = (None, True, 1.0, 2.5, "x", "", "a" * 50, -1, 10**12, 3, [], {}, "red-1", "2027-13-45T00:00:00Z")


def mutant(record: dict[str, Any], chooser: random.Random) -> dict[str, Any]:
    """The record with one value somewhere changed to an odd one, deleted, or an extra key added."""
    changed = copy.deepcopy(record)
    node: Any = changed
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return changed
        key = chooser.choice(keys)
        child = node[key]
        if isinstance(child, dict | list) and child and chooser.random() < 0.7:
            node = child
            continue
        if isinstance(node, dict) and chooser.random() < 0.2:
            node["extra" if chooser.random() < 0.5 else key] = 1
            if chooser.random() < 0.5:
                del node[key]
        else:
            node[key] = chooser.choice(ODD_VALUES)
        return changed


def test_a_plainly_valid_record_reads_as_marshmallow_reads_it_and_nothing_else_passes(
    finished: dict[int, dict[str, Any]],
) -> None:
    for record in finished.values():
        assert quick_record(record) == game_record_schema.load(record)
    chooser, accepted = random.Random(31), 0
    for _ in range(MUTANTS):
        changed = mutant(chooser.choice(list(finished.values())), chooser)
        quick = quick_record(changed)
        if quick is None:
            continue  # marshmallow reads it: the same answer or its errors
        assert quick == game_record_schema.load(changed), json.dumps(changed)[:300]
        accepted += 1
    assert 0 < accepted < MUTANTS
