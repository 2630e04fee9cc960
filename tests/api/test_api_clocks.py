"""Turn clocks over HTTP, on an injected clock: the settings and their refusals, the view's clock, a
move refused after its deadline (and the timeout it plays), the worker firing what is due, the
ladder to absent and back, bank mode with its increment. docs/CLOCKS.md tells the rules.

The app and the worker share the fake clock (``clock``): time moves only when a test moves it.
"""

from __future__ import annotations

from typing import Any

import pytest

from harness.games import Game
from harness.in_process_api import Api
from service.bots.levels import choose
from service.play.timeouts import clock_settings, settings_view
from service.rules import from_snapshot, legal_moves
from service.settings import WorkerSettings
from service.store import Store
from service.worker.handlers import worker
from tests.api.test_api_errors import assert_problem
from tests.store.helpers import FakeClock

TWO = ["Ada", "Bo"]


def fire(store: Store, clock: FakeClock) -> int:
    """Everything the worker has to do at the clock's time, done now; how much it served."""
    background = worker(store, "test-worker", choose, WorkerSettings(sweep_every=3600), now=clock)
    done = 0
    while served := background.step(wait=0.0):
        done += served
    return done


def timed(api: Api, asked: dict[str, Any], players: list[Any] | None = None, seed: int = 3) -> Game:
    return api.create(players=players or TWO, seed=seed, clock=asked)


def view(api: Api, game: Game) -> dict[str, Any]:
    answer = api.get(game.url, game.admin)
    assert answer.status_code == 200
    found: dict[str, Any] = answer.get_json()
    return found


def events(api: Api, game: Game) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = api.get(f"{game.url}/events", game.admin).get_json()["events"]
    return found


def a_legal_move(api: Api, game: Game) -> dict[str, Any]:
    """A legal move that is not a pass, for the seat to move (a pass is always legal too)."""
    snapshot = api.snapshot(game)
    seat = snapshot["current_player"]
    moves = legal_moves(from_snapshot(snapshot), seat)
    played = [move for move in moves if move.action.value != "pass"] or moves
    return played[0].to_json()


@pytest.mark.parametrize(
    "asked",
    [
        {},
        {"turn_seconds": 10, "bank_seconds": 10},
        {"turn_seconds": 0},
        {"turn_seconds": 2_592_001},
        {"bank_seconds": 60, "increment_seconds": 86_401},
        {"turn_seconds": 10, "increment_seconds": 5},
        {"turn_seconds": 10, "on_timeout": "grandmaster"},
        {"turn_seconds": 10, "absent_after": 101},
        {"turn_seconds": 10.5},
        {"turn_seconds": True},
        {"turn_seconds": 10, "later": 1},
        {"turn_seconds": None, "bank_seconds": 60},
        {"bank_seconds": 60, "increment_seconds": None},
        {"turn_seconds": 10, "absent_after": None},
    ],
)
def test_a_clock_the_service_cannot_keep_is_refused_with_its_own_code(api: Api, asked: Any) -> None:
    answer = api.post("/v1/games", None, {"players": TWO, "clock": asked}, headers=api.key_header)
    assert_problem(answer, 422, "invalid_clock")


ASKED = [
    {"turn_seconds": 30},
    {"turn_seconds": 60, "on_timeout": "greedy", "absent_after": 0},
    {"bank_seconds": 600},
    {"bank_seconds": 600, "increment_seconds": 5, "on_timeout": "expert", "absent_after": 100},
]


@pytest.mark.parametrize("asked", ASKED)
def test_the_one_reader_reads_back_what_the_views_and_records_show(asked: dict[str, Any]) -> None:
    """``clock_settings`` reads a clock asked for and, ``shown``, the same clock as ``settings_view``
    writes it into a view or a record: the same settings."""
    settings = clock_settings(asked)
    assert clock_settings(settings_view(settings), shown=True) == settings


def test_a_whole_number_written_with_a_fraction_of_zero_is_that_number(api: Api) -> None:
    """A JSON Schema integer, as every integer of the contract is read."""
    game = timed(api, {"bank_seconds": 600.0, "increment_seconds": 5.0})
    assert game.created["game"]["clock"]["bank_seconds"] == 600
    assert game.created["game"]["clock"]["increment_seconds"] == 5


def test_a_clock_that_is_not_an_object_breaks_the_contract(api: Api) -> None:
    answer = api.post("/v1/games", None, {"players": TWO, "clock": "ten seconds"}, headers=api.key_header)
    assert "clock" in assert_problem(answer, 422, "invalid_request")["errors"]


def test_a_game_without_a_clock_says_so_and_counts_no_timeouts(api: Api) -> None:
    game = api.create(players=TWO, seed=3)
    seen = view(api, game)
    assert seen["clock"] is None
    assert [(p["timeouts"], p["absent"]) for p in seen["players"]] == [(0, False), (0, False)]


def test_the_view_shows_the_deadline_and_what_remains_of_the_turn(api: Api, clock: FakeClock) -> None:
    game = timed(api, {"turn_seconds": 30})
    created = game.created["game"]["clock"]
    assert created == {
        "turn_seconds": 30, "bank_seconds": None, "increment_seconds": None, "on_timeout": "pass",
        "absent_after": 3, "deadline": "2027-01-15T08:00:30.000Z", "remaining_seconds": 30.0, "banks": None,
    }  # fmt: skip
    clock.advance(12.25)
    assert view(api, game)["clock"]["remaining_seconds"] == 17.75
    clock.advance(100)
    assert view(api, game)["clock"]["remaining_seconds"] == 0  # due: the worker has not come yet


def test_a_move_in_time_starts_the_next_turn_from_its_save(api: Api, clock: FakeClock) -> None:
    game = timed(api, {"turn_seconds": 30})
    clock.advance(29.999)
    mover = game.created["game"]["current_player"]
    answer = api.move(game, game.players[mover], a_legal_move(api, game))
    assert answer.status_code == 200, answer.get_json()
    after = answer.get_json()["game"]["clock"]
    assert after["deadline"] == "2027-01-15T08:00:59.999Z" and after["remaining_seconds"] == 30.0


def test_a_move_after_the_deadline_is_refused_and_the_timeout_is_played(api: Api, clock: FakeClock) -> None:
    game = timed(api, {"turn_seconds": 30})
    mover = game.created["game"]["current_player"]
    move = a_legal_move(api, game)
    clock.advance(30)
    assert_problem(api.move(game, game.players[mover], move), 409, "time_is_up")
    seen = view(api, game)
    assert seen["version"] == 2 and seen["current_player"] != mover
    assert seen["players"][mover]["timeouts"] == 1
    assert [event["type"] for event in events(api, game)[-2:]] == ["turn_timed_out", "passed"]
    assert events(api, game)[-2]["seat"] == mover
    assert seen["clock"]["deadline"] == "2027-01-15T08:01:00.000Z"  # the next turn starts at the save


def test_the_worker_fires_a_deadline_once_it_is_due_and_not_before(
    api: Api, store: Store, clock: FakeClock
) -> None:
    game = timed(api, {"turn_seconds": 5})
    clock.advance(4.999)
    fire(store, clock)
    assert view(api, game)["version"] == 1
    clock.advance(0.001)
    fire(store, clock)
    seen = view(api, game)
    assert seen["version"] == 2
    fire(store, clock)
    assert view(api, game)["version"] == 2  # fired once: the next deadline is 5 s on


def test_a_seat_left_alone_becomes_absent_and_plays_at_once_until_it_is_back(
    api: Api, store: Store, clock: FakeClock
) -> None:
    game = timed(api, {"turn_seconds": 5, "absent_after": 2})
    mover = game.created["game"]["current_player"]
    other = 1 - mover
    for _ in range(2):  # the mover times out; the other seat plays its own turn in time
        clock.advance(5)
        fire(store, clock)
        seen = view(api, game)
        if seen["status"] == "finished":
            pytest.fail("the game ended before the ladder was climbed")
        assert seen["current_player"] == other
        assert api.move(game, game.players[other], a_legal_move(api, game)).status_code == 200
    seen = view(api, game)
    assert seen["players"][mover]["absent"] and seen["players"][mover]["timeouts"] == 2
    types = [event["type"] for event in events(api, game)]
    assert types.count("turn_timed_out") == 2 and types.count("seat_absent") == 1
    absent_at = types.index("seat_absent")  # right after the timeout that made it, before its pass
    assert types[absent_at - 1 : absent_at + 2] == ["turn_timed_out", "seat_absent", "passed"]
    # absent: the seat's turn is due at once, played without counting a timeout
    fire(store, clock)
    seen = view(api, game)
    assert seen["current_player"] == other and seen["players"][mover]["timeouts"] == 2
    back = api.post(f"{game.url}/seats/{mover}/back", game.players[mover], None)
    assert back.status_code == 200
    assert back.get_json()["players"][mover]["absent"] is False and "hand" in back.get_json()
    assert events(api, game)[-1] == {"seq": events(api, game)[-1]["seq"], "type": "seat_back", "seat": mover}
    again = api.post(f"{game.url}/seats/{mover}/back", game.players[mover], None)
    assert again.status_code == 200 and again.get_json()["version"] == back.get_json()["version"]


def test_only_the_seat_or_the_admin_says_a_seat_is_back(api: Api) -> None:
    game = timed(api, {"turn_seconds": 5})
    assert_problem(api.post(f"{game.url}/seats/0/back", game.players[1], None), 403, "forbidden")
    assert api.post(f"{game.url}/seats/0/back", game.admin, None).status_code == 200
    # The path names the seat: one the game has not (the schema allows the largest game's) is not found.
    for seat in ("3", "4", "-1", "x", "99999999999999999999"):
        assert_problem(api.post(f"{game.url}/seats/{seat}/back", game.admin, None), 404, "not_found")


def test_returning_on_ones_own_turn_starts_it_again_with_full_time(
    api: Api, store: Store, clock: FakeClock
) -> None:
    game = timed(api, {"turn_seconds": 5, "absent_after": 1}, players=["Ada", "Bo", "Cy"])
    mover = game.created["game"]["current_player"]
    clock.advance(5)
    fire(store, clock)  # the mover times out and is absent at once
    assert view(api, game)["players"][mover]["absent"]
    for _ in range(2):  # the two others play in time, and the turn comes back to the absent seat
        seat = view(api, game)["current_player"]
        assert api.move(game, game.players[seat], a_legal_move(api, game)).status_code == 200
    seen = view(api, game)
    assert seen["current_player"] == mover and seen["clock"]["remaining_seconds"] == 0  # due at once
    refused = api.move(game, game.players[mover], {"player": mover, "action": "pass"})
    assert_problem(refused, 409, "time_is_up")  # an absent seat says it is back first
    assert view(api, game)["current_player"] != mover  # ...and its turn was played for it


def test_saying_back_before_the_worker_plays_the_turn_gives_it_full_time(
    api: Api, store: Store, clock: FakeClock
) -> None:
    game = timed(api, {"turn_seconds": 5, "absent_after": 1}, players=["Ada", "Bo", "Cy"])
    mover = game.created["game"]["current_player"]
    clock.advance(5)
    fire(store, clock)
    for _ in range(2):
        seat = view(api, game)["current_player"]
        assert api.move(game, game.players[seat], a_legal_move(api, game)).status_code == 200
    clock.advance(1)
    back = api.post(f"{game.url}/seats/{mover}/back", game.players[mover], None).get_json()
    assert back["current_player"] == mover and back["clock"]["remaining_seconds"] == 5.0
    fire(store, clock)
    assert view(api, game)["current_player"] == mover  # no longer due: the worker leaves it


def test_bank_mode_takes_the_thinking_time_and_adds_the_increment(api: Api, clock: FakeClock) -> None:
    game = timed(api, {"bank_seconds": 60, "increment_seconds": 2})
    mover = game.created["game"]["current_player"]
    assert game.created["game"]["clock"]["banks"] == [60.0, 60.0]
    clock.advance(10)
    assert view(api, game)["clock"]["banks"][mover] == 50.0
    answer = api.move(game, game.players[mover], a_legal_move(api, game)).get_json()
    banks = answer["game"]["clock"]["banks"]
    assert banks[mover] == 52.0 and banks[1 - mover] == 60.0
    assert answer["game"]["clock"]["remaining_seconds"] == 60.0


def test_a_bank_run_out_leaves_the_increment_for_each_turn(api: Api, store: Store, clock: FakeClock) -> None:
    game = timed(api, {"bank_seconds": 10, "increment_seconds": 3, "absent_after": 0})
    mover = game.created["game"]["current_player"]
    clock.advance(10)
    fire(store, clock)  # the bank ran out: a timeout, the bank empty
    seen = view(api, game)
    assert seen["clock"]["banks"][mover] == 0 and seen["players"][mover]["timeouts"] == 1
    other = seen["current_player"]
    assert api.move(game, game.players[other], a_legal_move(api, game)).status_code == 200
    assert view(api, game)["current_player"] == mover
    assert view(api, game)["clock"]["remaining_seconds"] == 3.0


def test_a_bot_seat_is_not_timed_and_a_level_plays_a_timeout(
    api: Api, store: Store, clock: FakeClock
) -> None:
    players = ["Ada", {"name": "Greedy", "bot": "greedy"}]
    game = timed(api, {"turn_seconds": 5, "on_timeout": "greedy"}, players=players)
    fire(store, clock)  # the bot's first turn, if it has it
    seen = view(api, game)
    assert seen["current_player"] == 0 and seen["clock"]["deadline"] is not None
    clock.advance(5)
    fire(store, clock)
    logged = [event["type"] for event in events(api, game)]
    assert "turn_timed_out" in logged
    timed_out = logged.index("turn_timed_out")
    assert logged[timed_out + 1] in {"tiles_placed", "tiles_removed", "passed"}
    assert view(api, game)["current_player"] == 0  # the bot played its turn at once after


def test_a_finished_game_has_no_deadline(api: Api, store: Store, clock: FakeClock) -> None:
    game = timed(api, {"turn_seconds": 1, "absent_after": 0}, seed=5)
    for _ in range(2000):
        if view(api, game)["status"] == "finished":
            break
        clock.advance(1)
        fire(store, clock)
    seen = view(api, game)
    assert seen["status"] == "finished"
    assert seen["clock"]["deadline"] is None and seen["clock"]["remaining_seconds"] is None
    assert events(api, game)[-1]["type"] == "game_over"  # what a stream ends with comes last


def test_a_late_move_is_time_is_up_whether_or_not_the_worker_came_first(
    api: Api, store: Store, clock: FakeClock
) -> None:
    """With or without If-Match: the answer does not depend on how late the worker is."""
    first, second = timed(api, {"turn_seconds": 5}), timed(api, {"turn_seconds": 5})
    clock.advance(6)
    fire(store, clock)  # the worker times out both games' first turns
    for game in (first, second):
        mover = game.created["game"]["current_player"]
        headers = {"If-Match": '"1"'} if game is first else {}
        late = api.move(game, game.players[mover], {"player": mover, "action": "pass"}, **headers)
        assert_problem(late, 409, "time_is_up")
        assert view(api, game)["version"] == 2  # the timeout only
