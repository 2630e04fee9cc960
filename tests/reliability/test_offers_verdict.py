"""The offers scenario's judgement of one game (``reliability.scenarios.offers_judge.judge_game``): a
game logged as the service must log it passes, and each wrong outcome the scenario exists to catch is
caught. The logs are made up with the engine, change by change, as docs/OFFERS.md says they are saved.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from reliability.results import Exchange
from reliability.scenarios.offers_judge import Asked, judge_game
from reliability.scenarios.offers_log import cut
from service.play.stored_game import numbered_events
from service.rules import Action, EndReason, GameState, apply, end_by_consent, legal_moves, new_game
from service.rules import to_snapshot as snapshot_of

SEED, TARGET = 5, 100


class MadeUp:
    """A game and what a right service logs, records and answers for it, one change at a time."""

    def __init__(self, names: tuple[str, ...] = ("Ann", "Bob")) -> None:
        self.names = names
        dealt = new_game(names, SEED, TARGET)
        self.state: GameState = dealt.state
        self.log: list[dict[str, Any]] = numbered_events(dealt.events, 0)
        self.version = 1
        self.rounds: dict[int, list[dict[str, Any]]] = defaultdict(list)
        self.standing: list[tuple[int, int, dict[str, Any], GameState]] = []
        self.moves: list[Exchange] = []
        self.asked: list[Asked] = []
        self.paused_until: str | None = None
        self.answered: dict[int, list[int]] = {}
        """Offer id -> its proposer, then the seats that answered it."""

    def save(self, *events: dict[str, Any]) -> int:
        self.log += [{"seq": len(self.log) + n, **event} for n, event in enumerate(events, start=1)]
        self.version += 1
        return self.version

    def move(
        self, *after: dict[str, Any], before: tuple[dict[str, Any], ...] = (), told: bool = True
    ) -> dict[str, Any]:
        """The seat to play's first placing move (a pass when it has none), saved with the events
        ``before`` and ``after`` its own, answered 200 when ``told``."""
        seat = self.state.current_player
        legal = legal_moves(self.state, seat)
        move = next((m for m in legal if m.action is not Action.PASS), legal[-1])
        step = apply(self.state, move)
        made = move.to_json()
        entries = self.rounds[self.state.round]
        self.standing.append((len(entries), seat, made, self.state))
        entries.append({"seat": seat, "move": made, "at": None, "timed_out": False})
        self.state = step.state
        version = self.save(*before, *(event.to_json() for event in step.events), *after)
        if told:
            self.moves.append(Exchange("move", "g", 200, version=version, move=made))
        return made

    @property
    def last(self) -> int:
        """The seat that made the last move standing (the seat to play when none stands)."""
        return self.standing[-1][1] if self.standing else self.state.current_player

    def offer(self, kind: str, seat: int | None = None) -> int:
        """An offer of ``kind`` by ``seat`` (by default the last mover)."""
        seat = self.last if seat is None else seat
        self.answered[self.version + 1] = [seat]
        offer_id = self.save({"type": "offer_made", "offer_id": self.version + 1, "kind": kind, "seat": seat,
                              "expires_at": "2027-01-01T00:00:00.000Z"})  # fmt: skip
        self.ask("make", seat, offer_id, "open", kind=kind)
        return offer_id

    def next_to_answer(self, offer_id: int) -> int:
        answered = self.answered[offer_id]
        seat = next(seat for seat in range(len(self.names)) if seat not in answered)
        answered.append(seat)
        return seat

    def accept(self, offer_id: int, *effect: dict[str, Any], state: str = "open") -> int:
        """The next seat's acceptance of ``offer_id``, saved with ``effect``."""
        seat = self.next_to_answer(offer_id)
        version = self.save(
            {"type": "offer_accepted", "offer_id": offer_id, "seat": seat, "by_rule": False}, *effect
        )
        self.ask("accept", seat, offer_id, state if not effect else "took_effect")
        return version

    def decline(self, offer_id: int) -> None:
        seat = self.next_to_answer(offer_id)
        self.save({"type": "offer_declined", "offer_id": offer_id, "seat": seat, "by_rule": False})
        self.ask("decline", seat, offer_id, "declined")

    def take_back(self, offer_id: int) -> None:
        """The next seat's acceptance of the takeback ``offer_id``, the last: the proposer's last move
        undone."""
        index, proposer, made, before = self.standing.pop()
        round_number = self.state.round
        self.rounds[round_number].append({"seat": proposer, "move": made, "at": None, "timed_out": False,
                                          "takes_back": index})  # fmt: skip
        self.state = before
        self.accept(offer_id, {"type": "taken_back", "seat": proposer, "round": round_number, "index": index})

    def end(self, offer_id: int, reason: EndReason) -> None:
        step = end_by_consent(self.state, reason)
        self.state = step.state
        self.accept(offer_id, *(event.to_json() for event in step.events))

    def ask(self, action: str, seat: int, offer_id: int, state: str, kind: str | None = None) -> None:
        body = {"game": {"version": self.version}, "offer": {"id": offer_id, "state": state}}
        exchange = Exchange(f"offer {action}", "g", 200, version=self.version, body=body)
        self.asked.append(Asked(action, seat, exchange, kind, offer_id))

    def result(self) -> dict[str, Any]:
        outcome = self.state.outcome
        return {"status": "finished" if outcome else "playing", "winners": list(self.state.winners),
                "end_reason": outcome.reason.value if outcome else None,
                "scores": [player.score for player in self.state.players]}  # fmt: skip

    def judged(self, snapshot: dict[str, Any] | None = None, **changed: Any) -> list[str]:
        """The findings of the judge on this game; ``snapshot`` replaces the stored game's, ``changed``
        any other of its inputs."""
        record = {"rounds": [{"round": n, "moves": moves} for n, moves in sorted(self.rounds.items())],
                  **self.result()}  # fmt: skip
        view = {**self.result(), "version": self.version, "offer": None, "paused_until": self.paused_until,
                "players": [{"score": score} for score in self.result()["scores"]]}  # fmt: skip
        final = {"version": self.version, "view": view, "snapshot": snapshot or snapshot_of(self.state)}
        inputs: dict[str, Any] = {
            "log": self.log, "final": final, "record": record, "verified": {"valid": True, **self.result()},
            "moves": self.moves, "asked": self.asked, **changed,
        }  # fmt: skip
        return judge_game(self.names, SEED, TARGET, **inputs).findings


PAUSED = {"type": "game_paused", "until": "2027-01-01T00:00:00.000Z"}


def lapsed(offer_id: int) -> dict[str, Any]:
    return {"type": "offer_lapsed", "offer_id": offer_id, "reason": "changed"}


def played() -> MadeUp:
    """Two seats: moves, a takeback that took effect, one declined, one lapsed by the next move (logged
    after the move's events), a pause and its resume, then an end by agreement."""
    game = MadeUp()
    game.move()
    game.take_back(game.offer("takeback"))
    game.move()
    game.move()
    game.decline(game.offer("takeback"))
    game.move()
    game.move(lapsed(game.offer("takeback")))
    game.accept(game.offer("pause"), PAUSED)
    game.accept(game.offer("resume"), {"type": "game_resumed"})
    game.move()
    game.end(game.offer("agreement"), EndReason.AGREEMENT)
    return game


def test_a_game_logged_as_the_service_must_log_it_passes() -> None:
    game = played()
    assert game.judged() == []
    changes = cut(game.log[len(numbered_events(new_game(game.names, SEED, TARGET).events, 0)) :])
    assert changes is not None and len(changes) == game.version - 1


def test_a_lapse_logged_before_its_move_is_cut_into_the_move_s_version() -> None:
    game = MadeUp()
    game.move()
    game.move(before=(lapsed(game.offer("takeback")),))
    assert game.judged() == []


def test_a_move_told_200_that_the_log_does_not_hold_at_its_version_is_caught() -> None:
    game = MadeUp()
    game.move()
    game.move()
    wrong = [*game.moves[:1], Exchange("move", "g", 200, version=3, move=game.moves[0].move)]
    (finding,) = game.judged(moves=wrong)
    assert "the move acknowledged as version 3" in finding and "lost" in finding


def test_a_move_taken_back_is_still_the_log_s_at_its_version() -> None:
    game = MadeUp()
    game.move()
    game.take_back(game.offer("takeback"))
    game.move()
    assert game.judged() == []
    assert [move.version for move in game.moves] == [2, 5]


def test_a_move_in_the_log_that_no_request_made_is_caught() -> None:
    game = MadeUp()
    game.move()
    game.move(told=False)
    (finding,) = game.judged()
    assert "one was made twice" in finding


def test_an_offer_that_took_effect_and_lapsed_too_is_caught() -> None:
    game = MadeUp()
    game.move()
    offered = game.offer("takeback")
    game.take_back(offered)
    game.move(lapsed(offered))
    findings = game.judged()
    assert any(
        f"offer {offered} has a second outcome: [('took_effect', 4), ('lapsed', 5)]" in f for f in findings
    )


def test_an_offer_declined_then_taking_effect_is_caught() -> None:
    game = MadeUp(("Ann", "Bob", "Cyd"))
    game.move()
    offered = game.offer("takeback")
    game.decline(offered)
    game.take_back(offered)
    assert any("names no open offer" in finding for finding in game.judged())


def test_a_takeback_in_a_version_after_its_last_acceptance_is_caught() -> None:
    game = MadeUp()
    game.move()
    game.take_back(game.offer("takeback"))
    assert [event["type"] for event in game.log[-2:]] == ["offer_accepted", "taken_back"]
    game.version += 1  # as though the taken_back were saved as a version of its own
    (finding,) = game.judged()
    assert "the log cuts into 3 changes for version 5" in finding


def test_a_takeback_before_every_other_seat_accepted_is_caught() -> None:
    game = MadeUp(("Ann", "Bob", "Cyd"))
    game.move()
    proposer = game.last
    offered = game.offer("takeback")
    game.take_back(offered)
    others = sorted(set(range(3)) - {proposer})
    findings = game.judged()
    assert any(f"took effect, accepted by {others[:1]} of {others}" in finding for finding in findings)


def test_a_takeback_of_another_seat_s_move_is_caught() -> None:
    game = MadeUp()
    game.move()
    game.take_back(game.offer("takeback", seat=1 - game.last))
    assert any("whose last move standing is" in finding for finding in game.judged())


def test_an_acceptance_told_it_took_effect_when_the_move_racing_it_lapsed_the_offer_is_caught() -> None:
    game = MadeUp()
    game.move()
    offered = game.offer("takeback")
    game.move(lapsed(offered))
    game.ask("accept", game.last, offered, "took_effect")
    findings = game.judged()
    assert any("answered 200 (took_effect" in finding and "the log says [('lapsed', 4)]" in finding
               for finding in findings)  # fmt: skip


def test_a_change_that_leaves_the_offer_open_is_caught() -> None:
    game = MadeUp()
    game.move()
    offered = game.offer("takeback")
    game.move()
    assert any(f"a change left offer {offered} open" in finding for finding in game.judged())


def test_an_offer_every_other_seat_accepted_that_does_not_take_effect_is_caught() -> None:
    game = MadeUp()
    game.move()
    offered = game.offer("takeback")
    game.accept(offered)
    assert any(f"every other seat accepted offer {offered}" in finding for finding in game.judged())


def test_a_move_while_paused_is_caught() -> None:
    game = MadeUp()
    game.move()
    game.accept(game.offer("pause"), PAUSED)
    game.move()
    game.paused_until = PAUSED["until"]
    (finding,) = game.judged()
    assert "the game was paused, and received" in finding


def test_an_abort_after_every_seat_moved_is_caught() -> None:
    game = MadeUp()
    game.end(game.offer("abort"), EndReason.ABORTED)
    assert game.judged() == []
    late = MadeUp()
    late.move()
    late.move()
    late.end(late.offer("abort"), EndReason.ABORTED)
    (finding,) = late.judged()
    assert "aborted after every seat had moved" in finding


def test_a_record_that_does_not_verify_to_the_game_s_result_or_holds_other_moves_is_caught() -> None:
    game = played()
    (flawed,) = game.judged(verified={"valid": False, "code": "illegal_takeback"})
    assert "does not verify" in flawed
    (differs,) = game.judged(verified={"valid": True, **game.result(), "winners": [9]})
    assert "the record verifies to" in differs
    record = {"rounds": [{"round": 1, "moves": []}], **game.result()}
    (missing,) = game.judged(record=record)
    assert "the record's 0 moves are not the log's" in missing


def test_a_stored_game_that_is_not_the_replay_of_its_log_is_caught() -> None:
    game = MadeUp()
    game.move()
    (finding,) = game.judged(snapshot=snapshot_of(MadeUp().state))
    assert "differs from the stored game" in finding


RATED = {"type": "game_rated", "seats": []}


def test_a_game_rated_in_a_version_of_its_own_after_its_end_passes() -> None:
    game = played()
    game.save(RATED)
    assert game.judged() == []


def test_a_game_rated_while_playing_aborted_or_within_another_change_is_caught() -> None:
    playing = MadeUp()
    playing.move()
    playing.save(RATED)
    (finding,) = playing.judged()
    assert "game_rated with 0 other events, the game playing" in finding
    aborted = MadeUp()
    aborted.end(aborted.offer("abort"), EndReason.ABORTED)
    aborted.save(RATED)
    (finding,) = aborted.judged()
    assert "the game aborted" in finding
    within = played()
    within.log.append({"seq": len(within.log) + 1, **RATED})  # logged with the agreement's save
    (finding,) = within.judged()
    assert f"the log cuts into {within.version} changes for version {within.version}" in finding
