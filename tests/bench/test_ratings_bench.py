"""``bench.ratings`` at a small scale: its figures are made and are sane; no timing is held to a bound."""

from __future__ import annotations

import pytest
import redis

from bench.ratings import (
    BoardFigures,
    RatingFigures,
    fill_pool,
    lines,
    main,
    measure_board,
    measure_rating,
    recorded_games,
    verify,
)
from service.encoding import loads_trusted
from service.store import keys


def test_each_recorded_game_replays_to_the_engines_result_with_one_holder_a_seat() -> None:
    games = recorded_games(3, seed=5)
    assert [game.seats for game in games] == [2, 3, 4]
    for game in games:
        assert verify(game) == game.result
        assert game.version == game.moves + 1
        assert all(len(player["holders"]) == 1 for player in game.wire["players"])


def test_rating_and_verifying_are_timed_and_their_ratio_made_from_the_figures(redis_url: str) -> None:
    figures = measure_rating(redis_url, games=2, repeats=1, seed=3, history=3)
    assert (figures.games, figures.repeats, figures.history) == (2, 1, 3)
    assert figures.moves > 0
    timings = [figures.shape_s, figures.verify_s, figures.seats_s, figures.apply_new_s, figures.apply_kept_s]
    assert all(seconds > 0 for seconds in [*timings, figures.rate_new_s, figures.rate_kept_s])
    assert figures.ratio_kept == figures.rate_kept_s / figures.verify_s
    assert figures.ratio_new == figures.rate_new_s / figures.verify_s
    assert figures.outcome_bytes > 0 and figures.history_bytes > 0


def test_the_pool_is_filled_straight_into_its_keys(redis_url: str) -> None:
    fill_pool(redis_url, "filled", 1_500, seed=2)
    with redis.Redis.from_url(redis_url) as client:
        assert (
            client.hlen(keys.rating_players("filled")) == client.zcard(keys.rating_board("filled")) == 1_500
        )
        rating = loads_trusted(client.hget(keys.rating_players("filled"), "player-0000042"))
        assert client.zscore(keys.rating_board("filled"), "player-0000042") == pytest.approx(
            rating["ordinal"]
        )


def test_random_pages_are_read_both_ways_at_a_thousand_players(redis_url: str) -> None:
    board = measure_board(redis_url, 1_000, reads=40, seed=4)
    assert (board.players, board.reads) == (1_000, 40)
    assert len(board.board_ms) == len(board.page_ms) == 40
    assert all(ms > 0 for ms in [*board.board_ms, *board.page_ms]) and board.fill_s > 0


def test_the_lines_give_the_ratio_and_the_bound_as_met_or_not() -> None:
    rating = RatingFigures(3, 90, 2, 100, 1e-4, 4e-4, 4e-4, 5e-4, 9e-4, 9e-4, 1.3e-3, 5_000, 30_000)
    fast = BoardFigures(1_000_000, 100, 9.0, [0.2] * 100, [0.25] * 100)
    slow = BoardFigures(1_000_000, 100, 9.0, [0.2] * 98 + [7.0] * 2, [0.25] * 100)
    text = "\n".join(lines(rating, fast, "pinned"))
    assert "**3.25x** verifying" in text and "2.25x with new players" in text
    assert "p99 under 5 ms at 1,000,000 players: met." in text
    assert "**not met**" in "\n".join(lines(rating, slow, "pinned"))


def test_main_prints_both_parts(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--games", "2", "--repeats", "1", "--pool", "1000", "--reads", "20", "--seed", "7"])
    out = capsys.readouterr().out
    assert out.startswith("Run ") and "verifying its record" in out and "at 1,000 players" in out
