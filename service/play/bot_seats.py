"""Seats the service plays: their levels, the turns left to the worker, the worker's move, and hints.

A bot decides from its seat's view only (``service.bots.view.seat_view``: its hand and what
is public), with randomness seeded from the game, its version and the seat, so a seeded game
with bots replays identically. Its move goes through ``submit_move`` like anyone's: the same
judge, commit and events; it is saved only if the game is still at the version the turn
was left at, so a turn handled twice (a worker died, its doorbell was taken again) is played
once. A bot's moves are the service's own: they count against no client's requests.
"""

from __future__ import annotations

import secrets
from typing import Any

from service.bots.levels import LEVELS, THOUGHT_BY_THE_WORKER, choose
from service.bots.seeding import decision_seed
from service.bots.view import SeatView, seat_view
from service.encoding import dumps, loads_trusted
from service.play.access import Caller
from service.play.games import OpenGame, asked_seat, check_level
from service.play.moves import SavedMove, submit_move
from service.play.outbox import BotTurn, Told, nobody
from service.play.rating_reads import level_on_the_scale
from service.play.refusals import HintUnavailable, VersionMismatch
from service.play.stored_game import decode
from service.play.timeouts import Think
from service.rules import Action, Illegal, IllegalMove, Move, Tile, from_snapshot
from service.rules.clock import PASS
from service.rules.messages import Message
from service.rules.tiles import TILES_BY_CODE, codes
from service.store import Store


def thinking_for_a_request(store: Store, wait: float) -> Think:
    """How a request thinks a hint: a cheap level at once; the worker's levels asked of the worker,
    its answer awaited ``wait`` seconds at most (then HintUnavailable)."""

    def think(level_name: str, view: SeatView, seed: int) -> Move:
        if level_name not in THOUGHT_BY_THE_WORKER:
            return choose(level_name, view, seed)
        reply = secrets.token_hex(16)
        store.ask(hint_job(level_name, view, seed, reply))
        answer = store.await_answer(reply, wait)
        if answer is None:
            raise HintUnavailable()
        return Move.from_json(loads_trusted(answer))

    return think


def levels() -> list[dict[str, Any]]:
    """The levels the service plays, weakest first, as ``GET /v1/bots`` lists them: each with its
    rating on the scale players are rated on (docs/BOTS.md)."""
    return [{**served.to_json(), "rating": level_on_the_scale(served.name).to_json()} for served in LEVELS]


def play_turn(
    store: Store, turn: BotTurn, now: float, think: Think = choose, told: Told = nobody
) -> SavedMove | None:
    """The move of the seat the service plays for ``turn`` (a bot's, or a seat vacated or left: its
    stand-in's), saved at ``now``; None when the game is gone or no longer at that turn."""
    row = store.load_game(turn.game_id)
    if row is None or row.version != turn.version:
        return None
    stored = decode(row.snapshot)
    level = stored.stand_in(turn.seat)  # a bot's level, or the policy for a seat vacated or left
    state = from_snapshot(stored.snapshot, verify=False)
    if level is None or state.outcome is not None or state.current_player != turn.seat:
        return None
    if level == PASS:
        move = Move(turn.seat, Action.PASS)
    else:
        move = think(level, seat_view(state, turn.seat), decision_seed(state.seed, turn.version, turn.seat))
    game = OpenGame(turn.game_id, row.owner, row.version, stored, Caller.player(turn.seat))
    try:
        return submit_move(store, game, move, turn.version, now, told=told)
    except VersionMismatch:
        return None  # someone deleted and re-made it, or another worker played it first


def hint(game: OpenGame, seat: int | None, level_name: str, think: Think = choose) -> Move:
    """The move ``level_name`` would play for the seat now (the caller's own by default; the admin
    names one), as ``legal_moves`` lists it: what that bot would play there, from the same seed."""
    seat = asked_seat(game, seat)
    check_level(level_name)
    state = from_snapshot(game.snapshot, verify=False)
    if state.outcome is not None or state.current_player != seat:
        code = Illegal.GAME_OVER if state.outcome is not None else Illegal.NOT_YOUR_TURN
        raise IllegalMove(code, Message("seat {seat} has no move to play now", seat=seat))
    return think(level_name, seat_view(state, seat), decision_seed(state.seed, game.version, seat))


def hint_job(level_name: str, view: SeatView, seed: int, reply: str) -> str:
    """A hint to compute, as the worker is asked it: the level, the seat's view (the whole of what
    the level decides from) and the seed."""
    document = {
        "kind": "hint",
        "level": level_name,
        "seed": seed,
        "reply": reply,
        "view": {
            "seat": view.seat,
            "hand": codes(view.hand),
            "rows": [codes(row) for row in view.rows],
            "discarded": codes(view.discarded),
            "hand_sizes": list(view.hand_sizes),
            "scores": list(view.scores),
            "current_player": view.current_player,
            "consecutive_passes": view.consecutive_passes,
            "round": view.round,
            "target_score": view.target_score,
            "last_round": None if view.last_round is None else list(view.last_round),
        },
    }
    return dumps(document)


def answer_hint_job(job: str, think: Think = choose) -> tuple[str, str]:
    """The worker's side: the reply a job names, and its answer (the move's JSON)."""
    document: dict[str, Any] = loads_trusted(job)
    seen = document["view"]

    def tiles(found: list[str]) -> tuple[Tile, ...]:
        return tuple(TILES_BY_CODE[code] for code in found)

    last_round = None if seen["last_round"] is None else tuple(seen["last_round"])
    rows = tuple(tiles(row) for row in seen["rows"])
    view = SeatView(
        seen["seat"], tiles(seen["hand"]), rows, tiles(seen["discarded"]), tuple(seen["hand_sizes"]),
        tuple(seen["scores"]), seen["current_player"], seen["consecutive_passes"], seen["round"],
        seen["target_score"], last_round, None,
    )  # fmt: skip
    return str(document["reply"]), dumps(think(document["level"], view, int(document["seed"])).to_json())
