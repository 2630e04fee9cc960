"""Seats the service plays: created with the game, played by the worker through the same judge, save and
events as anyone's, never by a move sent for them; hints; the levels listed.

The worker here is the one ``make run`` runs in the service's process, driven a step at a time
(``drain``), so that what it did is known when a test looks.
"""

from __future__ import annotations

import pytest
from flask import Flask

from harness.games import Game
from harness.in_process_api import Api
from service.bots.levels import choose
from service.play.bot_seats import levels, play_turn
from service.play.outbox import read_entry
from service.rules import from_snapshot, legal_moves
from service.settings import WorkerSettings
from service.store import Store
from service.worker import embedded
from service.worker.handlers import worker
from tests.api.test_api_errors import assert_problem

PERSON_AND_BOT = ["Annika", {"name": "Greedy", "bot": "greedy"}]


def drain(store: Store) -> int:
    """Every piece of work the worker has, done now; how many doorbells it answered."""
    bots = worker(store, "test-worker", choose, WorkerSettings(sweep_every=3600))
    done = 0
    while served := bots.step(wait=0.0):
        done += served
    return done


def bot_seat(game: Game) -> int:
    return next(player["seat"] for player in game.created["game"]["players"] if player["bot"])


def test_a_bot_seat_has_no_token_and_the_view_names_its_level(api: Api) -> None:
    game = api.create(players=PERSON_AND_BOT, seed=3)
    created = game.created
    assert [player["bot"] for player in created["game"]["players"]] == [None, "greedy"]
    assert created["tokens"]["players"][1] is None and created["tokens"]["players"][0]
    assert api.get(game.url, game.admin).get_json()["players"][1]["bot"] == "greedy"


def test_an_unknown_level_is_refused_with_its_own_code(api: Api) -> None:
    answer = api.post("/v1/games", None, {"players": ["A", {"name": "B", "bot": "grandmaster"}]},
                      headers=api.key_header)  # fmt: skip
    assert_problem(answer, 422, "unknown_bot_level")


def test_a_move_sent_for_a_bots_seat_is_refused_even_from_the_admin(api: Api) -> None:
    game = api.create(players=PERSON_AND_BOT, seed=3)
    answer = api.move(game, game.admin, {"player": 1, "action": "pass"})
    assert_problem(answer, 403, "bot_seat")


def test_the_worker_plays_the_bots_turn_with_the_judge_and_the_log(api: Api, store: Store) -> None:
    """Seed 3 deals the first turn to seat 0: the person moves, then the bot's turn is the worker's."""
    game = api.create(players=PERSON_AND_BOT, seed=3)
    snapshot = api.snapshot(game)
    assert snapshot["current_player"] == 0
    move = legal_moves(from_snapshot(snapshot), 0)[0].to_json()
    assert api.move(game, game.players[0], move).status_code == 200
    assert drain(store) >= 1
    after = api.get(game.url, game.admin).get_json()
    assert after["version"] == 3 and after["current_player"] == 0
    events = api.get(f"{game.url}/events", game.admin).get_json()["events"]
    assert [event["seq"] for event in events] == list(range(1, len(events) + 1))
    assert drain(store) == 0  # nothing more to do: the person's turn


def test_a_game_of_bots_only_is_played_to_its_end_by_the_service(api: Api, store: Store) -> None:
    players = [{"name": f"Bot {n}", "bot": level} for n, level in enumerate(("random", "greedy", "random"))]
    game = api.create(players=players, seed=11, target_score=30)
    assert game.created["tokens"]["players"] == [None, None, None]
    drain(store)
    final = api.get(game.url, game.admin).get_json()
    assert final["status"] == "finished" and final["winners"]


def test_a_seeded_game_of_bots_replays_identically(api: Api, store: Store) -> None:
    players = [{"name": "A", "bot": "greedy"}, {"name": "B", "bot": "random"}]
    logs = []
    for _ in range(2):
        game = api.create(players=players, seed=5, target_score=40)
        drain(store)
        logs.append(api.get(f"{game.url}/events?limit=500", game.admin).get_json()["events"])
    assert logs[0] == logs[1] and logs[0][-1]["type"] == "game_over"


def test_a_turn_handled_twice_is_played_once(api: Api, store: Store) -> None:
    """A doorbell taken again after its first worker played the turn and died before finishing it:
    the entry is handled a second time, and the version check drops it."""
    game = api.create(players=[{"name": "A", "bot": "greedy"}, {"name": "B", "bot": "greedy"}], seed=8)
    ((_, first_turn),) = store.outbox(game.id, 10)
    drain(store)
    played = api.get(game.url, game.admin).get_json()["version"]
    assert played > 1
    assert play_turn(store, read_entry(game.id, first_turn), 0.0, choose) is None  # type: ignore[arg-type]
    assert api.get(game.url, game.admin).get_json()["version"] == played


@pytest.mark.parametrize("level", ["random", "greedy", "expert"])
def test_a_hint_is_what_that_level_would_play_and_a_legal_move(
    app: Flask, api: Api, game: Game, store: Store, level: str
) -> None:
    stop = embedded.start(store, WorkerSettings())  # the expert's hint is the worker's
    try:
        answer = api.get(f"{game.url}/hint", game.players[1], query_string={"level": level})
        assert answer.status_code == 200, answer.get_data(as_text=True)
        body = answer.get_json()
        snapshot = api.snapshot(game)
        legal = [move.to_json() for move in legal_moves(from_snapshot(snapshot), 1)]
        assert body["level"] == level and body["move"] in legal
        again = api.get(f"{game.url}/hint", game.admin, query_string={"level": level, "player": 1})
        assert again.get_json() == body  # the same seed: the same move, whoever asks
    finally:
        stop.set()


def test_a_hint_for_a_seat_not_to_move_or_a_spectator_is_refused(api: Api, game: Game) -> None:
    assert_problem(api.get(f"{game.url}/hint", game.players[0], query_string={"level": "greedy"}), 422,
                   "not_your_turn")  # fmt: skip
    spectator = game.created["tokens"]["spectator"]
    assert_problem(api.get(f"{game.url}/hint", spectator, query_string={"level": "greedy"}), 403, "forbidden")
    assert_problem(api.get(f"{game.url}/hint", game.admin, query_string={"level": "greedy"}), 422,
                   "invalid_request")  # fmt: skip
    assert_problem(api.get(f"{game.url}/hint", game.players[1], query_string={"level": "oracle"}), 422,
                   "unknown_bot_level")  # fmt: skip


@pytest.mark.parametrize("app_config", [{"HINT_WAIT_SECONDS": "0.05"}])
def test_an_experts_hint_with_no_worker_is_a_503_not_a_hang(api: Api, game: Game) -> None:
    answer = api.get(f"{game.url}/hint", game.players[1], query_string={"level": "expert"})
    assert_problem(answer, 503, "hint_unavailable")
    assert answer.headers["Retry-After"] == "1"


def test_the_levels_are_listed_weakest_first_without_a_credential(api: Api) -> None:
    answer = api.client.get("/v1/bots")
    assert answer.status_code == 200
    assert answer.get_json() == {"bots": levels()}
    assert [bot["level"] for bot in levels()][:3] == ["random", "greedy", "expert"]
