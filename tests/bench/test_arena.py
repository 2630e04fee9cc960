"""The arena: seats rotated over each deal, shared wins split, the table printed."""

from collections import Counter

import pytest

from bench.arena import Game, games_of, main, play, wilson


def test_each_deal_is_played_with_the_first_level_in_every_seat() -> None:
    games = games_of(3, "greedy", "random", count=9, seed=40)
    assert Counter(game.deal_seed for game in games) == {40: 3, 41: 3, 42: 3}
    for deal in (40, 41, 42):
        assert sorted(game.first_seat for game in games if game.deal_seed == deal) == [0, 1, 2]


def test_a_game_counts_the_first_levels_share_of_the_win_and_its_margin() -> None:
    played = play(Game(2, "greedy", "random", deal_seed=3, first_seat=1))
    assert played.share in (0.0, 0.5, 1.0)
    assert set(played.cpu) == {"greedy", "random"} and all(played.cpu.values())
    assert play(Game(2, "greedy", "random", deal_seed=3, first_seat=1)).share == played.share


def test_the_oracle_plays_in_the_arena() -> None:
    played = play(Game(2, "oracle", "greedy", deal_seed=5, first_seat=0))
    assert set(played.cpu) == {"oracle", "greedy"}


def test_the_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert (round(low, 3), round(high, 3)) == (0.404, 0.596)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_main_prints_the_pairings_and_the_cpu_per_move(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--games", "4", "--players", "2", "3", "--levels", "random", "greedy", "--processes", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("seed 1, 1 process(es)")
    rows = [line.split() for line in lines if "vs" in line]
    assert [(row[0], row[1], row[3], row[4]) for row in rows] == [
        ("2", "greedy", "random", "4"),
        ("3", "greedy", "random", "4"),
    ]
    levels = [line.split()[:2] for line in lines if line.startswith(("random ", "greedy "))]
    assert levels == [["random", "2"], ["greedy", "2"], ["random", "3"], ["greedy", "3"]]
    assert lines[-1].startswith("8 games in ")


def test_main_refuses_an_unknown_pairing() -> None:
    with pytest.raises(SystemExit):
        main(["--pairings", "expert:grandmaster"])
