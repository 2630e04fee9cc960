"""The scenario recorded into openapi.yaml's examples: one step per example, in the order they are played.

Steps share one table (``steps.Table``): a step finds the games earlier steps created and the
answers they got. The main game is seed 7 with three players (Elias, seat 1, moves first). Steps
that a running service can replay come first; those that need the store itself (a client with
tiny limits, a fault) come last, so that replaying the first ones alone leaves every game as it was
when recorded.

A new operation adds here one step per documented status that has a body (a problem included),
then ``make examples``; tests/contract/test_examples.py names any media type left without one.
"""

from __future__ import annotations

from collections.abc import Callable

from harness.examples.builders import (
    MAIN,
    OFFERS,
    TIMED_OFFERS,
    WEBHOOK_URL,
    a_client,
    a_score_raised,
    a_table,
    admin,
    another_first_move,
    back_after_too_late,
    bearer,
    claimed_key,
    counters,
    create,
    create_table,
    damaged_game,
    first_moves,
    holding_every_place,
    invitation,
    keyed,
    main_game_told,
    on_game,
    on_offer,
    on_table,
    one_after_another,
    passing_first,
    rated_before,
    rated_game_played,
    raw,
    recorded,
    seat,
    spectator,
    too_late,
    verified,
    waited,
    webhook,
    with_problem,
    with_webhooks,
)
from harness.examples.faults import Failing, Rivalled, Unreachable
from harness.examples.steps import Replay, Request, Step, Table
from harness.players import SAMPLE_NAMES
from service.store.client_apps import ClientLimits

UNKNOWN_GAME_ID = "SFCZf2gOHBaOnjuhnbcpKA"
"""A well-formed id of no game (the introduction's walkthrough quotes it)."""
ELIAS_OPENS = {"player": 1, "action": "play", "row": "red", "tiles": ["red-11", "red-12"]}
"""Seed 7's first move: seat 1 puts red-11 and red-12 on the red row."""
REFERENCED = "createGame.withPlayerReferences"
REMATCHED = "createGame.toRematch"
EXPIRING = "expiring.created"
"""A table set up with a minute to wait, then waited out (the last step's)."""


def predicting(seats: list[dict[str, str]]) -> Callable[[Table], Request]:
    """A prediction for a table of ``seats``, with the client's key."""
    return lambda table: Request("POST", "/v1/ratings/predictions", {"seats": seats}, keyed(table.key))


def passing(table: Table, seat: int) -> Request:
    """``seat`` passes in the game to rematch, by its admin."""
    game = table.game(REMATCHED)
    return Request(
        "POST", f"/v1/games/{game.id}/moves", {"player": seat, "action": "pass"}, bearer(game.admin)
    )


REFERENCED_PLAYERS = [
    {"name": name, "player": reference}
    for name, reference in zip(SAMPLE_NAMES[:3], ("user-4711", "user-0815", "user-1234"), strict=True)
]
"""A game whose seats the client app names by its own references (the seats' examples)."""

EXEMPT = {
    ("getContractJson", "200"): "the contract itself: an example would copy the whole document into itself",
    ("getContractYaml", "200"): "the contract itself, as YAML",
    ("getDocs", "200"): "an HTML page (Swagger UI)",
    ("getPlayPage", "200"): "an HTML page (the web client)",
}
"""Statuses with a body that have no example, and why."""


SCENARIO: list[Step] = [
    Step(
        "createGame",
        "threePlayers",
        "Three players, seed 7 (a reproducible deal), as the admin sees it",
        201,
        create({"players": list(SAMPLE_NAMES[:3]), "seed": 7, "target_score": 100}),
    ),
    Step(
        "createGame",
        "twoPlayers",
        "Two players, seed 3, the default target",
        201,
        create({"players": list(SAMPLE_NAMES[:2]), "seed": 3}),
    ),
    Step(
        "createGame",
        "withABot",
        "A person against the service's greedy bot, seed 3: the bot's seat has no token",
        201,
        create({"players": ["Annika", {"name": "Greedy", "bot": "greedy"}], "seed": 3}),
    ),
    Step(
        "createGame",
        "withAClock",
        "Each turn has a minute; a seat out of time gets greedy's move, and is absent after 3 timeouts",
        201,
        create(
            {
                "players": list(SAMPLE_NAMES[:2]),
                "seed": 3,
                "clock": {"turn_seconds": 60, "on_timeout": "greedy", "absent_after": 3},
            }
        ),  # fmt: skip
        replay=Replay.SHAPE,
    ),
    Step(
        "createGame",
        "inBankMode",
        "Each seat has a bank of 5 minutes, 2 seconds added after each of its moves",
        201,
        create(
            {
                "players": list(SAMPLE_NAMES[:3]),
                "seed": 3,
                "clock": {"bank_seconds": 300, "increment_seconds": 2},
            }
        ),  # fmt: skip
        replay=Replay.SHAPE,
    ),
    Step(
        "createGame",
        "oneSecondTurns",
        "Each turn has one second, one timeout makes a seat absent (a later example's move comes too late)",
        201,
        create(
            {"players": list(SAMPLE_NAMES[:2]), "seed": 3, "clock": {"turn_seconds": 1, "absent_after": 1}}
        ),
        replay=Replay.SHAPE,
    ),
    Step(
        "createGame",
        "invalidClock",
        "A clock with both a turn's time and a bank",
        422,
        create({"players": list(SAMPLE_NAMES[:2]), "clock": {"turn_seconds": 60, "bank_seconds": 600}}),
    ),
    Step(
        "sayBack",
        "notAbsent",
        "Seat 0 says it is back: it was not absent, so nothing changes",
        200,
        on_game("POST", "/seats/0/back", seat(0, "createGame.withAClock"), game="createGame.withAClock"),
        replay=Replay.SHAPE,
    ),
    Step(
        "createGame",
        "withPlayerReferences",
        "Three people the client app names by its own references (seed 3: Elias, seat 1, moves first)",
        201,
        create({"players": REFERENCED_PLAYERS, "seed": 3}),
    ),
    Step(
        "handSeat",
        "handedOn",
        "The owner hands seat 2 to Matteo: the answer holds his token; Sofia's opens nothing from now on",
        200,
        on_game(
            "PUT",
            "/seats/2/holder",
            admin(REFERENCED),
            {"name": "Matteo", "player": "user-2342"},
            game=REFERENCED,
        ),  # fmt: skip
    ),
    Step(
        "vacateSeat",
        "vacated",
        "The owner takes seat 0 from Annika: the service plays it (pass, this game has no clock)",
        200,
        on_game("DELETE", "/seats/0/holder", admin(REFERENCED), game=REFERENCED),
    ),
    Step(
        "vacateSeat",
        "versionMismatch",
        "If-Match names version 1; the game is at version 3",
        412,
        on_game("DELETE", "/seats/0/holder", admin(REFERENCED), game=REFERENCED, headers={"If-Match": '"1"'}),
    ),
    Step(
        "leaveSeat",
        "left",
        "Matteo leaves for good, with his token: he now reads the game as a spectator",
        200,
        on_game(
            "POST",
            "/seats/2/leave",
            lambda table: table.answer("handSeat.handedOn")["token"],
            game=REFERENCED,
        ),
    ),
    Step(
        "leaveSeat",
        "seatLeft",
        "The admin asks seat 2 to leave again",
        409,
        on_game("POST", "/seats/2/leave", admin(REFERENCED), game=REFERENCED),
    ),
    Step(
        "makeInvitation",
        "invited",
        "The owner invites someone to seat 0, vacated, for a day: the answer holds the invitation's token",
        200,
        on_game("POST", "/seats/0/invitation", admin(REFERENCED), {"expires_in": 86400}, game=REFERENCED),
        replay=Replay.SHAPE,
    ),
    Step(
        "claimSeat",
        "claimed",
        "Lena claims seat 0 with the invitation: the answer holds her token for it",
        200,
        on_game(
            "POST",
            "/seats/0/claim",
            lambda table: table.answer("makeInvitation.invited")["invitation"]["token"],
            {"name": "Lena", "player": "user-5150"},
            game=REFERENCED,
        ),
        replay=Replay.SHAPE,
    ),
    Step(
        "claimSeat",
        "used",
        "A second claim of the same invitation",
        409,
        on_game(
            "POST",
            "/seats/0/claim",
            lambda table: table.answer("makeInvitation.invited")["invitation"]["token"],
            {"name": "Jonas"},
            game=REFERENCED,
        ),
    ),
    Step(
        "makeInvitation",
        "forSeatOne",
        "The owner invites someone to seat 1, held by Elias, who plays on until it is claimed",
        200,
        on_game("POST", "/seats/1/invitation", admin(REFERENCED), {}, game=REFERENCED),
        replay=Replay.SHAPE,
    ),
    Step(
        "revokeInvitation",
        "revoked",
        "The owner revokes it",
        200,
        on_game("DELETE", "/seats/1/invitation", admin(REFERENCED), game=REFERENCED),
        replay=Replay.SHAPE,
    ),
    Step(
        "claimSeat",
        "revoked",
        "A claim of the revoked invitation",
        410,
        on_game(
            "POST",
            "/seats/1/claim",
            lambda table: table.answer("makeInvitation.forSeatOne")["invitation"]["token"],
            {},
            game=REFERENCED,
        ),
    ),
    Step(
        "listPlayerTurns",
        "waiting",
        "The games waiting on the person the client names user-0815 (Elias, seat 1, whose turn it is)",
        200,
        lambda table: Request("GET", "/v1/players/user-0815/turns", None, keyed(table.key)),
        replay=Replay.SHAPE,
    ),
    Step(
        "createGame",
        "toRematch",
        "Two people, a target of 1: the first round ends the game",
        201,
        create({"players": ["Annika", "Elias"], "seed": 3, "target_score": 1}),
    ),
    Step(
        "rematchGame",
        "gamePlaying",
        "A rematch asked for while the game is still being played",
        409,
        on_game("POST", "/rematch", admin(REMATCHED), game=REMATCHED),
    ),
    Step(
        "applyMove",
        "firstPass",
        "The seat whose turn it is passes (the admin for it)",
        200,
        lambda table: passing(table, table.answer(REMATCHED)["game"]["current_player"]),
        replay=Replay.SHAPE,
    ),
    Step(
        "applyMove",
        "lastPass",
        "The other seat passes too: the round is scored, a total reaches 1, the game is over",
        200,
        lambda table: passing(table, table.answer("applyMove.firstPass")["game"]["current_player"]),
        replay=Replay.SHAPE,
    ),
    Step(
        "rematchGame",
        "dealt",
        "Once the game is over, seat 1 asks for a rematch: the new game, where it holds seat 0",
        201,
        on_game("POST", "/rematch", seat(1, REMATCHED), game=REMATCHED),
        replay=Replay.SHAPE,
    ),
    Step(
        "rematchGame",
        "again",
        "The owner asks too: the same new game",
        200,
        on_game("POST", "/rematch", admin(REMATCHED), game=REMATCHED),
        replay=Replay.SHAPE,
    ),
    Step(
        "createGame",
        "unknownBotLevel",
        "A bot level the service does not play",
        422,
        create({"players": ["Annika", {"name": "Deep Blue", "bot": "grandmaster"}]}),
    ),
    Step("createGame", "malformedJson", "The body is not JSON", 400, create(b'{"players": ["Annika",')),
    Step(
        "createGame",
        "noKey",
        "No client key",
        401,
        lambda table: Request("POST", "/v1/games", {"players": ["Annika", "Elias"]}),
    ),
    Step("createGame", "tooLarge", "A body over 64 KiB", 413, create({"players": ["x" * 70_000, "y"]})),
    Step(
        "createGame",
        "notJson",
        "A form, not JSON",
        415,
        lambda table: Request("POST", "/v1/games", b"players=Annika", keyed(table.key), "text/plain"),
    ),
    Step(
        "createGame",
        "onePlayer",
        "One player is not a game; an unknown field",
        422,
        create({"players": ["Annika"], "colour": "red"}),
    ),
    Step(
        "listGames",
        "newestFirst",
        "The client's games, newest first",
        200,
        lambda table: Request("GET", "/v1/games?limit=2", None, keyed(table.key)),
        replay=Replay.SHAPE,
    ),
    Step("getGame", "asAdmin", "The admin token sees every hand", 200, on_game("GET", "", admin())),
    Step("getGame", "asSeat", "Seat 1's token sees its own hand", 200, on_game("GET", "", seat(1))),
    Step(
        "getGame", "unknownToken", "A token of no game", 401, on_game("GET", "", lambda table: "n0t-a-token")
    ),
    Step(
        "getGame",
        "notFound",
        "The client's key on a game that is not one of its own",
        404,
        lambda table: Request("GET", f"/v1/games/{UNKNOWN_GAME_ID}", None, keyed(table.key)),
    ),
    Step(
        "getSnapshot",
        "asAdmin",
        "The whole position, hidden tiles included (what adjudicate takes)",
        200,
        on_game("GET", "/snapshot", admin()),
    ),
    Step(
        "getSnapshot",
        "seatToken",
        "Only the admin may read the snapshot",
        403,
        on_game("GET", "/snapshot", seat(0)),
    ),
    Step(
        "listEvents",
        "fromTheStart",
        "The log from its first event, as a spectator reads it",
        200,
        on_game("GET", "/events", spectator()),
    ),
    Step(
        "listLegalMoves",
        "seat",
        "Seat 1's legal moves: the first few, and the pass that ends the list",
        200,
        on_game("GET", "/legal-moves", seat(1)),
        shown=first_moves,
    ),
    Step(
        "listLegalMoves",
        "seatRequired",
        "The admin token must name the seat",
        422,
        on_game("GET", "/legal-moves", admin()),
    ),
    Step(
        "listBots",
        "levels",
        "The levels the service plays, weakest first",
        200,
        lambda table: Request("GET", "/v1/bots"),
    ),
    Step(
        "getHint",
        "greedy",
        "What the greedy bot would play for seat 1 now",
        200,
        on_game("GET", "/hint?level=greedy", seat(1)),
    ),
    Step(
        "getHint",
        "spectator",
        "A spectator token has no seat to hint",
        403,
        on_game("GET", "/hint?level=greedy", spectator()),
    ),
    Step(
        "getHint",
        "notYourTurn",
        "Seat 0 asks while seat 1 is to move",
        422,
        on_game("GET", "/hint?level=random", seat(0)),
    ),
    Step(
        "getHint",
        "unknownBotLevel",
        "A level the service does not play",
        422,
        on_game("GET", "/hint?level=grandmaster", seat(1)),
    ),
    Step(
        "applyMove",
        "play",
        "Seat 1 opens with red-11 and red-12, from version 1",
        200,
        on_game(
            "POST",
            "/moves",
            seat(1),
            ELIAS_OPENS,
            headers={"If-Match": '"1"', "Idempotency-Key": "3f0c-move-1"},
        ),
    ),
    Step(
        "applyMove",
        "botSeat",
        "The admin token sends a move for the bot's seat",
        403,
        lambda table: Request(
            "POST",
            f"{table.game('createGame.withABot').url}/moves",
            {"player": 1, "action": "pass"},
            bearer(table.game("createGame.withABot").admin),
        ),
    ),
    Step(
        "applyMove",
        "invalidIfMatch",
        "If-Match is not a version",
        400,
        on_game(
            "POST", "/moves", seat(2), {"player": 2, "action": "pass"}, headers={"If-Match": "yesterday"}
        ),
    ),
    Step(
        "applyMove",
        "versionMismatch",
        "The game moved on since version 1",
        412,
        on_game("POST", "/moves", seat(2), {"player": 2, "action": "pass"}, headers={"If-Match": '"1"'}),
    ),
    Step(
        "applyMove",
        "notYourTurn",
        "Seat 1 again, while seat 2 is to move",
        422,
        on_game("POST", "/moves", seat(1), {"player": 1, "action": "pass"}),
        request_example=True,
    ),
    Step(
        "applyMove",
        "notAscending",
        "red-4 on top of red-12",
        422,
        on_game("POST", "/moves", seat(2), {"player": 2, "action": "play", "row": "red", "tiles": ["red-4"]}),
        request_example=True,
    ),
    Step(
        "validateMove",
        "legal",
        "Would blue-2 on the blue row be legal? Yes",
        200,
        on_game(
            "POST",
            "/moves/validate",
            seat(2),
            {"player": 2, "action": "play", "row": "blue", "tiles": ["blue-2"]},
        ),
    ),
    Step(
        "validateMove",
        "illegal",
        "Would red-4 on the red row be legal? No, and why",
        200,
        on_game(
            "POST",
            "/moves/validate",
            seat(2),
            {"player": 2, "action": "play", "row": "red", "tiles": ["red-4"]},
        ),
    ),
    Step(
        "adjudicate",
        "firstMove",
        "Seed 7's first move, judged against the snapshot of version 1",
        200,
        lambda table: Request(
            "POST",
            "/v1/adjudicate",
            {"snapshot": table.answer("getSnapshot.asAdmin"), "move": ELIAS_OPENS},
            keyed(table.key),
        ),
    ),
    Step(
        "adjudicate",
        "invalidSnapshot",
        "A snapshot whose red row lost its 1",
        422,
        lambda table: Request(
            "POST",
            "/v1/adjudicate",
            {"snapshot": with_problem(table.answer("getSnapshot.asAdmin")), "move": ELIAS_OPENS},
            keyed(table.key),
        ),
        request_example=True,
    ),
    Step(
        "getGame",
        "atVersion1",
        "The game as seat 1 saw it at version 1, before its first move",
        200,
        on_game("GET", "?at=1", seat(1)),
    ),
    Step(
        "getGame",
        "unknownVersion",
        "A version the game never had",
        422,
        on_game("GET", "?at=9", seat(1)),
    ),
    Step(
        "getGameRecord",
        "asAdmin",
        "The admin token reads every hand and the box (the game after its first move)",
        200,
        on_game("GET", "/record", admin()),
        replay=Replay.SHAPE,
    ),
    Step(
        "getGameRecord",
        "asSeat",
        "Seat 1's token reads its own hand only while the game is played, and no box",
        200,
        on_game("GET", "/record", seat(1)),
        replay=Replay.SHAPE,
    ),
    Step(
        "verifyRecord",
        "valid",
        "The admin's record replays to the result it claims",
        200,
        verified(recorded("getGameRecord.asAdmin")),
    ),
    Step(
        "verifyRecord",
        "resultDiffers",
        "The same record claiming 5 more minus points for seat 1",
        200,
        verified(recorded("getGameRecord.asAdmin", a_score_raised)),
    ),
    Step(
        "verifyRecord",
        "illegalMove",
        "The same record with another first move, verified in French: the engine refuses it",
        200,
        verified(recorded("getGameRecord.asAdmin", another_first_move), {"Accept-Language": "fr"}),
    ),
    Step(
        "verifyRecord",
        "notARecord",
        "Another format, no round, one score for two seats, an end reason the rules do not have",
        422,
        verified(
            lambda table: {
                "format": "restart-record/2",
                "players": [{"name": "Annika"}, {"name": "Elias"}],
                "target_score": 100,
                "clock": None,
                "rounds": [],
                "status": "finished",
                "winners": [0],
                "end_reason": "resigned",
                "scores": [12],
            }
        ),
    ),
    Step(
        "verifyRecord",
        "tooLarge",
        "A body over 1 MiB",
        413,
        verified(lambda table: {"format": "x" * (1024 * 1024)}),
    ),
    Step(
        "streamEvents",
        "sse",
        "Seat 1 follows the game: its view, the deal, its hand",
        200,
        on_game("GET", "/stream", seat(1), frames=3, headers={"Accept": "text/event-stream"}),
    ),
    Step(
        "streamEvents",
        "ndjson",
        "The first frame of the same stream as NDJSON: the caller's view",
        200,
        on_game("GET", "/stream", seat(1), frames=1, headers={"Accept": "application/x-ndjson"}),
    ),
    Step("getHealth", "ok", "The process is alive", 200, lambda table: Request("GET", "/healthz")),
    Step("getReadiness", "ready", "The store answers", 200, lambda table: Request("GET", "/readyz")),
    Step(
        "getHealth",
        "badRequest",
        "Malformed HTTP, refused by the HTTP server itself",
        400,
        raw("GET /healthz HTTP/1.1\r\nHost: sandbox\r\nnot a header"),
    ),
    Step(
        "getHealth",
        "uriTooLong",
        "A request line over 4094 bytes",
        414,
        raw("GET /healthz?padding=" + "x" * 4100 + " HTTP/1.1\r\nHost: sandbox"),
    ),
    Step(
        "getHealth",
        "headerFieldsTooLarge",
        "A header field over 8190 bytes",
        431,
        raw("GET /healthz HTTP/1.1\r\nHost: sandbox\r\nX-Padding: " + "x" * 8200),
    ),
    Step(
        "getMetrics",
        "counters",
        "Two counters of a scrape (the rest: histograms and more counters)",
        200,
        lambda table: Request("GET", "/metrics"),
        shown=counters,
    ),
    Step(
        "createWebhook",
        "created",
        "Every change of the client's games, to a receiver on this machine (the sandbox allows it)",
        201,
        lambda table: Request("POST", "/v1/webhooks", {"url": WEBHOOK_URL}, keyed(table.key)),
        replay=Replay.SHAPE,
    ),
    Step(
        "createWebhook",
        "urlRefused",
        "A private address: deliveries may not reach it",
        422,
        lambda table: Request("POST", "/v1/webhooks", {"url": "https://10.0.0.7/hooks"}, keyed(table.key)),
    ),
    Step(
        "listWebhooks",
        "one",
        "The client's webhooks, oldest first",
        200,
        lambda table: Request("GET", "/v1/webhooks", None, keyed(table.key)),
        replay=Replay.SHAPE,
    ),
    Step(
        "getWebhook",
        "enabled",
        "A webhook whose deliveries go",
        200,
        lambda table: Request("GET", webhook(table), None, keyed(table.key)),
        replay=Replay.SHAPE,
    ),
    Step(
        "getWebhook",
        "notFound",
        "No webhook of this client has that id",
        404,
        lambda table: Request("GET", "/v1/webhooks/wh_AAAAAAAAAAAAAAAA", None, keyed(table.key)),
    ),
    Step(
        "rotateWebhookSecret",
        "rotated",
        "A new secret; the old one signs beside it for the grace",
        200,
        lambda table: Request("POST", f"{webhook(table)}/rotate", None, keyed(table.key)),
        replay=Replay.SHAPE,
    ),
    Step(
        "createTable",
        "twoOpenSeats",
        "Annika, whom the client names user-4711, and two seats open (one named), for two days; a day a turn",
        201,
        create_table(
            {
                "players": [
                    {"name": "Annika", "player": "user-4711"},
                    {"open": True},
                    {"open": True, "name": "Sofia's seat"},
                ],
                "seed": 7,
                "clock": {"turn_seconds": 86400},
                "expires_in": 172800,
            }
        ),  # fmt: skip
        replay=Replay.SHAPE,
    ),
    Step(
        "getTable",
        "byInvitation",
        "Seat 1's invitation reads the table (its claim page shows whose it is): no player references",
        200,
        on_table("GET", "", invitation(1)),
        replay=Replay.SHAPE,
    ),
    Step(
        "claimTableSeat",
        "claimed",
        "Elias claims seat 1 with its invitation: the table waits for seat 2; the answer holds his token",
        200,
        on_table("POST", "/seats/1/claim", invitation(1), {"name": "Elias", "player": "user-0815"}),
        replay=Replay.SHAPE,
    ),
    Step(
        "claimTableSeat",
        "used",
        "A second claim of seat 1's invitation",
        409,
        on_table("POST", "/seats/1/claim", invitation(1), {"name": "Jonas"}),
    ),
    Step(
        "getTable",
        "asOwner",
        "The owner's key reads the table, each seat's player reference included",
        200,
        on_table("GET", "", None),
        replay=Replay.SHAPE,
    ),
    Step(
        "claimTableSeat",
        "dealt",
        "Sofia claims the last open seat: the game is dealt, under the table's id",
        200,
        on_table("POST", "/seats/2/claim", invitation(2), {"name": "Sofia"}),
        replay=Replay.SHAPE,
    ),
    Step(
        "deleteTable",
        "tableDealt",
        "The owner deletes the table once its game is dealt",
        409,
        on_table("DELETE", "", None),
    ),
    Step(
        "getTable",
        "notFound",
        "The client's key on a table that is not one of its own",
        404,
        lambda table: Request("GET", f"/v1/tables/{UNKNOWN_GAME_ID}", None, keyed(table.key)),
    ),
    Step(
        "createTable",
        "noOpenSeat",
        "A table without an open seat (that is a creation)",
        422,
        create_table({"players": ["Annika", "Elias"]}),
    ),
    Step(
        "createGame",
        "withOfferPolicy",
        "Three players, seed 7; offers of takeback, abort or agreement (no pause), a cool-down of 2 moves",
        201,
        create(
            {
                "players": list(SAMPLE_NAMES[:3]),
                "seed": 7,
                "offers": {"kinds": ["takeback", "abort", "agreement"], "cooldown_moves": 2},
            }
        ),  # fmt: skip
    ),
    Step(
        "makeOffer",
        "abort",
        "Elias (seat 1) offers to abort, for an hour: seats 0 and 2 are waited for",
        200,
        on_game("POST", "/offers", seat(1, OFFERS), {"kind": "abort", "expires_in": 3600}, game=OFFERS),
        replay=Replay.SHAPE,
    ),
    Step(
        "makeOffer",
        "offerOpen",
        "Annika (seat 0) offers an agreement while Elias's offer is open",
        409,
        on_game("POST", "/offers", seat(0, OFFERS), {"kind": "agreement"}, game=OFFERS),
    ),
    Step(
        "acceptOffer",
        "ownOffer",
        "Elias accepts his own offer",
        409,
        on_offer("accept", "makeOffer.abort", seat(1, OFFERS)),
    ),
    Step(
        "acceptOffer",
        "forSeat",
        "The admin accepts for seat 0: seat 2 is still waited for",
        200,
        on_offer("accept", "makeOffer.abort", admin(OFFERS), {"seat": 0}),
        replay=Replay.SHAPE,
    ),
    Step(
        "declineOffer",
        "forSeat",
        "The admin declines for seat 2: the offer ends, and Elias may not offer an abort for 2 moves",
        200,
        on_offer("decline", "makeOffer.abort", admin(OFFERS), {"seat": 2}),
        replay=Replay.SHAPE,
    ),
    Step(
        "acceptOffer",
        "lapsed",
        "Annika answers the declined offer",
        409,
        on_offer("accept", "makeOffer.abort", seat(0, OFFERS)),
    ),
    Step(
        "makeOffer",
        "cooldown",
        "Elias offers to abort again before 2 moves were made",
        409,
        on_game("POST", "/offers", seat(1, OFFERS), {"kind": "abort"}, game=OFFERS),
    ),
    Step(
        "makeOffer",
        "notAllowed",
        "Elias offers a pause, which this game does not allow",
        409,
        on_game("POST", "/offers", seat(1, OFFERS), {"kind": "pause"}, game=OFFERS),
    ),
    Step(
        "makeOffer",
        "spectator",
        "A spectator's token holds no seat to offer for",
        403,
        on_game("POST", "/offers", spectator(OFFERS), {"kind": "agreement"}, game=OFFERS),
    ),
    Step(
        "createGame",
        "timedForOffers",
        "Two players, seed 3, a day a turn; every kind of offer (the default policy)",
        201,
        create({"players": list(SAMPLE_NAMES[:2]), "seed": 3, "clock": {"turn_seconds": 86400}}),
        replay=Replay.SHAPE,
    ),
    Step(
        "applyMove",
        "beforeTakeback",
        "Annika (seat 0) passes, then thinks better of it",
        200,
        passing_first(TIMED_OFFERS),
        replay=Replay.SHAPE,
    ),
    Step(
        "makeOffer",
        "takeback",
        "Annika offers to take her pass back",
        200,
        on_game("POST", "/offers", seat(0, TIMED_OFFERS), {"kind": "takeback"}, game=TIMED_OFFERS),
        replay=Replay.SHAPE,
    ),
    Step(
        "acceptOffer",
        "takebackTookEffect",
        "Elias accepts with his token (no body): the pass is undone, as a new version; Annika's turn again",
        200,
        on_offer("accept", "makeOffer.takeback", seat(1, TIMED_OFFERS), game=TIMED_OFFERS),
        replay=Replay.SHAPE,
        request_example=False,
    ),
    Step(
        "makeOffer",
        "pause",
        "Annika offers to pause the clocks",
        200,
        on_game("POST", "/offers", seat(0, TIMED_OFFERS), {"kind": "pause"}, game=TIMED_OFFERS),
        replay=Replay.SHAPE,
    ),
    Step(
        "acceptOffer",
        "pauseTookEffect",
        "Elias accepts: the clocks stop for at most a week (the default), Annika's turn keeps its time left",
        200,
        on_offer("accept", "makeOffer.pause", seat(1, TIMED_OFFERS), game=TIMED_OFFERS),
        replay=Replay.SHAPE,
        request_example=False,
    ),
    Step(
        "applyMove",
        "gamePaused",
        "Annika passes while the clocks are paused",
        409,
        passing_first(TIMED_OFFERS),
        replay=Replay.SHAPE,
    ),
    # What needs the store itself: recorded, never replayed. The recording's clock first moves on a second:
    # the steps above spend the development client's requests (100 a second, the clock standing still).
    Step(
        "createGame",
        "rateLimited",
        "A client allowed one creation a minute creates a second",
        429,
        create({"players": ["A", "B"]}, lambda table: table.keys["paced"]),
        setup=one_after_another(waited(1.0), a_client("paced", ClientLimits(games_per_minute=1), games=1)),
    ),
    Step(
        "createGame",
        "quotaExceeded",
        "A client allowed one unfinished game at once creates a second",
        429,
        create({"players": ["A", "B"]}, lambda table: table.keys["capped"]),
        setup=a_client("capped", ClientLimits(max_open_games=1), games=1),
    ),
    Step(
        "listGames",
        "concurrencyLimited",
        "A client allowed one request in flight at once sends another while one is at work",
        429,
        lambda table: Request("GET", "/v1/games", None, keyed(table.keys["crowded"])),
        setup=one_after_another(
            a_client("crowded", ClientLimits(max_in_flight=1), games=1),
            holding_every_place("crowded", "in_flight"),
        ),
    ),
    Step(
        "streamEvents",
        "streamsLimited",
        "A client whose games may hold one stream at once opens a second",
        429,
        lambda table: Request(
            "GET",
            f"/v1/games/{table.answer('watched.created')['game']['id']}/stream",
            None,
            bearer(table.answer("watched.created")["tokens"]["admin"]),
        ),
        setup=one_after_another(
            a_client("watched", ClientLimits(max_streams=1), games=1),
            holding_every_place("watched", "streams"),
        ),
    ),
    Step(
        "createWebhook",
        "webhooksLimited",
        "A client with 10 webhooks asks for an eleventh",
        409,
        lambda table: Request("POST", "/v1/webhooks", {"url": WEBHOOK_URL}, keyed(table.keys["hooked"])),
        setup=with_webhooks("hooked", 10),
    ),
    Step(
        "listDeliveries",
        "pending",
        "The main game's creation, due to be sent",
        200,
        lambda table: Request("GET", f"{webhook(table)}/deliveries", None, keyed(table.key)),
        setup=main_game_told,
    ),
    Step(
        "retryDelivery",
        "again",
        "A delivery sent again, with its id",
        202,
        lambda table: Request(
            "POST",
            f"{webhook(table)}/deliveries/{table.answer('listDeliveries.pending')['deliveries'][0]['id']}/retry",
            None,
            keyed(table.key),
        ),
        fault=lambda store, table: store,  # recorded only: the delivery is the recording's
    ),
    Step(
        "createGame",
        "internalError",
        "A bug on our side",
        500,
        create({"players": ["A", "B"]}),
        fault=lambda store, table: Failing(store, "save", RuntimeError()),
    ),
    Step(
        "getGame",
        "rateLimited",
        "A client allowed one request a second sends a third",
        429,
        lambda table: Request(
            "GET", f"/v1/games/{table.answer('busy.created')['game']['id']}", None, keyed(table.keys["busy"])
        ),
        setup=a_client("busy", ClientLimits(requests_per_second=1), games=1, reads=1),
    ),
    Step(
        "getGame",
        "corruptGame",
        "Stored data this service never wrote",
        500,
        lambda table: Request("GET", f"/v1/games/{'d' * 22}", None, bearer(table.game(MAIN).admin)),
        setup=damaged_game,
    ),
    Step(
        "getHint",
        "hintUnavailable",
        "No worker answered an expert's hint in time",
        503,
        on_game("GET", "/hint?level=expert", seat(2)),
        fault=lambda store, table: store,  # recorded only: the sandbox's own worker would answer
    ),
    Step(
        "getReadiness",
        "storageUnavailable",
        "The store does not answer",
        503,
        lambda table: Request("GET", "/readyz"),
        fault=lambda store, table: Unreachable(),
    ),
    Step(
        "applyMove",
        "idempotencyKeyInFlight",
        "A request with the same Idempotency-Key is still at work",
        409,
        on_game(
            "POST",
            "/moves",
            seat(2),
            {"player": 2, "action": "pass"},
            headers={"Idempotency-Key": "move-in-flight"},
        ),
        setup=claimed_key,
    ),
    Step(
        "applyMove",
        "concurrentUpdate",
        "The move lost 5 races in a row to other moves",
        409,
        on_game("POST", "/moves", seat(2), {"player": 2, "action": "pass"}),
        fault=lambda store, table: Rivalled(store, table.game(MAIN).id),
    ),
    Step(
        "applyMove",
        "timeIsUp",
        "A move sent after its turn's deadline: refused, and the seat's timeout played",
        409,
        too_late("createGame.oneSecondTurns"),
        setup=waited(2.0),
    ),
    Step(
        "sayBack",
        "concurrentUpdate",
        "The seat that timed out (so is absent) says it is back, and loses 5 races in a row to other changes",
        409,
        back_after_too_late("createGame.oneSecondTurns"),
        fault=lambda store, table: Rivalled(store, table.game("createGame.oneSecondTurns").id),
    ),
    Step(
        "createGame",
        "ratingNeedsPlayers",
        "A rated game with a seat the client names no player for",
        422,
        create({"players": ["Annika", {"name": "Elias", "player": "user-0815"}], "rated": True}),
    ),
    Step(
        "createGame",
        "rated",
        "Two people the client names, rated: the result goes to the client's rating pool",
        201,
        create(
            {
                "players": [
                    {"name": "Annika", "player": "user-0042"},
                    {"name": "Elias", "player": "user-0815"},
                ],
                "seed": 3,
                "target_score": 1,
                "rated": True,
            }
        ),  # fmt: skip
        replay=Replay.SHAPE,
    ),
    Step(
        "getPlayerRating",
        "unknownPlayer",
        "A player the client's pool never rated",
        404,
        lambda table: Request("GET", "/v1/ratings/players/user-9999", None, keyed(table.key)),
    ),
    Step(
        "getLeaderboard",
        "pageOutOfRange",
        "A page past the leaderboard's last",
        422,
        lambda table: Request("GET", "/v1/ratings/leaderboard?page=1000", None, keyed(table.key)),
    ),
    Step(
        "predictRatings",
        "oneSeat",
        "A table of one seat",
        422,
        predicting([{"player": "user-0815"}]),
    ),
    Step(
        "predictRatings",
        "unknownBotLevel",
        "A seat of a level the service does not play",
        422,
        predicting([{"player": "user-0815"}, {"bot": "grandmaster"}]),
    ),
    Step(
        "predictRatings",
        "newcomers",
        "Elias, Annika and an expert bot before the players' first rated game",
        200,
        predicting([{"player": "user-0815"}, {"player": "user-0042"}, {"bot": "expert"}]),
    ),
    Step(
        "getPlayerRating",
        "rated",
        "Elias (user-0815) once the rated game ended and the worker rated it",
        200,
        lambda table: Request("GET", "/v1/ratings/players/user-0815", None, keyed(table.key)),
        setup=rated_game_played,
    ),
    Step(
        "getLeaderboard",
        "firstPage",
        "The client's pool, highest first",
        200,
        lambda table: Request("GET", "/v1/ratings/leaderboard?per_page=10", None, keyed(table.key)),
        setup=rated_before,
    ),
    Step(
        "predictRatings",
        "table",
        "Elias, Annika and a greedy bot at one table",
        200,
        predicting([{"player": "user-0815"}, {"player": "user-0042"}, {"bot": "greedy"}]),
        setup=rated_before,
        # Recorded only (it reads the rated pool), so its body is not a request example: the replay
        # sends every request example, and "newcomers" shows this operation's body.
        request_example=False,
    ),
    # Last: its setup moves the recording's clock on, past the table's minute.
    Step(
        "claimTableSeat",
        "expired",
        "A claim after the table's minute ran out with seat 1 still open",
        410,
        on_table("POST", "/seats/1/claim", invitation(1, EXPIRING), {}, made=EXPIRING),
        setup=one_after_another(
            a_table("expiring", {"players": ["Annika", {"open": True}], "seed": 3, "expires_in": 60}),
            waited(61.0),
        ),
    ),
]
