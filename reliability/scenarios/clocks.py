"""Turn clocks under faults: hundreds of games on clocks of 1 to 2 s, a third of the seats never moving,
the others moving near their deadlines, while the background worker is SIGKILLed (a new one started
in its place) and Redis is SIGKILLed and restarted (``appendfsync always``: what was acknowledged
survives the crash).

One thread sits at each table (``Table``) and plays its moving seats: at each of their turns it sends
a move at a random moment near the turn's deadline (some a hair before it, racing the worker: those
may come back 409 ``time_is_up``); at a silent seat's turn it waits for the deadline and reads the
game until the service has played the turn (a timeout, then a pass; once the seat is absent, at
once). Every view it saw, from a move's answer or a read, is kept by version.

Then each game is judged:

- it ended, within the run's timeout;
- its event log, cut into changes (one a version), replays with the engine to the stored game: each
  change is the move of the seat whose turn it was, with at most one ``turn_timed_out`` and for that
  seat (no turn timed out twice); the timeouts per seat are the view's ``timeouts``, a seat made
  absent is absent; a silent seat's turn was only ever a timeout or an absent seat's turn; every move
  acknowledged is in the log at its version;
- timing: a turn starts when the change that gave it was saved, so a view's deadline less the turn's
  time (none for an absent seat, whose turn is due as it starts) is the save time of the change that
  made it. For two consecutive versions seen, a timeout or an absent seat's turn saved at T for a turn
  due at D has T >= D (its firing delay is T - D), and a player's move has T < D.
"""

from __future__ import annotations

import calendar
import http.client
import json
import random
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from harness.games import Game, create_game
from harness.http_client import Client
from harness.players import SAMPLE_NAMES
from reliability.players import choose, exchange_of, read_snapshot, send
from reliability.results import Exchange, Ledger, ScenarioResult
from reliability.stack import Stack, stack
from reliability.verify import PROBLEM_MEDIA_TYPE, Allowance, check_answers, final_state
from service.rules import IllegalMove, Move, apply, new_game, to_snapshot

TITLE = "Turn clocks of 1-2 s: silent seats, moves near deadlines, worker and Redis killed"
ENV = {
    # A killed worker's claims on deadlines (and its leases) lapse in 2 s, not the production 10 s.
    "WORKER_LEASE_SECONDS": "2",
    "WORKER_RECLAIM_SECONDS": "3",
    "WORKER_SWEEP_SECONDS": "5",
}
TARGET_SCORE = 15
"""Small: the first round's minus points end nearly every game."""
SILENT_SHARE = 1 / 3
"""Seats that never move."""
ABSENT_AFTER = (0, 1, 2, 3)
"""Each game's ``absent_after`` is one of these (0: a silent seat times out every turn)."""
PASS_SHARE = 0.25
"""A moving seat's share of passes at the game's start, growing to 1 at version ``pass_ramp``, so
that a round (and the game) ends: every seat passing one after another."""
RACING_SHARE = 0.15
RACING_MS = 25.0
"""That share of moves is sent at most this long before the deadline (the others earlier, but at most
``LEAD_SHARE`` of the turn before it)."""
MIN_LEAD_MS = 40.0
LEAD_SHARE = 0.3
IF_MATCH_SHARE = 0.5
TIME_IS_UP = "time_is_up"
FIRST_POLL = 0.02
LAST_POLL = 0.25
"""Reads of a game waiting for the service's turn: 20 ms after the deadline, then twice as long each
time up to this."""
PAUSE = 0.2
"""After a 503 or a lost connection."""
BEFORE_FAULT = 1.0
AFTER_FAULT = 3.0
"""A deadline from this long before a fault began to this long after it ended counts as met by the
fault (one the killed worker had claimed waits for its lease, 2 s; a new worker takes a while to start)."""
MOVE_EVENTS = frozenset({"passed", "tiles_placed", "tiles_removed"})
CLOCK_EVENTS = frozenset({"turn_timed_out", "seat_absent", "seat_back"})
FAULTS_FULL = ("worker", "redis", "worker", "redis", "worker")


def epoch_ms(instant: str) -> int:
    """``2027-01-15T08:00:30.250Z`` (the views' RFC 3339 with milliseconds) in epoch milliseconds."""
    seconds = calendar.timegm(time.strptime(instant[:19], "%Y-%m-%dT%H:%M:%S"))
    return seconds * 1000 + int(instant[20:23])


@dataclass(frozen=True)
class Seen:
    """What the timing checks need of one version's view."""

    status: str
    seat: int
    """The seat to play (the last mover once the game is over)."""
    absent: bool
    """The seat to play is absent: its turn was due as it started."""
    deadline_ms: int | None

    def saved_ms(self, turn_ms: int) -> int | None:
        """When the change that made this version was saved (None: the game is over)."""
        if self.deadline_ms is None:
            return None
        return self.deadline_ms - (0 if self.absent else turn_ms)


def seen(view: dict[str, Any]) -> Seen:
    seat = view["current_player"]
    deadline = (view.get("clock") or {}).get("deadline")
    return Seen(
        view["status"],
        seat,
        view["players"][seat]["absent"],
        None if deadline is None else epoch_ms(deadline),
    )


class Table:
    """One thread at one game: plays its moving seats near their deadlines, watches the silent ones'
    turns, keeps each version's view it saw."""

    def __init__(
        self,
        url: str,
        game: Game,
        turn_ms: int,
        silent: frozenset[int],
        ledger: Ledger,
        seed: int,
        stop: threading.Event,
        pass_ramp: int,
    ) -> None:
        self.url, self.game, self.turn_ms, self.silent = url, game, turn_ms, silent
        self.ledger, self.stop, self.pass_ramp = ledger, stop, pass_ramp
        self.rng = random.Random(seed)
        self.views: dict[int, Seen] = {}
        self.thread = threading.Thread(target=self._run, name=f"table-{game.id}", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def _run(self) -> None:
        client = Client(self.url)
        try:
            view: dict[str, Any] | None = None
            while not self.stop.is_set():
                if view is None:
                    view = self._read(client)
                    if view is None:
                        self.stop.wait(PAUSE)
                        continue
                self.views[view["version"]] = seen(view)
                if view["status"] != "playing":
                    return
                seat = view["current_player"]
                if seat in self.silent or view["players"][seat]["absent"]:
                    view = self._await_turn(client, view)
                else:
                    view = self._move(client, view, seat)
        except Exception as error:  # a table's own bug must show up, not vanish with its thread
            self.ledger.anomaly(f"the table of {self.game.id} crashed: {type(error).__name__}: {error}")
        finally:
            client.close()

    def _read(self, client: Client) -> dict[str, Any] | None:
        """The game's view (admin), or None when it did not come."""
        try:
            answer = client.request("GET", self.game.url, token=self.game.admin)
        except (OSError, http.client.HTTPException) as error:
            failed = f"{type(error).__name__}: {error}"
            self.ledger.add(Exchange("snapshot", self.game.id, status=None, error=failed))
            return None
        sent = {"kind": "snapshot", "game_id": self.game.id}
        self.ledger.add(exchange_of(answer, sent, keep_body=answer.status != 200))
        return answer.body if answer.status == 200 and isinstance(answer.body, dict) else None

    def _await_turn(self, client: Client, view: dict[str, Any]) -> dict[str, Any] | None:
        """The view once the service played the turn the service owes (a timeout, an absent seat's)."""
        version, deadline = view["version"], epoch_ms(view["clock"]["deadline"]) / 1000
        ahead = deadline - time.time()
        pause = FIRST_POLL
        if ahead > 0 and self.stop.wait(ahead + FIRST_POLL):
            return None
        while not self.stop.is_set():
            fresh = self._read(client)
            if fresh is not None and fresh["version"] != version:
                return fresh
            self.stop.wait(pause if fresh is not None else PAUSE)
            pause = min(LAST_POLL, pause * 2)
        return None

    def _move(self, client: Client, view: dict[str, Any], seat: int) -> dict[str, Any] | None:
        """A move for ``seat`` sent near its turn's deadline; the view it made, or None (read again)."""
        version, deadline = view["version"], epoch_ms(view["clock"]["deadline"]) / 1000
        if self.rng.random() < min(1.0, PASS_SHARE + version / self.pass_ramp):
            move: dict[str, Any] = {"player": seat, "action": "pass"}
        else:
            _, snapshot = read_snapshot(client, self.ledger, self.game)
            if snapshot is None or snapshot["current_player"] != seat:
                self.stop.wait(PAUSE if snapshot is None else 0)
                return None
            move = choose(snapshot, self.rng)
        racing = self.rng.random() < RACING_SHARE
        lead_ms = (
            self.rng.uniform(0, RACING_MS)
            if racing
            else self.rng.uniform(MIN_LEAD_MS, LEAD_SHARE * self.turn_ms)
        )
        wait = deadline - lead_ms / 1000 - time.time()
        if wait > 0 and self.stop.wait(wait):
            return None
        if_match = version if self.rng.random() < IF_MATCH_SHARE else None
        answer = send(client, self.ledger, "move", self.game, move, self.game.players[seat], if_match, None)
        if answer.status == 200 and isinstance(answer.body, dict):
            made: dict[str, Any] = answer.body["game"]
            return made
        if answer.status in (None, 503):
            self.stop.wait(PAUSE)
        return None


@dataclass
class Verdict:
    """What the games' logs and views showed, summed over the games."""

    anomalies: list[str] = field(default_factory=list)
    changes: Counter[str] = field(default_factory=Counter)
    """Changes by kind: ``timeout``, ``absent`` (an absent seat's turn, played at once) and ``move``."""
    timed: Counter[str] = field(default_factory=Counter)
    """Of those, the ones whose save time and deadline were both seen."""
    delays: dict[str, list[tuple[int, int]]] = field(default_factory=lambda: {"timeout": [], "absent": []})
    """Per kind, (deadline ms, firing delay ms) of every timed turn the service played."""
    accepted: int = 0
    lost: int = 0
    unfinished: int = 0

    def note(self, game: Game, text: str) -> None:
        self.anomalies.append(f"game {game.id}: {text}")


def cut(log: Sequence[dict[str, Any]]) -> list[list[dict[str, Any]]] | None:
    """The log after the creation's events cut into changes, one a version from 2 on. A change starts
    with ``turn_timed_out`` (then ``seat_absent`` when the timeout made the seat absent, then the move
    played for the seat), ``seat_back``, or its seat's move (a purple tile's removal and the tiles its
    seat placed after it on that row are one move); the round's end and the next deal or the game's
    end close it. None: an event comes before any change."""
    changes: list[list[dict[str, Any]]] = []
    previous: dict[str, Any] = {}
    for event in log:
        kind = event["type"]
        opened_by_time = bool(changes) and all(
            e["type"] in ("turn_timed_out", "seat_absent") for e in changes[-1]
        )
        follows = (kind in MOVE_EVENTS and opened_by_time) or (
            previous.get("type") == "tiles_removed"
            and kind == "tiles_placed"
            and (previous["seat"], previous["row"]) == (event["seat"], event["row"])
        )
        if (kind in MOVE_EVENTS or kind in ("turn_timed_out", "seat_back")) and not follows:
            changes.append([])
        if not changes:
            return None
        changes[-1].append(event)
        previous = event
    return changes


def move_of(moved: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The move whose events are ``moved`` (a pass, a play, or a purple tile and the tiles after it)."""
    first = moved[0]
    seat = first["seat"]
    if first["type"] == "passed":
        return {"player": seat, "action": "pass"}
    if first["type"] == "tiles_placed":
        return {"player": seat, "action": "play", "row": first["row"], "tiles": first["tiles"]}
    placed = moved[1]["tiles"] if len(moved) > 1 else []
    return {"player": seat, "action": first["purple"], "row": first["row"], "tiles": placed}


def _plain(document: Any) -> Any:
    return json.loads(json.dumps(document))


def judge_game(
    table: Table, snapshot: dict[str, Any], version: int, log: list[dict[str, Any]], view: dict[str, Any],
    acknowledged: Sequence[Exchange], verdict: Verdict,
) -> None:  # fmt: skip
    """Add to ``verdict`` what this game's log, final view and seen views show."""
    game = table.game
    if view["status"] != "finished":
        verdict.unfinished += 1
        verdict.note(game, f"not finished (version {version}, status {view['status']})")
    if [event["seq"] for event in log] != list(range(1, len(log) + 1)):
        verdict.note(game, "the log's seqs are not 1..n")
        return
    assert game.seed is not None and game.target_score is not None  # seat_tables sends both
    dealt = new_game(game.names, game.seed, game.target_score)
    changes = cut(log[len(dealt.events) :])
    if changes is None:
        verdict.note(game, "an event of the log belongs to no change")
        return
    if len(changes) != version - 1:
        verdict.note(game, f"{len(changes)} changes logged for version {version}")
    state, absent = dealt.state, set[int]()
    timeouts: Counter[int] = Counter()
    kinds: dict[int, str] = {}
    moves: dict[int, dict[str, Any]] = {}
    for made, change in enumerate(changes, start=2):
        moved = [event for event in change if event["type"] in MOVE_EVENTS]
        timed_out = [event["seat"] for event in change if event["type"] == "turn_timed_out"]
        if not moved:
            verdict.note(game, f"version {made} is no move: {change}")
            return
        seat = moved[0]["seat"]
        if len(timed_out) > 1 or any(other != seat for other in timed_out):
            verdict.note(game, f"version {made}: turn of seat {seat} timed out {timed_out}")
        if state.current_player != seat:
            verdict.note(game, f"version {made}: seat {seat} played seat {state.current_player}'s turn")
            return
        kind = "timeout" if timed_out else "absent" if seat in absent else "move"
        if kind == "move" and seat in table.silent:
            verdict.note(game, f"version {made}: silent seat {seat} moved, neither timed out nor absent")
        kinds[made], moves[made] = kind, move_of(moved)
        timeouts.update(timed_out)
        for event in change:
            if event["type"] == "seat_absent":
                if event["seat"] != seat or not timed_out or seat in absent:
                    verdict.note(game, f"version {made}: {event} after seat {seat}'s turn")
                absent.add(event["seat"])
        try:
            step = apply(state, Move.from_json(moves[made]))
        except IllegalMove as refusal:
            verdict.note(game, f"version {made}: the logged move {moves[made]} is illegal: {refusal}")
            return
        engine_events = [event.to_json() for event in step.events]
        logged = [{k: v for k, v in event.items() if k != "seq"} for event in change]
        if _plain(engine_events) != [event for event in logged if event["type"] not in CLOCK_EVENTS]:
            verdict.note(game, f"version {made}: logged {logged}, the engine made {engine_events}")
            return
        state = step.state
    if _plain(to_snapshot(state)) != snapshot:
        verdict.note(game, "the engine's replay of the log differs from the stored game")
    for seat, player in enumerate(view["players"]):
        if player["timeouts"] != timeouts[seat] or player["absent"] != (seat in absent):
            verdict.note(game, f"seat {seat}: view says {player['timeouts']} timeouts, absent "
                               f"{player['absent']}; the log {timeouts[seat]}, {seat in absent}")  # fmt: skip
    verdict.changes.update(kinds.values())
    for answer in acknowledged:
        verdict.accepted += 1
        at = answer.version or 0
        if (
            kinds.get(at) != "move"
            or answer.move is None
            or Move.from_json(answer.move) != Move.from_json(moves[at])
        ):
            verdict.lost += 1
            verdict.note(game, f"the move acknowledged as version {at} ({answer.move}) is not the log's")
    judge_timing(table, kinds, verdict)


def judge_timing(table: Table, kinds: dict[int, str], verdict: Verdict) -> None:
    """Each change whose version and the one before were both seen: timed against the turn it ended."""
    for made, kind in sorted(kinds.items()):
        before, after = table.views.get(made - 1), table.views.get(made)
        if before is None or after is None or before.deadline_ms is None:
            continue
        saved = after.saved_ms(table.turn_ms)
        if saved is None:
            continue  # the game's last change: no next turn to tell when it was saved
        due, where = before.deadline_ms, f"version {made} ({kind})"
        if before.absent != (kind == "absent"):
            verdict.note(
                table.game, f"{where}: the view before says seat {before.seat} absent {before.absent}"
            )
        verdict.timed[kind] += 1
        if kind == "move":
            if saved >= due:
                verdict.note(table.game, f"{where}: a move saved {saved - due} ms after its deadline")
        elif saved < due:
            verdict.note(table.game, f"{where}: played {due - saved} ms before its deadline")
        else:
            verdict.delays[kind].append((due, saved - due))


def percentile(values: Sequence[float], share: float) -> float:
    ranked = sorted(values)
    return ranked[min(len(ranked) - 1, int(share * len(ranked)))] if ranked else float("nan")


def seat_tables(
    running: Stack, games: int, turn_seconds: Sequence[int], rng: random.Random, seed: int,
    ledger: Ledger, stop: threading.Event, pass_ramp: int,
) -> list[Table]:  # fmt: skip
    """``games`` games of 2 to 4 seats, each on a clock of one of ``turn_seconds``, a third of their
    seats silent; each table's thread started as soon as its game is made (its clock runs from then)."""
    client = Client(running.urls[0])
    tables = []
    try:
        for number in range(games):
            players, turn = rng.randint(2, 4), rng.choice(turn_seconds)
            clock = {"turn_seconds": turn, "absent_after": rng.choice(ABSENT_AFTER), "on_timeout": "pass"}
            game = create_game(
                client, SAMPLE_NAMES[:players], seed * 10_000 + number, TARGET_SCORE,
                key=running.api_key, extra={"clock": clock},
            )  # fmt: skip
            silent = frozenset(seat for seat in range(players) if rng.random() < SILENT_SHARE)
            table = Table(
                running.urls[0], game, turn * 1000, silent, ledger, rng.randrange(2**32), stop, pass_ramp
            )
            table.start()
            tables.append(table)
    finally:
        client.close()
    return tables


def _faulted(running: Stack, fault: str, outage: float) -> tuple[float, float]:
    """One fault done: the worker SIGKILLed and a new one started, or Redis SIGKILLed and restarted
    after ``outage`` s; its start and end (epoch seconds)."""
    began = time.time()
    if fault == "worker":
        running.replace_worker(0)
    else:
        running.redis.kill()
        time.sleep(outage)
        running.redis.start()
    return began, time.time()


def _wait(condition: Callable[[], bool], seconds: float) -> bool:
    """Wait ``seconds`` or until ``condition`` holds; whether it held."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def clocks(
    *,
    games: int = 300,
    turn_seconds: Sequence[int] = (1, 2),
    faults: Sequence[str] = FAULTS_FULL,
    first_fault: float = 4.0,
    fault_every: float = 6.0,
    outage: float = 1.0,
    pass_ramp: int = 60,
    seed: int = 11,
    timeout: float = 300.0,
) -> ScenarioResult:
    """``games`` timed games played to their end while ``faults`` happen (``worker``: the background
    worker SIGKILLed and replaced; ``redis``: Redis SIGKILLed, restarted after ``outage`` s), the first
    ``first_fault`` s after the last game was made, then one every ``fault_every`` s."""
    result = ScenarioResult("clocks", TITLE)
    started = time.monotonic()
    ledger, stop, rng = Ledger(), threading.Event(), random.Random(seed)
    windows: list[tuple[float, float]] = []
    done: Counter[str] = Counter()
    verdict = Verdict()
    with stack(appendonly=True, appendfsync="always", env=ENV) as running:
        tables = seat_tables(running, games, turn_seconds, rng, seed, ledger, stop, pass_ramp)

        def ended() -> bool:
            return not any(table.thread.is_alive() for table in tables)

        pause = first_fault
        for fault in faults:
            if _wait(ended, pause):
                break
            windows.append(_faulted(running, fault, outage))
            done[fault] += 1
            pause = fault_every
        if not _wait(ended, max(0.0, timeout - (time.monotonic() - started))):
            ledger.anomaly(f"games still played after {timeout} s")
        stop.set()
        for table in tables:
            table.thread.join(5)
        by_game: dict[str, list[Exchange]] = {}
        for exchange in ledger.exchanges:
            if exchange.accepted:
                by_game.setdefault(exchange.game_id, []).append(exchange)
        client = Client(running.urls[0])
        try:
            for table in tables:
                snapshot, version, log = final_state(client, table.game)
                answer = client.request("GET", table.game.url, token=table.game.admin)
                if answer.status != 200:
                    raise RuntimeError(f"reading {table.game.id} for the verdict answered {answer.status}")
                view = answer.body
                judge_game(table, snapshot, version, log, view, by_game.get(table.game.id, []), verdict)
        finally:
            client.close()
        _conclude(result, ledger, verdict, tables)
        if result.server_errors > result.statuses.get("503", 0):
            result.anomalies.append(f"server log:\n{running.logs()}")
        if result.anomalies and any("Traceback" in worker.log() for worker in running.workers):
            result.anomalies.append("worker log:\n" + "\n".join(worker.log() for worker in running.workers))
    planned = Counter(faults)
    if done != planned:
        result.anomalies.append(
            f"only these faults happened before the games ended: {dict(done)} of {dict(planned)}"
        )
    result.figures.update(_delay_figures(verdict, windows))
    result.figures.update({"worker kills": done["worker"], "Redis restarts": done["redis"]})
    result.seconds = time.monotonic() - started
    result.figures["seconds"] = round(result.seconds, 1)
    return result


def _conclude(result: ScenarioResult, ledger: Ledger, verdict: Verdict, tables: Sequence[Table]) -> None:
    """The ledger's answers checked (a late move's 409 ``time_is_up`` among those a move may get), the
    games' verdict, the counts."""
    result.count(ledger)
    exchanges = ledger.exchanges
    late = [e for e in exchanges if e.is_move and e.status == 409 and e.code == TIME_IS_UP]
    others = [e for e in exchanges if not (e.is_move and e.status == 409 and e.code == TIME_IS_UP)]
    result.anomalies += check_answers(others, Allowance(unavailable=True))
    result.anomalies += [
        f"move on {e.game_id}: 409 time_is_up is not problem+json" for e in late
        if not e.content_type.startswith(PROBLEM_MEDIA_TYPE)
    ]  # fmt: skip
    result.anomalies += verdict.anomalies
    result.moves_accepted, result.moves_lost, result.games_checked = (
        verdict.accepted,
        verdict.lost,
        len(tables),
    )
    seats = sum(len(table.game.names) for table in tables)
    silent = sum(len(table.silent) for table in tables)
    timed = verdict.timed
    if not timed["timeout"] or not timed["move"]:
        result.anomalies.append(
            f"too few turns timed to judge (timed: {dict(timed)}): the scenario tested nothing"
        )
    result.figures.update({
        "games": len(tables),
        "finished": len(tables) - verdict.unfinished,
        "seats (silent)": f"{seats} ({silent})",
        "moves": verdict.changes["move"],
        "moves refused time_is_up": len(late),
        "timeouts fired": verdict.changes["timeout"],
        "absent turns played": verdict.changes["absent"],
        "changes timed": f"{sum(timed.values())} of {sum(verdict.changes.values())}",
    })  # fmt: skip


def _delay_figures(verdict: Verdict, windows: Sequence[tuple[float, float]]) -> dict[str, Any]:
    """Firing delays (ms): every timeout timed, those whose deadline fell away from the faults, and the
    absent seats' turns."""

    def near_a_fault(due_ms: int) -> bool:
        return any(began - BEFORE_FAULT <= due_ms / 1000 <= ended + AFTER_FAULT for began, ended in windows)

    timeouts = [delay for _, delay in verdict.delays["timeout"]]
    calm = [delay for due, delay in verdict.delays["timeout"] if not near_a_fault(due)]
    absent = [delay for _, delay in verdict.delays["absent"]]
    return {
        "firing delay p50 ms": percentile(timeouts, 0.5),
        "firing delay p99 ms": percentile(timeouts, 0.99),
        "firing delay max ms": max(timeouts, default=float("nan")),
        "firing delay p99 ms away from faults": percentile(calm, 0.99),
        "absent turn delay p50 ms": percentile(absent, 0.5),
        "absent turn delay p99 ms": percentile(absent, 0.99),
    }
