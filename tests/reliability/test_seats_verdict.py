"""The seats scenario's judgement of one game (``reliability.scenarios.seats.judge_game``): each wrong
outcome it exists to catch is caught, and a right game passes."""

from __future__ import annotations

from typing import Any

from reliability.results import Exchange
from reliability.scenarios.seats import SeatChange, TableClaim, judge_game, judge_table

PASS_0 = {"player": 0, "action": "pass"}
PASS_1 = {"player": 1, "action": "pass"}
PLAY_0 = {"player": 0, "action": "play", "row": "red", "tiles": ["red-11"]}
NAMES = {"tok-ann": "Ann", "tok-bob": "Bob", "tok-zoe": "Zoe"}


def record(moves: list[dict[str, Any]], seat_1: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Two seats: Ann holds seat 0 throughout; seat 1 Bob, then Zoe from version 3."""
    spans = seat_1 or [
        {"name": "Bob", "from_version": 1, "until_version": 3, "left": False},
        {"name": "Zoe", "from_version": 3, "until_version": None, "left": False},
    ]
    return {
        "players": [
            {
                "name": "Ann",
                "holders": [{"name": "Ann", "from_version": 1, "until_version": None, "left": False}],
            },
            {"name": "Bob", "holders": spans},
        ],
        "rounds": [{"round": 1, "moves": [{"seat": move["player"], "move": move} for move in moves]}],
    }


def moved(move: dict[str, Any], token: str, version: int | None, status: int | None = 200) -> Exchange:
    return Exchange("move", "g", status, version=version if status == 200 else None, move=move, token=token)


HANDED = SeatChange("hand", "g", 1, "Zoe", 200, 3)
RIGHT = [moved(PASS_1, "tok-bob", 2), moved(PLAY_0, "tok-ann", 4), moved(PASS_1, "tok-zoe", 5)]


def test_a_game_where_every_move_was_its_holder_s_and_every_change_is_in_the_record_passes() -> None:
    assert judge_game(record([PASS_1, PLAY_0, PASS_1]), 5, RIGHT, [HANDED], NAMES) == []


def test_a_move_saved_under_a_token_replaced_before_it_is_caught() -> None:
    late = [moved(PASS_1, "tok-bob", 2), moved(PLAY_0, "tok-ann", 4), moved(PASS_1, "tok-bob", 5)]
    (finding,) = judge_game(record([PASS_1, PLAY_0, PASS_1]), 5, late, [HANDED], NAMES)
    assert "sent by Bob, who did not hold seat 1" in finding


def test_an_acknowledged_move_missing_from_the_record_is_caught() -> None:
    findings = judge_game(record([PASS_1, PLAY_0]), 5, RIGHT, [HANDED], NAMES)
    assert any("version 5 is not in the record" in finding for finding in findings)


def test_a_move_played_twice_is_caught_and_one_whose_answer_was_lost_is_not() -> None:
    twice = record([PASS_1, PLAY_0, PASS_1, PASS_1])
    (finding,) = judge_game(twice, 6, RIGHT, [HANDED], NAMES)
    assert "one was played twice" in finding
    lost = [*RIGHT, moved(PASS_1, "tok-zoe", None, status=None)]
    assert judge_game(twice, 6, lost, [HANDED], NAMES) == []


def test_two_claims_of_one_invitation_are_caught_by_their_answers_and_by_the_record() -> None:
    claims = [SeatChange("claim", "g", 1, "Zoe", 200, 3, invitation=1),
              SeatChange("claim", "g", 1, "Max", 200, 4, invitation=1)]  # fmt: skip
    spans = [
        {"name": "Bob", "from_version": 1, "until_version": 3, "left": False},
        {"name": "Zoe", "from_version": 3, "until_version": 4, "left": False},
        {"name": "Max", "from_version": 4, "until_version": None, "left": False},
    ]
    findings = judge_game(record([PASS_1], spans), 4, RIGHT[:1], claims, NAMES)
    assert findings == ["invitation 1 was claimed 2 times by the answers, 2 by the record"]


def test_a_hand_over_told_200_that_the_record_does_not_start_there_is_caught() -> None:
    wrong = SeatChange("hand", "g", 1, "Zoe", 200, 2)
    findings = judge_game(record([PASS_1, PLAY_0, PASS_1]), 5, RIGHT, [wrong], NAMES)
    assert any("Zoe was told seat 1 at version 2" in finding for finding in findings)


def test_two_changes_told_one_version_or_one_past_the_game_are_caught() -> None:
    findings = judge_game(record([PASS_1, PLAY_0, PASS_1]), 4, RIGHT, [HANDED], NAMES)
    assert "version 5 was acknowledged, the game is at 4" in findings
    clash = [moved(PASS_1, "tok-bob", 2), moved(PLAY_0, "tok-ann", 3), moved(PASS_1, "tok-zoe", 5)]
    findings = judge_game(record([PASS_1, PLAY_0, PASS_1]), 5, clash, [HANDED], NAMES)
    assert "2 changes were each told they made version 3" in findings


def table(states: list[tuple[str, str]], status: str) -> dict[str, Any]:
    seats = [{"seat": n, "name": name, "state": state, "bot": None} for n, (name, state) in enumerate(states)]
    return {"status": status, "seats": seats}


def game_of(*names: str) -> dict[str, Any]:
    return {"version": 1, "players": [{"name": name} for name in names]}


WON = [TableClaim("t", 0, "H1", 200, "tok-1"), TableClaim("t", 0, "H2", 409, code="invitation_used"),
       TableClaim("t", 1, "H3", 200, "tok-3"), TableClaim("t", 1, "H4", None)]  # fmt: skip
DEALT = table([("H1", "held"), ("H3", "held")], "dealt")


def test_a_table_dealt_to_the_claims_told_200_passes() -> None:
    assert judge_table(DEALT, game_of("H1", "H3"), WON, {0: 200, 1: 200}) == []


def test_a_seat_claimed_twice_by_the_answers_is_caught() -> None:
    twice = [*WON, TableClaim("t", 1, "H5", 200, "tok-5")]
    findings = judge_table(DEALT, game_of("H1", "H3"), twice, {0: 200, 1: 200})
    assert any("seat 1 was claimed 2 times" in finding for finding in findings)


def test_a_full_table_left_undealt_and_a_waiting_one_dealt_are_caught() -> None:
    (undealt,) = judge_table(table([("H1", "held"), ("H3", "held")], "waiting"), None, WON, {})
    assert "every seat held is dealt" in undealt
    findings = judge_table(table([("H1", "held"), ("Player 2", "open")], "dealt"), game_of("H1", "Player 2"),
                           WON[:2], {0: 200})  # fmt: skip
    assert any("every seat held is dealt" in finding for finding in findings)


def test_a_claimant_told_200_but_not_seated_or_not_let_in_is_caught() -> None:
    findings = judge_table(
        table([("H2", "held"), ("H3", "held")], "dealt"), game_of("H2", "H3"), WON, {0: 401, 1: 200}
    )
    assert any("H1 was told seat 0" in finding for finding in findings)
    assert any("seat 0's token, told 200, opens the game with 401" in finding for finding in findings)


def test_a_game_whose_seats_are_not_the_tables_is_caught() -> None:
    (finding,) = judge_table(DEALT, game_of("H3", "H1"), WON, {0: 200, 1: 200})
    assert "are not the table's" in finding
