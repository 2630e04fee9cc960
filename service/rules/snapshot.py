"""The JSON snapshot of a game (schema 1): writing it, and loading it with every check.

A snapshot from outside is checked completely and every problem is reported at
once (``InvalidSnapshot.problems``); nothing in it can crash the loader. The store
reads back only snapshots this module wrote, so it may skip the checks
(``verify=False``): they are the costliest part of a load.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from service.rules.deal import BOX_SIZE
from service.rules.engine import anyone_can_play
from service.rules.errors import InvalidSnapshot
from service.rules.state import (
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MAX_ROUND,
    MAX_SCORE,
    MAX_SEED,
    MAX_TARGET_SCORE,
    MIN_PLAYERS,
    EndReason,
    GameState,
    Outcome,
    Player,
    Status,
    is_player_name,
    lowest_totals,
)
from service.rules.tiles import ALL_TILES, COLOURS, TILES_BY_CODE, Kind, Tile, codes, sorted_tiles

__all__ = ["FIELDS", "OPTIONAL_FIELDS", "SCHEMA_VERSION", "from_snapshot", "to_snapshot"]

SCHEMA_VERSION = 1
FIELDS = (
    "schema", "players", "rows", "box", "discarded", "current_player", "consecutive_passes",
    "round", "target_score", "status", "winners", "seed", "end_reason", "last_round",
)  # fmt: skip
OPTIONAL_FIELDS = ("end_reason", "last_round")
ROW_NAMES = tuple(colour.value for colour in COLOURS)


def to_snapshot(state: GameState) -> dict[str, Any]:
    return {
        "schema": SCHEMA_VERSION,
        "players": [{"name": p.name, "hand": codes(p.hand), "score": p.score} for p in state.players],
        "rows": {name: codes(row) for name, row in zip(ROW_NAMES, state.rows, strict=True)},
        "box": codes(state.box),
        "discarded": codes(state.discarded),
        "current_player": state.current_player,
        "consecutive_passes": state.consecutive_passes,
        "round": state.round,
        "target_score": state.target_score,
        "status": state.status.value,
        "winners": list(state.winners),
        "seed": state.seed,
        "end_reason": state.outcome.reason.value if state.outcome else None,
        "last_round": list(state.last_round) if state.last_round is not None else None,
    }


def from_snapshot(document: Any, verify: bool = True) -> GameState:
    """Load a snapshot; with ``verify`` raise InvalidSnapshot listing every problem."""
    if not verify:
        return _build(document)
    problems = _Checker(document).problems()
    if problems:
        raise InvalidSnapshot(problems)
    state = _build(document, sort_hands=True)
    problems = _play_problems(state)
    if problems:
        raise InvalidSnapshot(problems)
    return state


def _play_problems(state: GameState) -> list[str]:
    """Faults of a well-formed position that play could never reach."""
    problems = []
    emptied = [seat for seat, player in enumerate(state.players) if not player.hand]
    if state.outcome is None:
        problems += [f"players[{seat}].hand: empty, yet the game goes on" for seat in emptied]
        problems += [
            f"players[{seat}].score: {player.score} reached the target, yet the game goes on"
            for seat, player in enumerate(state.players)
            if player.score >= state.target_score
        ]
        if state.round >= MAX_ROUND:  # every round adds to a total, so the target ends a game long before
            problems.append(f"round: a game still playing never reaches round {MAX_ROUND}")
        if not emptied and not anyone_can_play(state):
            problems.append("status: nobody can move, so the round should have been scored")
    elif state.outcome.reason is EndReason.HAND_EMPTIED and list(state.outcome.winners) != emptied[:1]:
        problems.append("end_reason: hand_emptied, but the winner is not the one seat with an empty hand")
    elif state.outcome.reason is EndReason.AGREEMENT and state.outcome.winners != lowest_totals(
        state.players
    ):
        problems.append(
            "end_reason: agreement, but the winners are not the seats with the fewest minus points"
        )
    return problems


def _tiles(tile_codes: list[str]) -> tuple[Tile, ...]:
    return tuple(map(TILES_BY_CODE.__getitem__, tile_codes))


def _build(doc: dict[str, Any], sort_hands: bool = False) -> GameState:
    """The state a document describes; hands from outside may come in any order, ours are sorted."""
    arrange = sorted_tiles if sort_hands else tuple
    players = tuple(Player(p["name"], arrange(_tiles(p["hand"])), p["score"]) for p in doc["players"])
    outcome = None
    if doc["status"] == Status.FINISHED:
        # A document without end_reason still tells it: only an emptied hand ends a game early.
        emptied = any(not player.hand for player in players)
        reason = doc.get("end_reason") or (EndReason.HAND_EMPTIED if emptied else EndReason.TARGET_REACHED)
        outcome = Outcome(tuple(doc["winners"]), EndReason(reason))
    last_round = doc.get("last_round")
    return GameState(
        players=players,
        rows=tuple(_tiles(doc["rows"][name]) for name in ROW_NAMES),
        box=_tiles(doc["box"]),
        discarded=_tiles(doc["discarded"]),
        current_player=doc["current_player"],
        consecutive_passes=doc["consecutive_passes"],
        round=doc["round"],
        target_score=doc["target_score"],
        seed=doc["seed"],
        outcome=outcome,
        last_round=tuple(last_round) if last_round is not None else None,
    )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Checker:
    """Collects every problem of a snapshot document, each named by its JSON path."""

    def __init__(self, document: Any) -> None:
        self.doc = document
        self.found: list[str] = []

    def problem(self, path: str, message: str) -> None:
        self.found.append(f"{path}: {message}")

    def problems(self) -> list[str]:
        if not isinstance(self.doc, dict):
            return ["snapshot: must be a JSON object"]
        for field in sorted(str(key)[:60] for key in self.doc if key not in FIELDS):
            self.problem(field, "unknown field")
        for field in FIELDS:
            if field not in self.doc and field not in OPTIONAL_FIELDS:
                self.problem(field, "missing")
        if "schema" in self.doc and not (
            _is_int(self.doc["schema"]) and self.doc["schema"] == SCHEMA_VERSION
        ):
            self.problem("schema", f"must be {SCHEMA_VERSION}")
        seats = self._players()
        self._counters(seats)
        self._outcome(seats)
        placed = self._rows()
        self._conservation(placed)
        return self.found

    def _int(self, path: str, value: Any, low: int, high: int) -> bool:
        if not _is_int(value) or not low <= value <= high:
            self.problem(path, f"must be an integer from {low} to {high}")
            return False
        return True

    def _tile_list(self, path: str, value: Any) -> list[Tile]:
        """The known tiles of a list of codes; problems for anything else."""
        if not isinstance(value, list):
            self.problem(path, "must be a list of tile codes")
            return []
        tiles = []
        for index, code in enumerate(value):
            found = TILES_BY_CODE.get(code) if isinstance(code, str) else None
            if found is None:
                self.problem(f"{path}[{index}]", f"unknown tile {str(code)[:40]!r}")
            else:
                tiles.append(found)
        return tiles

    def _players(self) -> int:
        """Check the players; return how many there are (0 when unusable)."""
        players = self.doc.get("players")
        if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            self.problem("players", f"must be a list of {MIN_PLAYERS} to {MAX_PLAYERS} players")
            return 0
        for seat, player in enumerate(players):
            path = f"players[{seat}]"
            if not isinstance(player, dict) or set(player) != {"name", "hand", "score"}:
                self.problem(path, "must be an object with exactly name, hand and score")
                continue
            name = player["name"]
            if not is_player_name(name):
                rule = f"must be a string of 1 to {MAX_NAME_LENGTH} characters, none a control character"
                self.problem(f"{path}.name", rule)
            self._int(f"{path}.score", player["score"], 0, MAX_SCORE)
            for tile in self._tile_list(f"{path}.hand", player["hand"]):
                if tile.is_one:
                    self.problem(f"{path}.hand", f"holds {tile}: a 1 is placed as soon as it is dealt")
        return len(players)

    def _counters(self, seats: int) -> None:
        doc = self.doc
        high = max(seats - 1, 0)
        self._int("current_player", doc.get("current_player"), 0, high)
        self._int("consecutive_passes", doc.get("consecutive_passes"), 0, high)
        self._int("round", doc.get("round"), 1, MAX_ROUND)
        self._int("target_score", doc.get("target_score"), 1, MAX_TARGET_SCORE)
        self._int("seed", doc.get("seed"), 0, MAX_SEED)
        last_round = doc.get("last_round")
        if last_round is not None:
            if not isinstance(last_round, list) or len(last_round) != seats:
                self.problem("last_round", "must be null or one number of minus points per seat")
            else:
                for seat, minus in enumerate(last_round):
                    self._int(f"last_round[{seat}]", minus, 0, MAX_SCORE)

    def _outcome(self, seats: int) -> None:
        doc = self.doc
        status, winners, reason = doc.get("status"), doc.get("winners"), doc.get("end_reason")
        if status not in (Status.PLAYING, Status.FINISHED):
            self.problem("status", "must be 'playing' or 'finished'")
            return
        if not isinstance(winners, list) or not all(_is_int(w) and 0 <= w < seats for w in winners):
            self.problem("winners", "must be a list of seats")
            return
        if len(set(winners)) != len(winners):
            self.problem("winners", "names a seat twice")
        if status == Status.PLAYING and (winners or reason is not None):
            self.problem("status", "a game still playing has no winners and no end_reason")
        if status == Status.FINISHED:
            if not winners and reason != EndReason.ABORTED:
                self.problem("winners", "a finished game has at least one winner, unless aborted")
            if winners and reason == EndReason.ABORTED:
                self.problem("winners", "an aborted game has no winner")
            if reason not in (None, *EndReason):
                self.problem("end_reason", f"must be one of {', '.join(EndReason)}")

    def _rows(self) -> list[Tile]:
        """Check each row is built by the placement rules; return the tiles placed."""
        rows = self.doc.get("rows")
        if not isinstance(rows, dict) or set(rows) != {c.value for c in COLOURS}:
            self.problem("rows", f"must map each of {', '.join(c.value for c in COLOURS)} to a list")
            return []
        placed: list[Tile] = []
        for colour in COLOURS:
            path = f"rows.{colour.value}"
            row = self._tile_list(path, rows[colour.value])
            placed += row
            if not row or not (row[0].is_one and row[0].colour is colour):
                self.problem(path, f"must start with {colour.value}-1")
                continue
            top = row[0]
            for index, tile in enumerate(row[1:], start=1):
                if tile.colour is not colour:
                    self.problem(f"{path}[{index}]", f"{tile} is not {colour.value}")
                elif top.kind is Kind.STOP:
                    self.problem(f"{path}[{index}]", f"{tile} lies on {top}, which closes the row")
                elif tile.value <= top.value_on_top:
                    self.problem(f"{path}[{index}]", f"{tile} is not higher than {top} below it")
                top = tile
        return placed

    def _conservation(self, placed: list[Tile]) -> None:
        """Every tile exactly once across hands, rows, box and discarded."""
        doc = self.doc
        held: list[Tile] = []
        players = doc.get("players")
        if isinstance(players, list):
            for player in players:
                if isinstance(player, dict):
                    held += self._quiet_tiles(player.get("hand"))
        box = self._tile_list("box", doc.get("box"))
        discarded = self._tile_list("discarded", doc.get("discarded"))
        counts = Counter(t.code for t in held + placed + box + discarded)
        expected = Counter(t.code for t in ALL_TILES)
        for code in expected:
            if counts[code] != expected[code]:
                self.problem("tiles", f"{code} appears {counts[code]} times, expected {expected[code]}")
        if isinstance(players, list) and len(players) in BOX_SIZE and len(box) != BOX_SIZE[len(players)]:
            expected_box = BOX_SIZE[len(players)]
            self.problem(
                "box", f"must hold {expected_box} tiles in a {len(players)}-player game, not {len(box)}"
            )
        if any(not t.is_purple for t in discarded) and not any(t.is_purple for t in discarded):
            self.problem("discarded", "tiles were removed from rows but no purple tile was used")

    @staticmethod
    def _quiet_tiles(value: Any) -> list[Tile]:
        """Tiles of a list already reported on by ``_players``."""
        if not isinstance(value, list):
            return []
        return [TILES_BY_CODE[c] for c in value if isinstance(c, str) and c in TILES_BY_CODE]
