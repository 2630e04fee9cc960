"""A scripted game played through a generated Python client, reporting how it read every open set's values.

Run by tests/clients/test_later_values.py in a process of its own, with the client under test first on
``PYTHONPATH`` (generated from a copy of the contract missing some values, or from a released contract):

    python tests/clients/later_values_game.py play <base url> <client key> <receiver url>
    python tests/clients/later_values_game.py deliveries <base url> <client key> <webhook id> <bodies.json>

Each prints one JSON object: every value the service sent in an open set, as the client handed it over
(``{"value": ..., "known": <an enum member, or a plain string>}``), and each event as its class and type.
Nothing here catches a parse error: one fails the run, which is what the test is for.
"""

from __future__ import annotations

import json
import random
import sys
from enum import Enum
from typing import Any

import restart_client
from ndjson_frames import follow  # beside this script: the README's reader, on the client under test
from restart_client import AuthenticatedClient
from restart_client.api.bots import list_bots
from restart_client.api.games import create_game, list_events, list_legal_moves
from restart_client.api.moves import apply_move, validate_move
from restart_client.api.webhooks import create_webhook, list_deliveries
from restart_client.models import (
    CreatedGame,
    CreatedWebhook,
    CreateGameRequest,
    CreateWebhookRequest,
    DeliveriesPage,
    EventFrame,
    EventsPage,
    GameStatus,
    LegalMoves,
    Move,
    MoveAction,
    MoveRefusedProblem,
    MoveResult,
    Refusal,
    WebhookPayload,
)

TIMEOUT = 10.0
SEED = 11


def read(value: Any) -> dict[str, Any]:
    """A value of an open set as the client gave it: an enum member it knows, or the raw string."""
    return {"value": str(value.value if isinstance(value, Enum) else value), "known": isinstance(value, Enum)}


def event(parsed: Any) -> dict[str, Any]:
    return {"class": type(parsed).__name__, "type": str(parsed.type_), "seq": getattr(parsed, "seq", None)}


def client(base_url: str, token: str, header: str = "Authorization") -> AuthenticatedClient:
    if header == "Authorization":
        return AuthenticatedClient(base_url=base_url, token=token, timeout=TIMEOUT)
    return AuthenticatedClient(
        base_url=base_url, token=token, auth_header_name=header, prefix="", timeout=TIMEOUT
    )


def play(base_url: str, key: str, receiver_url: str) -> dict[str, Any]:
    report: dict[str, Any] = {"client": restart_client.__file__}
    with client(base_url, key, "X-API-Key") as app:
        bots = list_bots.sync(client=app)
        report["bot_levels"] = [read(bot.level) for bot in bots.bots] if bots else None
        hook = create_webhook.sync(client=app, body=CreateWebhookRequest(url=receiver_url))
        assert isinstance(hook, CreatedWebhook), hook
        report["webhook"] = {
            "id": hook.id,
            "secret": hook.secret,
            "events": [read(kind) for kind in hook.events],
        }
        created = create_game.sync(
            client=app, body=CreateGameRequest(players=["Annika", "Elias"], seed=SEED, target_score=30)
        )
    assert isinstance(created, CreatedGame), created
    report["game_id"] = game_id = created.game.id
    seats = [client(base_url, str(token)) for token in created.tokens.players]
    chooser, game = random.Random(SEED), created.game
    answered: list[dict[str, Any]] = []
    while game.status is GameStatus.PLAYING:
        seat = seats[game.current_player]
        legal = list_legal_moves.sync(game_id, client=seat)
        assert isinstance(legal, LegalMoves), legal
        move = legal.moves[-1] if game.version == 1 else chooser.choice(legal.moves)  # the first move: a pass
        answer = apply_move.sync(game_id, client=seat, body=move, if_match=f'"{game.version}"')
        assert isinstance(answer, MoveResult), answer
        game = answer.game
        answered += [event(parsed) for parsed in answer.events]
    after = Move(player=game.current_player, action=MoveAction.PASS)  # the game is over: refused
    report["verdict"] = read(validate_move_code(seats[game.current_player], game_id, after))
    refused = apply_move.sync(game_id, client=seats[game.current_player], body=after)
    assert isinstance(refused, MoveRefusedProblem), refused
    report["refused"] = read(refused.code)
    report["end_reason"] = read(game.end_reason)
    report["answered"] = answered
    report["log"] = event_log(seats[0], game_id)
    report["stream"] = stream(seats[0], game_id)
    for seat in seats:
        seat.get_httpx_client().close()
    return report


def validate_move_code(seat: AuthenticatedClient, game_id: str, move: Move) -> Any:
    verdict = validate_move.sync(game_id, client=seat, body=move)
    assert isinstance(verdict, Refusal), verdict
    return verdict.code


def event_log(seat: AuthenticatedClient, game_id: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    while True:
        page = list_events.sync(game_id, client=seat, after=len(found), limit=25)
        assert isinstance(page, EventsPage), page
        if not page.events:
            return found
        found += [event(parsed) for parsed in page.events]


def stream(seat: AuthenticatedClient, game_id: str) -> list[dict[str, Any]]:
    """The whole stream of the finished game, read as clients/python's README reads it."""
    frames = []
    for frame in follow(seat, game_id):
        data = event(frame.data) if isinstance(frame, EventFrame) else None
        frames.append({"class": type(frame).__name__, "event": read(frame.event), "data": data})
    return frames


def deliveries(base_url: str, key: str, webhook_id: str, bodies: list[dict[str, Any]]) -> dict[str, Any]:
    """The receiver's bodies parsed as ``WebhookPayload``s, and the webhook's delivery log as listed."""
    payloads = []
    for body in bodies:
        payload = WebhookPayload.from_dict(body)
        payloads.append(
            {"type": read(payload.type_), "events": [event(parsed) for parsed in payload.data.events]}
        )
    with client(base_url, key, "X-API-Key") as app:
        page = list_deliveries.sync(webhook_id, client=app, limit=100)
    assert isinstance(page, DeliveriesPage), page
    listed = [{"type": read(delivery.type_), "status": read(delivery.status)} for delivery in page.deliveries]
    return {"payloads": payloads, "listed": listed}


def main(argv: list[str]) -> None:
    if argv[0] == "play":
        report = play(*argv[1:4])
    else:
        with open(argv[4]) as bodies:
            report = deliveries(argv[1], argv[2], argv[3], json.load(bodies))
    print(json.dumps(report))


if __name__ == "__main__":
    main(sys.argv[1:])
