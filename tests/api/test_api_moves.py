"""Submitting and validating moves: the engine's verdicts, seats, versions and races.

The seed-7 three-player game: seat 1 (Elias) moves first and holds red-2, red-5,
red-11, red-12, blue-3, gray-stop, ...; seat 2 (Sofia) holds red-4, gray-3 and a
scissors; seat 0 (Annika) holds red-3, scissors and trash.
"""

from __future__ import annotations

from typing import Any

import pytest

from harness.games import Game
from harness.in_process_api import Api
from service.rules import Illegal
from service.store import GameStore, StoredAnswer
from service.store.base import IDEMPOTENCY_KEYS_PER_GAME
from tests.api.api_support import InterferingStore, rival_move

PLAY_RED_2 = {"player": 1, "action": "play", "row": "red", "tiles": ["red-2"]}


def _play(player: int, row: str, *tiles: str) -> dict[str, Any]:
    return {"player": player, "action": "play", "row": row, "tiles": list(tiles)}


REFUSALS: dict[Illegal, tuple[list[dict[str, Any]], dict[str, Any]]] = {
    Illegal.NOT_YOUR_TURN: ([], {"player": 0, "action": "pass"}),
    Illegal.PASS_TAKES_NOTHING: ([], {"player": 1, "action": "pass", "row": "red"}),
    Illegal.ROW_REQUIRED: ([], {"player": 1, "action": "play", "tiles": ["red-2"]}),
    Illegal.UNKNOWN_TILE: ([], _play(1, "red", "red-99")),
    Illegal.EMPTY_PLAY: ([], _play(1, "red")),
    Illegal.ONE_PURPLE_PER_TURN: ([], {"player": 1, "action": "scissors", "row": "red", "tiles": ["trash"]}),
    Illegal.TILE_NOT_IN_HAND: ([], _play(1, "red", "red-3")),
    Illegal.NOTHING_TO_REMOVE: (
        [{"player": 1, "action": "pass"}],
        {"player": 2, "action": "scissors", "row": "red", "tiles": []},
    ),
    Illegal.WRONG_COLOUR: ([], _play(1, "red", "blue-3")),
    Illegal.ROW_CLOSED: ([_play(1, "gray", "gray-stop")], _play(2, "gray", "gray-3")),
    Illegal.CLOSING_TILE_NOT_LAST: ([], _play(1, "gray", "gray-stop", "gray-15")),
    Illegal.NOT_A_RUN: ([], _play(1, "red", "red-2", "red-5")),
    Illegal.NOT_ASCENDING: ([_play(1, "red", "red-11", "red-12")], _play(2, "red", "red-4")),
}


def test_every_engine_code_has_a_scenario() -> None:
    assert set(REFUSALS) | {Illegal.GAME_OVER} == set(Illegal)


def test_a_legal_move_is_applied_and_answered_with_the_movers_view(api: Api, game: Game) -> None:
    response = api.move(game, game.players[1], PLAY_RED_2)
    assert response.status_code == 200
    assert response.headers["ETag"] == '"2"'
    body = response.get_json()
    assert body["events"] == [{"seq": 2, "type": "tiles_placed", "seat": 1, "row": "red", "tiles": ["red-2"]}]
    assert body["game"]["version"] == 2 and body["game"]["current_player"] == 2
    assert "red-2" not in body["game"]["hand"] and "hands" not in body["game"]
    assert api.snapshot(game)["rows"]["red"] == ["red-1", "red-2"]


@pytest.mark.parametrize("code", sorted(REFUSALS), ids=str)
def test_illegal_moves_get_the_engines_code_and_change_nothing(api: Api, game: Game, code: Illegal) -> None:
    setup, refused = REFUSALS[code]
    for move in setup:
        assert api.move(game, game.admin, move).status_code == 200
    before = api.snapshot(game)
    response = api.move(game, game.admin, refused)
    assert response.status_code == 422
    assert response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert problem["code"] == code.value
    assert problem["type"] == f"https://restart.example/problems/{code.value}"
    assert problem["title"] == "Illegal move" and problem["detail"]
    assert api.snapshot(game) == before
    verdict = api.post(f"{game.url}/moves/validate", game.admin, refused).get_json()
    assert verdict == {"legal": False, "code": code.value, "detail": problem["detail"]}


def test_a_finished_game_refuses_every_move(api: Api) -> None:
    game = api.create(players=["Annika", "Elias"], seed=3, target_score=1)
    for _ in range(2):
        seat = api.get(game.url, game.admin).get_json()["current_player"]
        assert api.move(game, game.admin, {"player": seat, "action": "pass"}).status_code == 200
    view = api.get(game.url, game.admin).get_json()
    assert view["status"] == "finished" and view["end_reason"] == "target_reached"
    assert view["last_round"] is not None and view["winners"]
    response = api.move(game, game.admin, {"player": view["current_player"], "action": "pass"})
    assert response.status_code == 422
    assert response.get_json()["code"] == "game_over"


def test_a_player_may_move_only_for_their_own_seat(api: Api, game: Game) -> None:
    response = api.move(game, game.players[0], PLAY_RED_2)
    assert response.status_code == 403
    assert response.get_json()["code"] == "forbidden"
    validate = api.post(f"{game.url}/moves/validate", game.players[0], PLAY_RED_2)
    assert validate.status_code == 403


def test_a_seat_the_game_does_not_have_is_an_invalid_request(api: Api, game: Game) -> None:
    response = api.move(game, game.admin, {"player": 3, "action": "pass"})
    assert response.status_code == 422
    assert response.get_json()["errors"] == {"player": ["this game has seats 0 to 2"]}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"action": "pass"}, "player"),
        ({"player": "1", "action": "pass"}, "player"),
        ({"player": True, "action": "pass"}, "player"),
        ({"player": 1.5, "action": "pass"}, "player"),
        ({"player": 4, "action": "pass"}, "player"),
        ({"player": 1, "action": "jump"}, "action"),
        ({"player": 1, "action": "play", "row": "purple", "tiles": ["red-2"]}, "row"),
        ({"player": 1, "action": "play", "row": "red", "tiles": "red-2"}, "tiles"),
        ({"player": 1, "action": "play", "row": "red", "tiles": ["red-2"] * 21}, "tiles"),
        ({"player": 1, "action": "play", "row": "red", "tiles": ["r" * 17]}, "tiles.0"),
        ({"player": 1, "action": "play", "row": "red", "tiles": [""]}, "tiles.0"),
        ({"player": 1, "action": "pass", "colour": "red"}, "colour"),
        ([{"player": 1, "action": "pass"}], "body"),
    ],
)
def test_malformed_moves_are_invalid_requests(api: Api, game: Game, body: Any, field: str) -> None:
    for path in ("moves", "moves/validate"):
        response = api.post(f"{game.url}/{path}", game.admin, body)
        assert response.status_code == 422
        assert response.get_json()["code"] == "invalid_request"
        assert field in response.get_json()["errors"]


def test_validate_answers_legal_and_changes_nothing(api: Api, game: Game) -> None:
    response = api.post(f"{game.url}/moves/validate", game.players[1], PLAY_RED_2)
    assert response.status_code == 200
    assert response.get_json() == {"legal": True}
    assert response.headers["ETag"] == '"1"'
    assert api.get(game.url, game.admin).get_json()["version"] == 1


@pytest.mark.parametrize("if_match", ['"1"', "1", "*"])
def test_if_match_with_the_current_version_or_any_applies(api: Api, game: Game, if_match: str) -> None:
    response = api.move(game, game.admin, PLAY_RED_2, **{"If-Match": if_match})
    assert response.status_code == 200


def test_if_match_with_a_stale_version_is_412(api: Api, game: Game) -> None:
    assert api.move(game, game.admin, PLAY_RED_2).status_code == 200
    response = api.move(game, game.admin, {"player": 2, "action": "pass"}, **{"If-Match": '"1"'})
    assert response.status_code == 412
    assert response.get_json()["code"] == "version_mismatch"
    assert api.get(game.url, game.admin).get_json()["version"] == 2


@pytest.mark.parametrize("if_match", ['W/"1"', '"1', "one", '"1", "2"', ""])
def test_a_malformed_if_match_is_400(api: Api, game: Game, if_match: str) -> None:
    response = api.move(game, game.admin, PLAY_RED_2, **{"If-Match": if_match})
    assert response.status_code == 400
    assert response.get_json()["code"] == "invalid_if_match"


@pytest.fixture
def racing(api: Api, game: Game, app: Any) -> Any:
    def install(races: int) -> None:
        store = app.extensions["restart"].store
        inner = getattr(store, "inner", store)
        app.extensions["restart"].store = InterferingStore(inner, races, rival_move(inner, game.id))

    return install


def test_a_lost_race_without_if_match_is_judged_again(api: Api, game: Game, racing: Any) -> None:
    racing(2)
    response = api.move(game, game.admin, PLAY_RED_2)
    assert response.status_code == 200
    assert response.get_json()["game"]["version"] == 4


def test_a_lost_race_with_if_match_is_412(api: Api, game: Game, racing: Any) -> None:
    racing(1)
    response = api.move(game, game.admin, PLAY_RED_2, **{"If-Match": '"1"'})
    assert response.status_code == 412


def test_losing_every_race_is_409_with_retry_after(api: Api, game: Game, racing: Any) -> None:
    racing(1000)
    response = api.move(game, game.admin, PLAY_RED_2)
    assert response.status_code == 409
    assert response.get_json()["code"] == "concurrent_update"
    assert response.headers["Retry-After"] == "1"


class TestIdempotencyKey:
    def test_a_key_past_the_games_last_keys_is_a_new_request_and_never_applies_twice(
        self, api: Api, game: Game
    ) -> None:
        """The first move's key is forgotten once as many more keys as a game keeps came: its retry
        is judged anew, and with its If-Match it cannot apply again (412), nor without it (it is
        not that seat's turn any more: 422), and never a 500."""
        first = api.move(game, game.players[1], PLAY_RED_2, **{"Idempotency-Key": "first", "If-Match": '"1"'})
        assert first.status_code == 200
        for number in range(IDEMPOTENCY_KEYS_PER_GAME):  # as many more keys: not-your-turn refusals, kept
            refused = api.move(game, game.players[1], PLAY_RED_2, **{"Idempotency-Key": f"later-{number}"})
            assert refused.status_code == 422
        retried = api.move(
            game, game.players[1], PLAY_RED_2, **{"Idempotency-Key": "first", "If-Match": '"1"'}
        )
        assert retried.status_code == 412 and "Idempotent-Replayed" not in retried.headers
        assert retried.get_json()["code"] == "version_mismatch"
        plain = api.move(game, game.players[1], PLAY_RED_2, **{"Idempotency-Key": "first-again"})
        assert plain.status_code == 422 and plain.get_json()["code"] == "not_your_turn"
        assert api.get(game.url, game.admin).get_json()["version"] == 2

    def test_a_retry_replays_the_first_answer_byte_for_byte(self, api: Api, game: Game) -> None:
        first = api.move(game, game.players[1], PLAY_RED_2, **{"Idempotency-Key": "move-1"})
        again = api.move(game, game.players[1], PLAY_RED_2, **{"Idempotency-Key": "move-1"})
        assert first.status_code == again.status_code == 200
        assert again.data == first.data
        assert again.headers["Idempotent-Replayed"] == "true"
        assert "Idempotent-Replayed" not in first.headers
        assert again.headers["ETag"] == first.headers["ETag"] == '"2"'
        assert api.get(game.url, game.admin).get_json()["version"] == 2

    def test_a_refusal_is_replayed_too(self, api: Api, game: Game) -> None:
        illegal = _play(1, "red", "red-3")
        first = api.move(game, game.admin, illegal, **{"Idempotency-Key": "k"})
        again = api.move(game, game.admin, illegal, **{"Idempotency-Key": "k"})
        assert first.status_code == again.status_code == 422
        assert again.data == first.data and again.headers["Idempotent-Replayed"] == "true"

    def test_the_same_key_with_another_body_is_422(self, api: Api, game: Game) -> None:
        api.move(game, game.players[1], PLAY_RED_2, **{"Idempotency-Key": "k"})
        response = api.move(game, game.players[1], _play(1, "red", "red-5"), **{"Idempotency-Key": "k"})
        assert response.status_code == 422
        assert response.get_json()["code"] == "idempotency_key_reused"

    def test_the_same_key_and_body_from_another_caller_is_another_request(self, api: Api, game: Game) -> None:
        api.move(game, game.players[1], PLAY_RED_2, **{"Idempotency-Key": "k"})
        response = api.move(game, game.admin, PLAY_RED_2, **{"Idempotency-Key": "k"})
        assert response.status_code == 422
        assert response.get_json()["code"] == "idempotency_key_reused"

    def test_a_key_held_by_a_request_in_flight_is_409(self, api: Api, game: Game, store: GameStore) -> None:
        store.claim_idempotency_key(game.id, "k", "someone else's fingerprint")
        response = api.move(game, game.admin, PLAY_RED_2, **{"Idempotency-Key": "k"})
        assert response.status_code == 409
        assert response.get_json()["code"] == "idempotency_key_in_flight"
        assert response.headers["Retry-After"] == "1"

    def test_a_key_whose_request_lost_every_race_is_freed(self, api: Api, game: Game, racing: Any) -> None:
        racing(1000)
        assert api.move(game, game.admin, PLAY_RED_2, **{"Idempotency-Key": "k"}).status_code == 409
        racing(0)
        response = api.move(game, game.admin, PLAY_RED_2, **{"Idempotency-Key": "k"})
        assert response.status_code == 200
        assert "Idempotent-Replayed" not in response.headers

    @pytest.mark.parametrize("key", ["", "x" * 256, "clé"])
    def test_a_malformed_key_is_400(self, api: Api, game: Game, key: str) -> None:
        response = api.move(game, game.admin, PLAY_RED_2, **{"Idempotency-Key": key})
        assert response.status_code == 400
        assert response.get_json()["code"] == "invalid_idempotency_key"

    def test_the_recorded_answer_is_the_one_sent(self, api: Api, game: Game, store: GameStore) -> None:
        sent = api.move(game, game.players[1], PLAY_RED_2, **{"Idempotency-Key": "k"})
        claim = store.claim_idempotency_key(game.id, "k", "probe")
        assert isinstance(claim.answer, StoredAnswer)
        assert claim.answer.status == 200 and claim.answer.body == sent.get_data(as_text=True)
