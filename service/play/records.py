"""A game's history from its log: the record of the whole game, and the game as it was at a version.

The log is walked through the very transitions the saves made (``play.transitions``). From the
game's creation (its seed), each change the log holds is read in turn: an offer's making or answer
(``play.offer_changes``, a takeback restoring the game before the move it undoes), a seat's return
(``seat_back``), a seat changing hands (``seat_taken``, ``seat_vacated``, ``seat_left``), the
owner's invitation to a seat made or revoked (``seat_invited``, ``invitation_revoked``), the
finished game's rematch asked for (``rematched``) or its ratings told (``game_rated``), a
timeout (``turn_timed_out``, perhaps ``seat_absent``) and the move played for
it, or a move. The transition the log names is made again at the time the log keeps
(``LoggedEvent.at``), clock included, and its events, compared with the log's, say where the next
change starts: each change is one version, exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from service.encoding import loads_trusted
from service.play.access import Caller
from service.play.consent import OfferKind
from service.play.games import OpenGame
from service.play.holders import Holding, Invitation, SeatState
from service.play.offer_changes import Takeback, answered, offered
from service.play.projection import game_view
from service.play.refusals import UnknownVersion
from service.play.stored_game import Rematch, StoredGame
from service.play.timeouts import from_rfc3339, rfc3339, settings_view
from service.play.transitions import (
    INVITATION_EVENTS,
    SEAT_CHANGES,
    Transition,
    created,
    invited,
    left,
    moved,
    rated,
    rematched,
    returned,
    taken,
    uninvited,
    vacated,
)
from service.rules import Action, Colour, GameState, Move, Status
from service.rules.clock import Due
from service.rules.record import (
    FORMAT,
    Flaw,
    RecordedMove,
    Result,
    Tenure,
    dealt_round,
    record_from_json,
    replay,
    result_of,
)
from service.rules.tiles import codes
from service.store import CorruptData, LoggedEvent, Store

TIME_EVENTS = ("turn_timed_out", "seat_absent")
OFFER_EVENTS = ("offer_made", "offer_accepted", "offer_declined", "offer_lapsed")
"""The events that open an offer's change (an expired offer's lapse opens the next one's making)."""


@dataclass(frozen=True, slots=True)
class History:
    version: int
    """The last version walked (``until``, or the game's current one)."""
    stored: StoredGame
    """The game as that version saved it."""
    at_ms: int
    """When that version was saved (epoch ms; 0 for a change logged before saves carried their time)."""
    moves: tuple[tuple[RecordedMove, ...], ...]
    """Each round's moves up to that version, in order."""
    final: GameState
    holders: tuple[tuple[Tenure, ...], ...]
    """Each seat's holders up to that version, by name (``rules.record.Tenure``)."""
    takeback: Takeback | None = None
    """What a takeback would undo at that version, if anything may be (``offer_changes.Takeback``)."""
    moved: frozenset[int] = frozenset()
    """The seats that made a move (a timeout's included) up to that version."""


def history(
    stored: StoredGame, log: Sequence[LoggedEvent], game_id: str, until: int | None = None
) -> History:
    """Walk ``log`` (the whole log of the game now ``stored``) on the rules, up to version ``until``
    (None: to the end); CorruptData when it is not a log this service wrote for it."""
    try:
        return _walk(stored, log, until)
    except (KeyError, IndexError, TypeError, ValueError, AssertionError) as error:
        raise CorruptData(f"the log of game {game_id} is not one this service wrote") from error


def _walk(stored: StoredGame, log: Sequence[LoggedEvent], until: int | None) -> History:
    snapshot = stored.snapshot
    names = [player["name"] for player in snapshot["players"]]
    bots = [stored.bot(seat) for seat in range(len(names))]
    settings = None if stored.clock is None else stored.clock.settings
    events = [loads_trusted(entry.text) for entry in log]
    created_at = log[0].at if log else 0
    policy = stored.consent.policy
    step = created(
        names, bots, snapshot["seed"], snapshot["target_score"], settings, created_at, policy=policy
    )
    _check(step, events, 0)
    game, state, position = step.stored, step.state, len(step.events)
    version, at = 1, created_at
    moves: list[list[RecordedMove]] = [[]]
    holders = [[Tenure(name, 1)] for name in names]
    takeback: Takeback | None = None
    movers: set[int] = set()
    while position < len(events) and (until is None or version < until):
        assert game is not None and state is not None  # the walk's transitions keep the game
        at = log[position].at
        kind = events[position]["type"]
        if kind not in OFFER_EVENTS:
            takeback = None  # any other change: only a move (just below) may be taken back
        if kind in OFFER_EVENTS:
            step = _offer_changed(game, events, position, version + 1, at, takeback)
            if step.state is not None:  # it took effect: a takeback, an abort, an agreement
                state, took = step.state, loads_trusted(step.events[-1])
                if took["type"] == "taken_back":
                    moves[-1].append(
                        replace(moves[-1][took["index"]], at_ms=at or None, takes_back=took["index"])
                    )
                    takeback = None
        elif kind == "seat_back":
            back = returned(game, events[position]["seat"], at)
            assert back is not None  # only an absent seat's return is logged
            step = back
        elif kind in INVITATION_EVENTS:
            step = _invitation_changed(game, events[position])
        elif kind == "game_rated":
            step = rated(game, events[position]["seats"])
        elif kind == "rematched":
            step = rematched(game, Rematch(events[position]["game_id"], 0))  # its seed is not logged
        elif kind in SEAT_CHANGES:
            step = _seat_changed(game, events[position], at)
            _held(holders[events[position]["seat"]], events[position], version + 1)
        else:
            seat = state.current_player
            timed_out = kind == TIME_EVENTS[0]
            absent = game.clock is not None and game.clock.seats[seat].absent
            forced = Due.TIMEOUT if timed_out else Due.ABSENT if absent else None
            move = _logged_move(events, _past_time_events(events, position))
            step = moved(game, state, move, forced, at)
            assert step.state is not None
            own = forced is None and step.state.round == state.round and step.state.outcome is None
            takeback = Takeback(seat, state.round, len(moves[-1]), move, game) if own else None
            moves[-1].append(RecordedMove(seat, move, at or None, timed_out))
            movers.add(seat)
            if step.state.round != state.round:
                moves.append([])
            state = step.state
        _check(step, events, position)
        game, position, version = step.stored, position + len(step.events), version + 1
    assert game is not None and state is not None
    held = tuple(tuple(tenures) for tenures in holders)
    walked = tuple(tuple(round_moves) for round_moves in moves)
    return History(version, game, at, walked, state, held, takeback, frozenset(movers))


def _held(tenures: list[Tenure], event: dict[str, Any], version: int) -> None:
    """The seat's holders once the change at ``version`` (the seat's ``event``) is made: the holder of
    the time lets it go (``left``, for good), and a ``seat_taken`` names the next."""
    last = tenures[-1]
    if last.until_version is None:
        tenures[-1] = replace(last, until_version=version, left=event["type"] == "seat_left")
    if event["type"] == "seat_taken":
        tenures.append(Tenure(event["name"], version))


def _seat_changed(game: StoredGame, event: dict[str, Any], at: int) -> Transition:
    """A seat changing hands as the log tells it (the holder's token and player reference are not in
    the log: the walk knows a holder by name)."""
    seat = event["seat"]
    if event["type"] == "seat_taken":
        first = game.snapshot["players"][seat]["name"]
        name = None if event["name"] == first else event["name"]
        return taken(game, seat, Holding(SeatState.HELD, name=name), at)
    return vacated(game, seat, at) if event["type"] == "seat_vacated" else left(game, seat, at)


def _invitation_changed(game: StoredGame, event: dict[str, Any]) -> Transition:
    """The owner's invitation to a seat made or revoked, as the log tells it (its token's digest is not
    in the log)."""
    if event["type"] == "seat_invited":
        return invited(game, event["seat"], Invitation("", from_rfc3339(event["expires_at"])))
    return uninvited(game, event["seat"])


def _offer_changed(
    game: StoredGame, events: Sequence[dict[str, Any]], position: int, version: int, at: int,
    takeback: Takeback | None,
) -> Transition:  # fmt: skip
    """An offer's change as the log tells it: made (after the lapse of an expired one), or answered."""
    first = events[position]
    if first["type"] in ("offer_accepted", "offer_declined"):
        return answered(game, first["seat"], first["type"] == "offer_accepted", at, takeback).transition
    made = first if first["type"] == "offer_made" else events[position + 1]
    kind = OfferKind(made["kind"])
    until = from_rfc3339(made["expires_at"])
    return offered(game, kind, made["seat"], version, until, at, takeback).transition


def _check(step: Transition, events: Sequence[dict[str, Any]], position: int) -> None:
    """The log holds exactly the events ``step`` makes, from ``position`` on (else it is not one this
    service wrote: CorruptData)."""
    made = [loads_trusted(text) for text in step.events]
    assert events[position : position + len(made)] == made


def _past_time_events(events: Sequence[dict[str, Any]], position: int) -> int:
    """Where the move starts, past the time events (a timeout, an absence) that open its change."""
    while events[position]["type"] in TIME_EVENTS:
        position += 1
    return position


def _logged_move(events: Sequence[dict[str, Any]], position: int) -> Move:
    """The move whose events start at ``position``: a pass, a play, or a purple tile (and the tiles its
    seat then placed on that row)."""
    first = events[position]
    seat = first["seat"]
    if first["type"] == "passed":
        return Move(seat, Action.PASS)
    if first["type"] == "tiles_placed":
        return Move(seat, Action.PLAY, Colour(first["row"]), tuple(first["tiles"]))
    assert first["type"] == "tiles_removed"
    after = events[position + 1] if position + 1 < len(events) else {}
    placed = after.get("type") == "tiles_placed" and (after["seat"], after["row"]) == (seat, first["row"])
    return Move(seat, Action(first["purple"]), Colour(first["row"]), tuple(after["tiles"]) if placed else ())


def game_history(store: Store, game: OpenGame, until: int | None = None) -> History:
    return history(game.stored, store.read_log(game.game_id), game.game_id, until)


def view_at(store: Store, game: OpenGame, version: int) -> dict[str, Any]:
    """The game as its caller would have seen it at ``version``, its clock read when that version was
    saved (as the answer that made it was); UnknownVersion for a version the game never had."""
    if not 1 <= version <= game.version:
        raise UnknownVersion(version, game.version)
    if version == game.version and game.stored.clock is None:
        return game.view(0.0)  # no clock: nothing of the view depends on when it is read
    found = game_history(store, game, until=version)
    return game_view(game.game_id, found.version, found.stored, game.caller, found.at_ms / 1000)


def game_record(store: Store, game: OpenGame) -> dict[str, Any]:
    """The ``restart-record/1`` of the game for its caller: every hand for the admin (token or owner's
    key) and, once the game is finished, for everyone; while it plays, a seat's own hands only, none
    for a spectator; the box only with every hand."""
    walked = game_history(store, game)
    snapshot = game.snapshot
    seed, player_count = snapshot["seed"], len(snapshot["players"])
    sees_all = game.caller.is_admin or walked.final.status is Status.FINISHED
    rounds = []
    for number, round_moves in enumerate(walked.moves, start=1):
        dealt = dealt_round(seed, number, player_count)
        hands = [codes(hand or ()) if sees_all or _own(game.caller, seat) else None
                 for seat, hand in enumerate(dealt.hands)]  # fmt: skip
        rounds.append({
            "round": number,
            "starter": dealt.starter,
            "hands": hands,
            "box": codes(dealt.box or ()) if sees_all else None,
            "moves": [_recorded_move(played) for played in round_moves],
        })  # fmt: skip
    result = result_of(walked.final)
    return {
        "format": FORMAT,
        "players": [
            {
                "name": player["name"],
                "bot": game.stored.bot(seat),
                "holders": [_tenure(tenure) for tenure in walked.holders[seat]],
            }
            for seat, player in enumerate(snapshot["players"])
        ],  # fmt: skip
        "target_score": snapshot["target_score"],
        "clock": None if game.stored.clock is None else settings_view(game.stored.clock.settings),
        "rounds": rounds,
        "status": result.status.value,
        "winners": list(result.winners),
        "end_reason": None if result.end_reason is None else result.end_reason.value,
        "scores": list(result.scores),
    }


def _tenure(tenure: Tenure) -> dict[str, Any]:
    return {"name": tenure.name, "from_version": tenure.from_version, "until_version": tenure.until_version,
            "left": tenure.left}  # fmt: skip


def _own(caller: Caller, seat: int) -> bool:
    return not caller.is_admin and caller.seat == seat


def _recorded_move(played: RecordedMove) -> dict[str, Any]:
    entry = {
        "seat": played.seat,
        "move": played.move.to_json(),
        "at": None if played.at_ms is None else rfc3339(played.at_ms),
        "timed_out": played.timed_out,
    }
    if played.takes_back is not None:
        entry["takes_back"] = played.takes_back
    return entry


def verified(record: dict[str, Any]) -> Result | Flaw:
    """What the rules make of a record this service wrote (``game_record``): ``replay``, as ``POST
    /v1/records/verify`` runs it, its moves read back from their wire shape."""
    rounds = [
        {**played, "moves": [{**move, "move": Move.from_json(move["move"])} for move in played["moves"]]}
        for played in record["rounds"]
    ]
    return replay(record_from_json({**record, "rounds": rounds}))
