"""A move judged against this process's copy of its game (``Store.recent_version``), when another
process saved since: never a wrong answer, and no read when the copy is current.

Two apps, as two gunicorn workers would be, on two stores of one Redis: ``here`` created the
game and keeps its copy; ``elsewhere`` moves in it behind ``here``'s back. Every answer ``here``
gives after that must be the one a fresh read would give: a move its stale copy would refuse
is saved, a refusal is said only of the game as it is, and ``If-Match`` names the real version.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from flask import Flask

from harness.games import Game
from harness.in_process_api import Api
from service.app import create_app
from service.settings import Settings
from service.store.redis import RedisStore
from tests.store.conftest import redis_options

COPIES = re.compile(r'^restart_move_game_copies_total\{outcome="(\w+)"\} (\S+)$', re.MULTILINE)


@dataclass
class Twin:
    app: Flask
    api: Api
    store: RedisStore

    def copies(self) -> dict[str, float]:
        text = self.api.client.get("/metrics").get_data(as_text=True)
        return {outcome: float(value) for outcome, value in COPIES.findall(text)}


@pytest.fixture(params=["redis", "redis-cluster"])
def twins(request: pytest.FixtureRequest) -> Iterator[tuple[Twin, Twin, Game]]:
    options = redis_options(str(request.param), request)
    made = []
    for _ in range(2):
        store = RedisStore(options)
        app = create_app(Settings.from_environment({"LOG_LEVEL": "WARNING"}), store)
        made.append(Twin(app, Api.of(app) if not made else Api(app.test_client(), made[0].api.key), store))
    here, elsewhere = made
    game = here.api.create(["Ana", "Bo"], seed=5)
    yield here, elsewhere, game
    for twin in made:
        twin.store.close()


def turn(twin: Twin, game: Game) -> tuple[int, int]:
    """(version, current player), as ``twin`` reads them now."""
    snapshot = twin.api.get(game.url, game.admin).get_json()
    return snapshot["version"], snapshot["current_player"]


def test_a_move_a_stale_copy_would_refuse_is_saved(twins: tuple[Twin, Twin, Game]) -> None:
    here, elsewhere, game = twins
    version, first = turn(elsewhere, game)
    assert version == 1
    played = elsewhere.api.legal_moves(game, game.players[first])[0]
    assert elsewhere.api.move(game, game.players[first], played).status_code == 200
    version, second = turn(elsewhere, game)
    assert second != first  # here's copy still says it is ``first``'s turn
    answer = here.api.move(
        game, game.players[second], elsewhere.api.legal_moves(game, game.players[second])[0]
    )
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["game"]["version"] == version + 1
    assert here.copies() == {"stale": 1.0}
    _, third = turn(elsewhere, game)
    token = game.players[third]
    assert here.api.move(game, token, here.api.legal_moves(game, token)[0]).status_code == 200
    assert here.copies() == {"stale": 1.0, "hit": 1.0}


def test_a_refusal_is_said_of_the_game_as_it_is(twins: tuple[Twin, Twin, Game]) -> None:
    here, elsewhere, game = twins
    _, first = turn(elsewhere, game)
    token = game.players[first]
    legal_then = elsewhere.api.legal_moves(game, token)
    assert elsewhere.api.move(game, token, legal_then[0]).status_code == 200
    version, _ = turn(elsewhere, game)
    refused = here.api.move(game, token, legal_then[-1])  # legal on here's stale copy, not now
    assert refused.status_code == 422 and refused.get_json()["code"] == "not_your_turn"
    assert turn(elsewhere, game)[0] == version  # nothing saved


def test_if_match_names_the_real_version(twins: tuple[Twin, Twin, Game]) -> None:
    here, elsewhere, game = twins
    _, first = turn(elsewhere, game)
    assert (
        elsewhere.api.move(
            game, game.players[first], elsewhere.api.legal_moves(game, game.players[first])[0]
        ).status_code
        == 200
    )
    version, second = turn(elsewhere, game)
    move = elsewhere.api.legal_moves(game, game.players[second])[0]
    stale_etag = here.api.move(game, game.players[second], move, **{"If-Match": '"1"'})
    assert stale_etag.status_code == 412
    saved = here.api.move(game, game.players[second], move, **{"If-Match": f'"{version}"'})
    assert saved.status_code == 200 and saved.headers["ETag"] == f'"{version + 1}"'


def test_a_retry_judged_on_a_stale_copy_gets_the_first_answer(twins: tuple[Twin, Twin, Game]) -> None:
    """The move is legal on ``here``'s copy, but was made already (``elsewhere``): the save finds its key
    holding the first answer, saves nothing, and that answer is replayed, byte for byte."""
    here, elsewhere, game = twins
    _, first = turn(elsewhere, game)
    token = game.players[first]
    move = elsewhere.api.legal_moves(game, token)[0]
    made = elsewhere.api.move(game, token, move, **{"Idempotency-Key": "k-1"})
    assert made.status_code == 200
    version, _ = turn(elsewhere, game)
    retried = here.api.move(game, token, move, **{"Idempotency-Key": "k-1"})
    assert retried.status_code == 200 and retried.headers["Idempotent-Replayed"] == "true"
    assert retried.get_data() == made.get_data() and retried.headers["ETag"] == made.headers["ETag"]
    assert turn(elsewhere, game)[0] == version  # nothing saved twice
    reused = here.api.move(game, token, legal_or_pass(elsewhere, game, token), **{"Idempotency-Key": "k-1"})
    assert reused.status_code == 422 and reused.get_json()["code"] == "idempotency_key_reused"


def legal_or_pass(twin: Twin, game: Game, token: str) -> dict[str, object]:
    """Another request than the first: a move that is not the seat's (its turn has passed)."""
    snapshot = twin.api.get(game.url, game.admin).get_json()
    seat = game.players.index(token)
    assert snapshot["current_player"] != seat
    return {"player": seat, "action": "pass"}


def test_a_game_deleted_by_another_process_is_401_not_412(twins: tuple[Twin, Twin, Game]) -> None:
    """``here`` still holds its copy; the save finds the game gone: 401, as for a game never made."""
    here, elsewhere, game = twins
    version, first = turn(elsewhere, game)
    move = elsewhere.api.legal_moves(game, game.players[first])[0]
    assert (
        elsewhere.api.client.delete(game.url, headers={"Authorization": f"Bearer {game.admin}"}).status_code
        == 204
    )
    for headers in ({"If-Match": f'"{version}"'}, {}):
        gone = here.api.move(game, game.players[first], move, **headers)
        assert gone.status_code == 401, gone.get_json()
