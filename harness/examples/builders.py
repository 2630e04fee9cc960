"""How the scenario's steps build their requests, prepare the store and excerpt what they show."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from harness.examples.recorder import NOW, RecordingClock
from harness.examples.steps import Request, Session, Table
from service.play.client_management import create_client
from service.play.deliveries import fan_out
from service.play.outbox import Change, RateGame
from service.play.rating_config import RatingSettings
from service.play.rating_games import rate_game
from service.play.stored_game import sequenced
from service.settings import WebhookSettings
from service.store import Save, Written
from service.store.client_apps import ClientLimits

MAIN = "createGame.threePlayers"
"""The step that creates the main game: seed 7, three players, Elias (seat 1) first."""


def keyed(key: str, **headers: str) -> dict[str, str]:
    return {"X-API-Key": key, **headers}


def bearer(token: str, **headers: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", **headers}


def create(body: Any, key: Callable[[Table], str] = lambda table: table.key) -> Callable[[Table], Request]:
    return lambda table: Request("POST", "/v1/games", body, keyed(key(table)))


def on_game(
    method: str,
    suffix: str,
    token: Callable[[Table], str],
    body: Any = None,
    *,
    game: str = MAIN,
    frames: int | None = None,
    headers: dict[str, str] | None = None,
) -> Callable[[Table], Request]:
    """A request on a game of the table, with a credential the table holds."""

    def request(table: Table) -> Request:
        url = f"{table.game(game).url}{suffix}"
        return Request(method, url, body, bearer(token(table), **(headers or {})), frames=frames)

    return request


TABLE = "createTable.twoOpenSeats"
"""The step that sets up the main table: Annika, and two seats open (seed 7)."""


def create_table(body: Any) -> Callable[[Table], Request]:
    return lambda table: Request("POST", "/v1/tables", body, keyed(table.key))


def on_table(
    method: str,
    suffix: str,
    token: Callable[[Table], str] | None,
    body: Any = None,
    *,
    made: str = TABLE,
) -> Callable[[Table], Request]:
    """A request on a table a ``createTable`` step (or ``a_table``) set up: with a token the run holds, or
    (``token`` None) the client's key."""

    def request(table: Table) -> Request:
        url = f"/v1/tables/{table.answer(made)['table']['table_id']}{suffix}"
        headers = keyed(table.key) if token is None else bearer(token(table))
        return Request(method, url, body, headers)

    return request


def invitation(seat: int, made: str = TABLE) -> Callable[[Table], str]:
    """The invitation to ``seat`` of the table ``made`` set up."""

    def token(table: Table) -> str:
        (found,) = [each["token"] for each in table.answer(made)["invitations"] if each["seat"] == seat]
        return str(found)

    return token


def a_table(name: str, body: Any) -> Callable[[Session], None]:
    """A table the client sets up, its answer kept in the run as ``<name>.created``."""

    def setup(session: Session) -> None:
        made = session.transport.send(Request("POST", "/v1/tables", body, keyed(session.table.key)))
        assert made.status == 201, made
        session.table.answers[f"{name}.created"] = made

    return setup


OFFERS = "createGame.withOfferPolicy"
"""The game of the offers' examples: three players, seed 7 (Elias, seat 1, first), no pause allowed."""
TIMED_OFFERS = "createGame.timedForOffers"
"""The game of a takeback and a pause: two players, seed 3 (Annika, seat 0, first), a day a turn."""


def offer_id(made: str) -> Callable[[Table], int]:
    """The id of the offer a ``makeOffer`` step (``makeOffer.<name>``) made in this run."""
    return lambda table: int(table.answer(made)["offer"]["id"])


def on_offer(
    verb: str,
    made: str,
    token: Callable[[Table], str],
    body: Any = None,
    *,
    game: str = OFFERS,
) -> Callable[[Table], Request]:
    """An answer (``accept`` or ``decline``) to the offer the step ``made`` made, with a credential the
    table holds; ``body`` None sends none (a seat's token answers for its own seat)."""

    def request(table: Table) -> Request:
        url = f"{table.game(game).url}/offers/{offer_id(made)(table)}/{verb}"
        return Request("POST", url, body, bearer(token(table)))

    return request


def passing_first(game: str) -> Callable[[Table], Request]:
    """The seat to move in ``game`` as it was created passes, with its own token."""

    def request(table: Table) -> Request:
        created = table.game(game)
        mover = created.created["game"]["current_player"]
        pass_move = {"player": mover, "action": "pass"}
        return Request("POST", f"{created.url}/moves", pass_move, bearer(created.players[mover]))

    return request


def too_late(game: str) -> Callable[[Table], Request]:
    """A pass sent for the seat to move in ``game`` (after its turn's time: ``waited``)."""

    def request(table: Table) -> Request:
        created = table.game(game)
        mover = created.created["game"]["current_player"]
        pass_move = {"player": mover, "action": "pass"}
        return Request("POST", f"{created.url}/moves", pass_move, bearer(created.players[mover]))

    return request


def back_after_too_late(game: str) -> Callable[[Table], Request]:
    """The seat ``too_late`` played for says it is back (its timeout made it absent)."""

    def request(table: Table) -> Request:
        created = table.game(game)
        mover = created.created["game"]["current_player"]
        return Request("POST", f"{created.url}/seats/{mover}/back", None, bearer(created.players[mover]))

    return request


def waited(seconds: float) -> Callable[[Session], None]:
    """The recording's clock moved on (it stands still otherwise)."""

    def setup(session: Session) -> None:
        clock = session.state.clock
        assert isinstance(clock, RecordingClock)
        clock.now += seconds

    return setup


def admin(game: str = MAIN) -> Callable[[Table], str]:
    return lambda table: table.game(game).admin


def seat(number: int, game: str = MAIN) -> Callable[[Table], str]:
    return lambda table: table.game(game).players[number]


def spectator(game: str = MAIN) -> Callable[[Table], str]:
    return lambda table: table.spectator(game)


def raw(head: str) -> Callable[[Table], Request]:
    return lambda table: Request("GET", "/healthz", raw=head.encode("latin-1") + b"\r\n\r\n")


def a_client(name: str, limits: ClientLimits, *, games: int = 0, reads: int = 0) -> Callable[[Session], None]:
    """A client with its own limits, kept in the table by ``name``, that already created ``games`` games
    and read the last one ``reads`` times."""

    def setup(session: Session) -> None:
        key = create_client(session.store, name, limits, 0.0).key
        session.table.keys[name] = key
        for _ in range(games):
            created = session.transport.send(
                Request("POST", "/v1/games", {"players": ["A", "B"]}, keyed(key))
            )
            assert created.status == 201, created
            session.table.answers[f"{name}.created"] = created
        for _ in range(reads):
            session.transport.send(
                Request("GET", f"/v1/games/{created.body['game']['id']}", None, keyed(key))
            )

    return setup


def holding_every_place(name: str, kind: str) -> Callable[[Session], None]:
    """``name``'s client holds its one place (``in_flight`` or ``streams``) in this process already."""

    def setup(session: Session) -> None:
        occupancy = getattr(session.state, kind)
        assert occupancy.take(session.table.keys[name].split("_")[1], 1)

    return setup


def one_after_another(*setups: Callable[[Session], None]) -> Callable[[Session], None]:
    def setup(session: Session) -> None:
        for each in setups:
            each(session)

    return setup


def damaged_game(session: Session) -> None:
    """A game id whose stored data this service never wrote, opened by the main game's admin token."""
    found = session.store.load_game(session.table.game(MAIN).id)
    assert found is not None
    damaged = Save("d" * 22, 0, None, Written('{"not": "ours"}'), tokens=found.tokens)
    session.store.save(damaged)


def claimed_key(session: Session) -> None:
    session.store.claim_idempotency_key(session.table.game(MAIN).id, "move-in-flight", "another request")


def counters(metrics: str) -> str:
    """The game counters of a scrape: its histograms' durations are the machine's, not the scenario's."""
    shown = ("restart_games_created_total", "restart_moves_applied_total")
    lines = [line for line in metrics.splitlines() if any(name in line for name in shown)]
    return "\n".join(lines) + "\n"


def first_moves(page: dict[str, Any]) -> dict[str, Any]:
    """The first moves of a long list, and the pass that always ends it."""
    return {**page, "moves": [*page["moves"][:4], page["moves"][-1]]}


def with_problem(snapshot: dict[str, Any]) -> dict[str, Any]:
    return {**snapshot, "rows": {**snapshot["rows"], "red": []}}


WEBHOOK_URL = "https://127.0.0.1:8443/restart-hooks"
"""A receiver on this machine: the sandbox's webhooks may reach it (the recording allows it too)."""


def webhook(table: Table, step: str = "createWebhook.created") -> str:
    """The path of the webhook a ``createWebhook`` step made in this run."""
    return f"/v1/webhooks/{table.answer(step)['id']}"


def with_webhooks(name: str, count: int) -> Callable[[Session], None]:
    """A client kept in the table by ``name`` that has ``count`` webhooks already."""

    def setup(session: Session) -> None:
        key = create_client(session.store, name, ClientLimits(), 0.0).key
        session.table.keys[name] = key
        for _ in range(count):
            made = session.transport.send(Request("POST", "/v1/webhooks", {"url": WEBHOOK_URL}, keyed(key)))
            assert made.status == 201, made

    return setup


def main_game_told(session: Session) -> None:
    """The main game's creation fanned out to the development client's webhooks, as the worker would
    (nothing is sent: the recording has no worker)."""
    game_id = session.table.game(MAIN).id
    events = ",".join(sequenced(seq, text) for seq, text in session.store.read_events(game_id, 0, 100))
    change = Change(game_id, session.table.key.split("_")[1], "game.created", 1, f"[{events}]", NOW)
    fan_out(session.store, [change], WebhookSettings(), NOW)


def verified(
    record: Callable[[Table], Any], headers: dict[str, str] | None = None
) -> Callable[[Table], Request]:
    """``record`` sent to ``POST /v1/records/verify`` with the client's key."""
    return lambda table: Request(
        "POST", "/v1/records/verify", record(table), keyed(table.key, **(headers or {}))
    )


def recorded(step: str, change: Callable[[dict[str, Any]], None] | None = None) -> Callable[[Table], Any]:
    """The record a ``getGameRecord`` step answered in this run, a copy ``change`` may alter."""

    def record(table: Table) -> Any:
        copied: dict[str, Any] = copy.deepcopy(table.answer(step))
        if change is not None:
            change(copied)
        return copied

    return record


def a_score_raised(record: dict[str, Any]) -> None:
    """The record claims 5 more minus points for seat 1 than its moves give."""
    record["scores"][1] += 5


def another_first_move(record: dict[str, Any]) -> None:
    """The first move of round 1 puts red-13 (which its seat does not hold) after red-11."""
    record["rounds"][0]["moves"][0]["move"]["tiles"] = ["red-11", "red-13"]


RATED = "createGame.rated"
"""The rated game: Annika (user-0042) and Elias (user-0815), seed 3, a target of 1."""


def rated_game_played(session: Session) -> None:
    """The rated game played out (each seat passes: the round, and with a target of 1 the game, ends)
    and rated as the worker rates it, in the development client's pool."""
    game = session.table.game(RATED)
    seat = game.created["game"]["current_player"]
    version = 1
    for _ in range(2):
        moved = session.transport.send(
            Request("POST", f"{game.url}/moves", {"player": seat, "action": "pass"}, bearer(game.admin))
        )
        assert moved.status == 200, moved
        seat, version = moved.body["game"]["current_player"], moved.body["game"]["version"]
    assert moved.body["game"]["status"] == "finished", moved
    rate_game(session.store, RateGame(game.id, version), RatingSettings(), session.state.clock())


def rated_before(session: Session) -> None:
    """Nothing to prepare: the step reads the pool that ``rated_game_played`` filled in the store, which a
    replay against a running service cannot (so the step is recorded only)."""
