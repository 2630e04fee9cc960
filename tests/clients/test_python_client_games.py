"""The generated Python client (clients/python) against the real service on a real Redis.

Whole games of 2, 3 and 4 players, each move chosen among the seat's ``legal-moves`` and
sent with ``If-Match`` and an ``Idempotency-Key``; refusals read as typed problems with
their ``code``; the event log read page by page; a game followed on its NDJSON stream, every
frame parsed by the generated models and matched with the log.
"""

from __future__ import annotations

import itertools
import random
import threading
import uuid
from typing import Any

import pytest
from restart_client import AuthenticatedClient
from restart_client.api.games import create_game, get_game, list_events, list_legal_moves
from restart_client.api.moves import apply_move
from restart_client.models import (
    CreatedGame,
    CreateGameRequest,
    EventFrame,
    EventsPage,
    GameFrame,
    GameStatus,
    GameView,
    HandFrame,
    LegalMoves,
    Move,
    MoveAction,
    MoveRefusedProblem,
    MoveResult,
    ProblemCode,
    SequencedGameOver,
    SequencedRoundDealt,
    UnauthorizedProblem,
    VersionMismatchProblem,
)
from restart_client.types import UNSET

from harness.players import SAMPLE_NAMES
from harness.service_process import ServiceProcess
from tests.clients.ndjson_frames import Frame, follow
from tests.clients.readmes import python_client_blocks, run_python_client_readme

TIMEOUT = 10.0
"""Seconds any one request may take: the guard against a hang, not a speed requirement."""


def key_client(service: ServiceProcess) -> AuthenticatedClient:
    """The client app's key, as X-API-Key."""
    return AuthenticatedClient(
        base_url=service.url,
        token=service.api_key,
        auth_header_name="X-API-Key",
        prefix="",
        raise_on_unexpected_status=True,
        timeout=TIMEOUT,
    )


def token_client(service: ServiceProcess, token: str) -> AuthenticatedClient:
    """A game's token, as Authorization: Bearer."""
    return AuthenticatedClient(
        base_url=service.url, token=token, raise_on_unexpected_status=True, timeout=TIMEOUT
    )


def new_game(service: ServiceProcess, players: int, seed: int) -> CreatedGame:
    body = CreateGameRequest(players=list(SAMPLE_NAMES[:players]), seed=seed)
    with key_client(service) as app:
        created = create_game.sync(client=app, body=body)
    assert isinstance(created, CreatedGame), created
    return created


def play_to_the_end(service: ServiceProcess, created: CreatedGame, chooser: random.Random) -> list[Any]:
    """Each seat plays with its own token until the game is over; the events the moves answered, in order."""
    seats = [token_client(service, token) for token in created.tokens.players]
    game: GameView = created.game
    answered: list[Any] = []
    while game.status is GameStatus.PLAYING:
        seat = seats[game.current_player]
        legal = list_legal_moves.sync_detailed(game.id, client=seat)
        assert isinstance(legal.parsed, LegalMoves), legal.content
        assert legal.headers["etag"] == f'"{game.version}"'
        assert legal.parsed.moves[-1].action is MoveAction.PASS
        answer = apply_move.sync_detailed(
            game.id,
            client=seat,
            body=chooser.choice(legal.parsed.moves),
            if_match=f'"{game.version}"',
            idempotency_key=str(uuid.uuid4()),
        )
        assert isinstance(answer.parsed, MoveResult), answer.content
        assert answer.headers["etag"] == f'"{game.version + 1}"'
        assert answer.parsed.game.version == game.version + 1
        game = answer.parsed.game
        answered += answer.parsed.events
    for seat in seats:
        seat.get_httpx_client().close()
    return answered


def event_log(service: ServiceProcess, created: CreatedGame, page: int = 40) -> list[Any]:
    """The whole log, read ``page`` events at a time with the spectator's token."""
    found: list[Any] = []
    with token_client(service, created.tokens.spectator) as spectator:
        while True:
            answer = list_events.sync(created.game.id, client=spectator, after=len(found), limit=page)
            assert isinstance(answer, EventsPage), answer
            if not answer.events:
                return found
            assert answer.next_after == len(found) + len(answer.events)
            found += answer.events


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_python_client_plays_a_whole_game_and_reads_its_log(
    service: ServiceProcess, players: int
) -> None:
    created = new_game(service, players, seed=100 + players)
    answered = play_to_the_end(service, created, random.Random(players))
    assert isinstance(answered[-1], SequencedGameOver)
    log = event_log(service, created)
    assert isinstance(log[0], SequencedRoundDealt) and log[0].hand_sizes == [
        len(hand) for hand in created.game.hands
    ]
    assert [event.seq for event in log] == list(range(1, len(log) + 1))
    assert [event.to_dict() for event in log[1:]] == [event.to_dict() for event in answered]
    with token_client(service, created.tokens.admin) as admin:
        final = get_game.sync(created.game.id, client=admin)
    assert isinstance(final, GameView) and final.status is GameStatus.FINISHED
    assert sorted(final.winners) == sorted(answered[-1].winners)


def test_refusals_come_back_as_typed_problems_with_their_code(service: ServiceProcess) -> None:
    created = new_game(service, 3, seed=7)
    game = created.game
    waiting = (game.current_player + 1) % 3
    with token_client(service, created.tokens.players[waiting]) as seat:
        illegal = apply_move.sync_detailed(
            game.id,
            client=seat,
            body=Move(player=waiting, action=MoveAction.PASS),
            if_match=f'"{game.version}"',
            idempotency_key=str(uuid.uuid4()),
        )
        stale = apply_move.sync_detailed(
            game.id,
            client=seat,
            body=Move(player=waiting, action=MoveAction.PASS),
            if_match=f'"{game.version + 5}"',
            idempotency_key=str(uuid.uuid4()),
        )
    assert illegal.status_code == 422 and isinstance(illegal.parsed, MoveRefusedProblem)
    assert illegal.parsed.code is ProblemCode.NOT_YOUR_TURN
    assert illegal.parsed.detail == f"it is seat {game.current_player}'s turn, not seat {waiting}'s"
    assert stale.status_code == 412 and isinstance(stale.parsed, VersionMismatchProblem)
    assert stale.parsed.code is ProblemCode.VERSION_MISMATCH
    with token_client(service, "not-a-token-of-this-game") as stranger:
        refused = get_game.sync_detailed(game.id, client=stranger)
    assert refused.status_code == 401 and isinstance(refused.parsed, UnauthorizedProblem)
    assert refused.parsed.code is ProblemCode.UNAUTHORIZED
    assert refused.headers["www-authenticate"].startswith("Bearer ")


def test_a_retried_move_with_its_idempotency_key_is_replayed(service: ServiceProcess) -> None:
    created = new_game(service, 2, seed=3)
    game = created.game
    key = str(uuid.uuid4())
    with token_client(service, created.tokens.players[game.current_player]) as seat:
        legal = list_legal_moves.sync(game.id, client=seat)
        assert isinstance(legal, LegalMoves)
        sent = [
            apply_move.sync_detailed(
                game.id, client=seat, body=legal.moves[0], if_match=f'"{game.version}"', idempotency_key=key
            )
            for _ in range(2)
        ]
    first, again = sent
    assert isinstance(first.parsed, MoveResult) and isinstance(again.parsed, MoveResult)
    assert again.headers["idempotent-replayed"] == "true" and "idempotent-replayed" not in first.headers
    assert again.content == first.content and again.parsed.game.version == game.version + 1


def test_a_seat_follows_its_game_on_the_ndjson_stream_and_the_frames_are_the_log(
    service: ServiceProcess,
) -> None:
    created = new_game(service, 3, seed=21)
    seat = 1
    frames: list[Frame] = []
    with token_client(service, created.tokens.players[seat]) as follower:
        reader = threading.Thread(
            target=lambda: frames.extend(follow(follower, created.game.id)), daemon=True
        )
        reader.start()
        play_to_the_end(service, created, random.Random(21))
        reader.join(timeout=60)
    assert not reader.is_alive(), "the stream did not end after game_over"
    first, *rest = frames
    assert isinstance(first, GameFrame) and first.id is None and first.data.id == created.game.id
    events = [frame for frame in rest if isinstance(frame, EventFrame)]
    log = event_log(service, created)
    assert [frame.data.to_dict() for frame in events] == [event.to_dict() for event in log]
    assert all(frame.id == frame.data.seq for frame in events)
    for before, frame in zip(rest, rest[1:], strict=False):
        if isinstance(frame, HandFrame):
            assert isinstance(before, EventFrame) and isinstance(before.data, SequencedRoundDealt)
            assert len(frame.data.hand) == before.data.hand_sizes[seat]
    deals = [frame for frame in events if isinstance(frame.data, SequencedRoundDealt)]
    assert len([frame for frame in rest if isinstance(frame, HandFrame)]) == len(deals)
    assert isinstance(events[-1].data, SequencedGameOver)


def test_the_readme_of_the_python_client_runs_as_written(service: ServiceProcess) -> None:
    assert len(python_client_blocks()) == 4
    namespace = run_python_client_readme(service.url, service.api_key)
    assert isinstance(namespace["result"], MoveResult)
    problem = {"type": "https://restart.example/problems/x", "title": "t", "status": 422, "detail": "d"}
    later = MoveRefusedProblem.from_dict({**problem, "code": "a_code_added_later"})
    assert namespace["said"](later) == "a newer code: a_code_added_later"
    assert namespace["said"](MoveRefusedProblem.from_dict({**problem, "code": "game_over"})) == "game_over"
    game: GameView = namespace["game"]
    assert game.version == 2 and game.hand is not UNSET and game.hands is UNSET
    stream = namespace["follow"](namespace["seat"], game.id)
    first_three = list(itertools.islice(stream, 3))
    stream.close()
    for client in (namespace["app"], namespace["seat"]):
        client.get_httpx_client().close()
    assert [type(frame) for frame in first_three] == [GameFrame, EventFrame, HandFrame]
