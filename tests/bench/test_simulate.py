"""The random-game simulator: it runs, reports, and every game it plays ends with an outcome."""

import random

import pytest

from bench.simulate import main
from harness.players import play_random_game
from service.rules import Status, from_snapshot, to_snapshot


def test_main_prints_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--players", "3", "--games", "3", "--seed", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4
    assert lines[0] == "3 games, 3 players, seed 1"
    assert lines[1].startswith("rounds per game: mean ")
    assert lines[2].startswith("turns per game:  mean ")
    assert lines[3].startswith("time per game:   mean ") and lines[3].endswith("turns/s")


def test_main_refuses_a_player_count_the_game_has_not() -> None:
    with pytest.raises(SystemExit):
        main(["--players", "5", "--games", "1"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_random_game_ends_with_an_outcome(players: int) -> None:
    state, turns = play_random_game(players, seed=players, chooser=random.Random(7))
    assert state.status is Status.FINISHED and state.outcome is not None
    assert state.outcome.winners and turns > 0
    assert from_snapshot(to_snapshot(state)) == state


def test_a_random_game_is_reproducible() -> None:
    first = play_random_game(4, seed=12, chooser=random.Random(3))
    assert play_random_game(4, seed=12, chooser=random.Random(3)) == first
