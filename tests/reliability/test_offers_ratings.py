"""The offers scenario's judgement of its games' ratings (``reliability.scenarios.offers_ratings``): a
pool the service must leave passes, and each wrong outcome the check exists to catch is caught (a game
rated twice, a finished game not rated, an aborted game rated, a lost update over the pool, a stored
rating that is not the rebuild's). The games are played by the engine to their end, their records
written as the API gives them, and rated as docs/RATINGS.md says, one after another.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

from harness.players import SAMPLE_NAMES
from reliability.scenarios.offers_ratings import Pool, RatedGame, judge_ratings, record_places
from service.play.ratings import UNRATED, Holder, Rating, Seat, rate, standing
from service.rules import apply, legal_moves, new_game
from service.rules.record import FORMAT, dealt_round, result_of
from service.rules.tiles import codes

TARGET = 50


def record(players: int, seed: int) -> dict[str, Any]:
    """A game the engine played to its end (random legal moves, seeded), as the API writes its record."""
    names = SAMPLE_NAMES[:players]
    chooser = random.Random(seed)
    state = new_game(names, seed, TARGET).state
    rounds: list[list[dict[str, Any]]] = [[]]
    while state.outcome is None:
        move = chooser.choice(legal_moves(state, state.current_player))
        after = apply(state, move).state
        rounds[-1].append({"seat": move.player, "move": move.to_json(), "at": None, "timed_out": False})
        if after.round != state.round:
            rounds.append([])
        state = after
    result = result_of(state)
    dealt = [dealt_round(seed, number, players) for number in range(1, len(rounds) + 1)]
    return {
        "format": FORMAT,
        "players": [{"name": name, "bot": None, "holders": [{"name": name, "from_version": 1,
                     "until_version": None, "left": False}]} for name in names],
        "target_score": TARGET,
        "clock": None,
        "rounds": [{"round": number, "starter": deal.starter, "box": codes(deal.box or ()), "moves": moves,
                    "hands": [codes(held or ()) for held in deal.hands]}
                   for number, (deal, moves) in enumerate(zip(dealt, rounds, strict=True), start=1)],
        "status": result.status.value,
        "winners": list(result.winners),
        "end_reason": None if result.end_reason is None else result.end_reason.value,
        "scores": list(result.scores),
    }  # fmt: skip


class MadeUp:
    """The games of a run and the pool a right service leaves them in, rated one after another."""

    def __init__(self) -> None:
        self.games: dict[str, RatedGame] = {}
        self.order: list[str] = []
        self.outcomes: dict[str, str] = {}
        self.ratings: dict[str, Rating] = {}

    def finish(
        self, game_id: str, players: tuple[str, ...], seed: int, *, rated: bool = True
    ) -> dict[str, Any]:
        """The game finished (by the engine); when ``rated``, applied to the pool and told in its log."""
        document = record(len(players), seed)
        self.games[game_id] = RatedGame(game_id, players, "finished", document["end_reason"], False)
        if rated:
            self.rate(game_id, document, self.ratings)
        return document

    def rate(self, game_id: str, document: dict[str, Any], read: dict[str, Rating]) -> dict[str, Any]:
        """The game applied over the pool's ratings as ``read``, then told."""
        game = self.games[game_id]
        places = standing(document["scores"], document["winners"], [False] * len(game.players))
        befores = [read.get(player, UNRATED) for player in game.players]
        rows = list(zip(game.players, places, befores, strict=True))
        afters = rate([Seat((Holder(player, before),), place) for player, place, before in rows])
        seats = [
            {"seat": seat, "player": player, "share": 1.0, "place": place, "before": before.to_json(),
             "after": after.to_json()}
            for seat, ((player, place, before), (after,)) in enumerate(zip(rows, afters, strict=True))
        ]  # fmt: skip
        outcome = {"game_id": game_id, "version": 40, "at": "2027-01-01T00:00:00.000Z", "seats": seats,
                   "record": document}  # fmt: skip
        self.order.append(game_id)
        self.outcomes[game_id] = json.dumps(outcome)
        self.ratings.update({seat["player"]: Rating.from_json(seat["after"]) for seat in seats})
        self.tell(game_id)
        return outcome

    def tell(self, game_id: str) -> None:
        """``game_rated`` logged in the game, from its outcome in the pool."""
        seats = json.loads(self.outcomes[game_id])["seats"]
        told = [{key: seat[key] for key in ("seat", "place", "before", "after")} for seat in seats]
        event = {"type": "game_rated", "seats": told}
        game = self.games[game_id]
        self.games[game_id] = replace(game, told=True, rated=(*game.rated, event))

    def unfinished(self, game_id: str, players: tuple[str, ...], ending: str | None = None) -> None:
        """A game still playing (``ending`` None) or ended by ``ending`` (an abort): never rated."""
        self.games[game_id] = RatedGame(
            game_id, players, "playing" if ending is None else "finished", ending, False
        )

    def pool(self, **changed: Any) -> Pool:
        players = {player: json.dumps(rating.to_json()) for player, rating in self.ratings.items()}
        board = {player: rating.ordinal for player, rating in self.ratings.items()}
        fields = {
            "order": tuple(self.order),
            "outcomes": dict(self.outcomes),
            "players": players,
            "board": board,
        }
        return Pool("client", **{**fields, **changed})

    def judged(self, **changed: Any) -> list[str]:
        return judge_ratings(list(self.games.values()), self.pool(**changed)).findings


def run() -> MadeUp:
    """Three finished games whose players come back (p1 in all three), an aborted one, one playing."""
    made = MadeUp()
    made.finish("g1", ("p0", "p1"), 1)
    made.finish("g2", ("p1", "p2", "p3"), 2)
    made.unfinished("g3", ("p0", "p3"), "aborted")
    made.finish("g4", ("p3", "p1", "p0", "p2"), 4)
    made.unfinished("g5", ("p2", "p0"))
    return made


def test_a_pool_as_the_service_must_leave_it_passes() -> None:
    made = run()
    verdict = judge_ratings(list(made.games.values()), made.pool())
    assert verdict.findings == []
    tally = verdict.tally
    assert (
        tally["games rated"],
        tally["games not rated: aborted"],
        tally["games not rated: unfinished"],
    ) == (3, 1, 1)
    assert (tally["rated players"], tally["ratings applied"]) == (4, 3)
    assert made.ratings["p1"].games == 3


def test_a_record_s_places_are_its_replay_s() -> None:
    document = record(3, 2)
    assert record_places(document) == standing(document["scores"], document["winners"], [False] * 3)
    aborted = {**document, "end_reason": "aborted"}
    assert "does not replay" in str(record_places(aborted))


def test_a_game_rated_twice_is_caught() -> None:
    made = run()
    made.rate("g2", json.loads(made.outcomes["g2"])["record"], made.ratings)  # applied again, told again
    findings = made.judged()
    assert any("game g2 (ended: " in f and "not rated exactly once: 2 game_rated in its log, listed 2 times"
               in f for f in findings)  # fmt: skip
    told_twice = run()
    told_twice.tell("g1")  # the pool applied it once, the log tells it twice
    (finding,) = told_twice.judged()
    assert "game g1" in finding and "2 game_rated in its log, listed 1 times" in finding


def test_a_finished_game_not_rated_is_caught() -> None:
    made = run()
    made.finish("g6", ("p4", "p5"), 6, rated=False)
    (finding,) = made.judged()
    assert "game g6" in finding and "0 game_rated in its log, listed 0 times" in finding
    assert "no outcome in the pool" in finding
    applied_untold = run()
    applied_untold.finish("g6", ("p4", "p5"), 6)
    game = applied_untold.games["g6"]
    applied_untold.games["g6"] = replace(game, told=False, rated=())  # the worker died before telling it
    (finding,) = applied_untold.judged()
    assert "game g6" in finding and "0 game_rated in its log, listed 1 times" in finding


def test_an_aborted_or_unfinished_game_rated_is_caught() -> None:
    made = run()
    made.games["g3"] = replace(made.games["g3"], status="finished")
    made.rate("g3", record(2, 3), made.ratings)
    findings = made.judged()
    assert any(
        "game g3 (ended: aborted) was rated: 1 game_rated in its log, listed 1 times" in f for f in findings
    )
    playing = run()
    playing.rate("g5", record(2, 5), playing.ratings)
    assert any("game g5 (unfinished) was rated" in finding for finding in playing.judged())


def test_a_lost_update_over_the_pool_is_caught() -> None:
    """g4 applied over the pool as it was before g2: p1's, p2's and p3's ratings from g2 are lost."""
    made = MadeUp()
    made.finish("g1", ("p0", "p1"), 1)
    read = dict(made.ratings)
    made.finish("g2", ("p1", "p2", "p3"), 2)
    made.finish("g4", ("p3", "p1", "p0", "p2"), 4, rated=False)
    made.rate("g4", record(4, 4), read)
    findings = made.judged()
    assert any("game g4 seat 1 (p1): rated from" in f and "after their previous game" in f for f in findings)
    assert any("game g4 seat 1 (p1): rated to" in finding for finding in findings)
    assert any(finding.startswith("player p1: stored rating") for finding in findings)


def test_a_stored_rating_or_score_that_is_not_the_rebuild_s_is_caught() -> None:
    made = run()
    drifted = {**made.pool().players, "p2": json.dumps(replace(made.ratings["p2"], mu=30.0).to_json())}
    (finding,) = made.judged(players=drifted)
    assert finding.startswith("player p2: stored rating") and '"mu": 30.0' in finding
    extra = {**made.pool().players, "p9": json.dumps(UNRATED.to_json())}
    (finding,) = made.judged(players=extra)
    assert finding.startswith("player p9: stored rating") and "rebuilt None" in finding
    board = {**made.pool().board, "p0": 0.0}
    (finding,) = made.judged(board=board)
    assert finding.startswith("player p0: leaderboard score 0.0")


def test_an_outcome_that_is_not_its_record_s_or_its_log_s_is_caught() -> None:
    made = run()
    outcome = json.loads(made.outcomes["g1"])
    outcome["seats"][0]["place"], outcome["seats"][1]["place"] = outcome["seats"][1]["place"], 9
    findings = made.judged(outcomes={**made.outcomes, "g1": json.dumps(outcome)})
    assert any("game g1 seat 1 (p1): place 9, its record's replay" in finding for finding in findings)
    assert any("game g1 (ended: " in f and "its game_rated tells" in f for f in findings)
    made.games["g2"] = replace(made.games["g2"], players=("p1", "p3", "p2"))
    assert any("game g2" in f and "it seated ('p1', 'p3', 'p2')" in f for f in made.judged())
